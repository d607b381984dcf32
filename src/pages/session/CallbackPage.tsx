import { useQueryClient } from '@tanstack/react-query';
import { type AuthRedirectResult, useHandleAuthCallback } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { safeRedirectTarget } from '../../domain/safeRedirect.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

/**
 * /callback, the OIDC redirect URI: exchanges the code (once, see the auth provider), then goes
 * to the remembered page. The redirect is ours, not react-admin's, which would follow any string
 * starting with "http" (STACK-NOTES): only a safe internal path is followed (spec §5).
 */
export function CallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useHandleAuthCallback({
    onSuccess: (result) => {
      const redirectTo = (result as AuthRedirectResult | undefined)?.redirectTo;
      const target = safeRedirectTarget(redirectTo, '/callback') ?? '/';
      // Answers given while signed out (permissions, identity) are stale now.
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'auth' && queryKey[1] !== 'handleCallback',
      });
      navigate(target, { replace: true });
    },
    onError: () => navigate('/erreur_connexion', { replace: true }),
  });
  return <LoadingScreen message="session.callback" />;
}
