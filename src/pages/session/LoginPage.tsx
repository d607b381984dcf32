import { Alert, Button, Stack } from '@mui/material';
import { useAuthProvider, useTranslate } from 'ra-core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SignInLayout } from '../../layout/index.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

/** react-admin's logout puts the page the visitor wanted in the router state. */
function targetOf(state: unknown): string {
  const { nextPathname, nextSearch } = (state ?? {}) as {
    nextPathname?: string;
    nextSearch?: string;
  };
  return nextPathname ? `${nextPathname}${nextSearch ?? ''}` : '/';
}

/**
 * /login: sends the browser to the identity provider (spec §2 "An unauthenticated visitor is
 * sent into the sign-in flow; a loader shows meanwhile"). The auth provider checks the target
 * against the safe-path rule before it travels in the OIDC state.
 */
export function LoginPage() {
  const authProvider = useAuthProvider();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { state } = useLocation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const start = useCallback(async () => {
    setFailed(false);
    const target = targetOf(state);
    try {
      // Already signed in (a bookmark on /login): go straight on.
      await authProvider?.checkAuth({});
      navigate(target === '/login' ? '/' : target, { replace: true });
      return;
    } catch {
      // not signed in: sign in below
    }
    try {
      await authProvider?.login({ target });
    } catch {
      setFailed(true);
    }
  }, [authProvider, navigate, state]);

  useEffect(() => {
    // Once, even when StrictMode runs effects twice.
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  if (!failed) return <LoadingScreen message="session.redirecting" />;
  return (
    <SignInLayout>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{translate('session.signInUnavailable')}</Alert>
        <Button variant="contained" onClick={() => void start()}>
          {translate('session.retry')}
        </Button>
      </Stack>
    </SignInLayout>
  );
}
