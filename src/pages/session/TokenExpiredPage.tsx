import { useLocation } from 'react-router-dom';
import { SessionMessage, SignInButton } from './SessionMessage.tsx';

/** /token-expired: the access token ran out and could not be renewed. */
export function TokenExpiredPage() {
  // react-admin's logout leaves the page the person was on in the state: sign in back to it.
  const { state } = useLocation();
  return (
    <SessionMessage
      title="session.tokenExpired.title"
      text="session.tokenExpired.text"
      action={<SignInButton label="session.signInAgain" state={state} />}
    />
  );
}
