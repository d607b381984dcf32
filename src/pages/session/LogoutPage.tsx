import { useLogout } from 'ra-core';
import { useEffect, useRef } from 'react';
import { LoadingScreen } from './LoadingScreen.tsx';

/**
 * /logout: ends the session here and at the identity provider (end-session), clears
 * react-admin's store and query cache; the identity provider then sends the browser home.
 */
export function LogoutPage() {
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Without a session to end remotely, go to sign-in; do not come back to /logout after.
    void logout({}, '/login', false);
  }, [logout]);
  return <LoadingScreen message="session.loggingOut" />;
}
