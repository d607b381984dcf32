import { Alert, Box, Typography } from '@mui/material';
import { HttpError, useNotify, useShowContext } from 'ra-core';
import type { ReactNode } from 'react';
import { Show, type ShowProps } from 'react-admin';
import { useParams } from 'react-router-dom';
import { errorToast } from './SpecList.tsx';

export interface SpecShowProps extends Omit<ShowProps, 'children' | 'title'> {
  title: string;
  /** French message of spec §8 when the record cannot be loaded (LOAD_ERRORS). */
  loadError: string;
  /** Shown when the route has no id (spec §2 "optional id"; §8 missing ids). */
  missingId: string;
  children: ReactNode;
}

/**
 * A detail at its spec route (/contrats/{id?}...). No id: the missing-id message. An unknown id,
 * or one outside the user's scope (the server answers 404 for both): the server's French words,
 * in the page and in a toast, and no redirect. Any other failure: the message of spec §8.
 */
export function SpecShow({ title, loadError, missingId, children, ...rest }: SpecShowProps) {
  const { id } = useParams();
  const notify = useNotify();
  if (!id) {
    return (
      <Box sx={{ py: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Alert severity="warning">{missingId}</Alert>
      </Box>
    );
  }
  const messageOf = (error: unknown) =>
    error instanceof HttpError && error.status === 404 && error.message ? error.message : loadError;
  return (
    <Show
      id={id}
      title={title}
      actions={false}
      queryOptions={{
        onError: (error: unknown) => notify(messageOf(error), errorToast(messageOf(error))),
      }}
      error={<ShowError messageOf={messageOf} />}
      {...rest}
    >
      {children}
    </Show>
  );
}

function ShowError({ messageOf }: { messageOf: (error: unknown) => string }) {
  const { error } = useShowContext();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {messageOf(error)}
    </Alert>
  );
}
