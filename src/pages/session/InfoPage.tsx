import { SessionMessage } from './SessionMessage.tsx';

/**
 * Pages of the former front end whose work now happens at the identity provider (password
 * reset, backup sign-in) or before signing in (public page), and /finalise-account without its
 * link (FinaliseAccountPage.tsx): each says so honestly and offers to sign in. `topic` names the
 * messages under `session.`.
 */
export function InfoPage({ topic }: { topic: string }) {
  return <SessionMessage title={`session.${topic}.title`} text={`session.${topic}.text`} />;
}

export const ResetPasswordPage = () => <InfoPage topic="resetPassword" />;
export const LoginBackupPage = () => <InfoPage topic="loginBackup" />;
export const PublicPage = () => <InfoPage topic="public" />;
