// The frame of a page that is no react-admin view (a dashboard, the roles tree): its title (the
// page's one h1 and its browser title, through the layout's title portal), a progress bar while it loads, and on failure the French message with a
// retry, in place of a blank page. `data-screen` names it for the route tests.
import { Alert, Box, Button, LinearProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

interface PageFrameProps {
  title: string;
  screen: string;
  busy?: boolean;
  /** The load failed: this message, and a retry. */
  failed?: { message: string; retry(): void };
  children?: ReactNode;
}

export function PageFrame({ title, screen, busy, failed, children }: PageFrameProps) {
  return (
    <Box sx={{ mt: 2 }} data-screen={screen}>
      <Title title={title} />
      {busy && <LinearProgress aria-label="Chargement" sx={{ mb: 1 }} />}
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => failed.retry()}>
              Réessayer
            </Button>
          }
        >
          {failed.message}
        </Alert>
      ) : (
        children
      )}
    </Box>
  );
}
