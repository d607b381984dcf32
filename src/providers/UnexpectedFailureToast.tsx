import { useNotify } from 'ra-core';
import { useEffect } from 'react';
import { FAILURE_TOAST } from './failures.ts';

/**
 * A promise nobody handled is a failure the screen did not plan for: tell the person with the
 * generic toast (spec §8) rather than leave a page that silently stopped working.
 */
export function UnexpectedFailureToast() {
  const notify = useNotify();
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason as { name?: string } | undefined;
      if (reason?.name === 'AbortError') return; // a cancelled request is no failure
      notify('app.failure', FAILURE_TOAST);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [notify]);
  return null;
}
