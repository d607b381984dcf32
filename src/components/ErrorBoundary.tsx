import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, settleChunkFailure } from './chunkReload.ts';
import { ServerUnreachable } from './ServerUnreachable.tsx';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the pathname) clears a previous failure. */
  resetKey?: string;
}
interface State {
  error: unknown;
  resetKey?: string;
  /** The failure was a chunk the server could not send: it did not answer. */
  unreachable?: boolean;
}

/**
 * Keeps a failing page from blanking the whole app. A chunk that failed to load reloads the
 * page once when the server answers (a deployment), and says the service is unavailable when it
 * does not (an outage: a reload would land on the browser's own error page).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey
      ? { error: null, unreachable: false, resetKey: props.resetKey }
      : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) {
      void settleChunkFailure().then((failure) => {
        if (failure === 'unreachable') this.setState({ unreachable: true });
        else if (failure === 'failed') console.error(error, info.componentStack);
      });
      return;
    }
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error === null) return this.props.children;
    if (this.state.unreachable) return <ServerUnreachable />;
    return <CrashNotice onRetry={() => this.setState({ error: null })} />;
  }
}

function CrashNotice({ onRetry }: { onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 4 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('layout.crash.retry')}
          </Button>
        }
      >
        <strong>{translate('layout.crash.title')}</strong> {translate('layout.crash.message')}
      </Alert>
    </Box>
  );
}
