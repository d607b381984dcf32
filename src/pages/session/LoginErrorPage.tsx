import { SessionMessage, SignInButton } from './SessionMessage.tsx';

/** /erreur_connexion: a sign-in return without credential, refused or expired (spec §4, §8). */
export function LoginErrorPage() {
  return (
    <SessionMessage
      title="session.loginError.title"
      text="session.loginError.text"
      hint="session.loginError.hint"
      action={<SignInButton label="session.loginError.retry" />}
    />
  );
}
