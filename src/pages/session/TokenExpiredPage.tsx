import { useLocation, useSearchParams } from 'react-router-dom';
import { SessionMessage, SignInButton } from './SessionMessage.tsx';

/** /token-expired: the access token ran out and could not be renewed. */
export function TokenExpiredPage() {
  // react-admin's logout leaves the page the person was on in the state: sign in back to it.
  const { state } = useLocation();
  // ?motif=compte: the API refused the account itself (disabled since it signed in).
  const refused = useSearchParams()[0].get('motif') === 'compte';
  const words = refused ? 'session.accountRefused' : 'session.tokenExpired';
  return (
    <SessionMessage
      title={`${words}.title`}
      text={`${words}.text`}
      action={<SignInButton label="session.signInAgain" state={state} />}
    />
  );
}
