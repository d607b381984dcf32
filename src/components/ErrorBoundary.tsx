import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForStaleChunk } from './chunkReload.ts';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the pathname) clears a previous failure. */
  resetKey?: string;
}
interface State {
  error: unknown;
  resetKey?: string;
}

/** Keeps a failing page from blanking the whole app; a stale chunk reloads the page once. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error) && reloadOnceForStaleChunk()) return;
    console.error(error, info.componentStack);
  }

  render() {
    if (this.state.error === null) return this.props.children;
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
