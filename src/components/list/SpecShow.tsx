import { Alert, Box } from '@mui/material';
import { HttpError, type RaRecord, useNotify, useRecordContext, useShowContext } from 'ra-core';
import type { ReactNode } from 'react';
import { Show, type ShowProps, Title } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useClassLiveUpdates } from '../../providers/liveUpdates.ts';
import { errorToast } from './SpecList.tsx';

export interface SpecShowProps extends Omit<ShowProps, 'children' | 'title'> {
  title: string;
  /**
   * The record's name once loaded: the page's h1 and browser title become `title` and the name
   * ("Contrat 12345", issue 17 #4); `title` alone until then, or when it gives nothing.
   */
  recordName?: RecordName;
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
export function SpecShow({
  title,
  recordName,
  loadError,
  missingId,
  children,
  ...rest
}: SpecShowProps) {
  const { id } = useParams();
  const notify = useNotify();
  if (!id) return <MissingId title={title} message={missingId} />;
  const messageOf = loadMessageOf(loadError);
  return (
    <Show
      id={id}
      title={<RecordTitle title={title} name={recordName} />}
      actions={false}
      queryOptions={{
        onError: (error: unknown) => notify(messageOf(error), errorToast(messageOf(error))),
      }}
      error={<ShowError messageOf={messageOf} />}
      {...rest}
    >
      <FollowRecordChanges />
      {children}
    </Show>
  );
}

/** A page about one record whose route has no id (spec §2 "optional id"; §8 missing ids). */
export function MissingId({ title, message }: { title: string; message: string }) {
  return (
    <Box sx={{ py: 3 }}>
      <Title title={title} />
      <Alert severity="warning">{message}</Alert>
    </Box>
  );
}

/**
 * What a page says when its record cannot be loaded: the server's French words for an unknown
 * id or one outside the user's scope (404 for both), the message of spec §8 otherwise.
 */
export const loadMessageOf =
  (loadError: string) =>
  (error: unknown): string =>
    error instanceof HttpError && error.status === 404 && error.message ? error.message : loadError;

export type RecordName = (record: RaRecord) => string | number | null | undefined;

/**
 * The title of a page about one record (a detail, an edit form), given to react-admin's `title`
 * and so shown as the page's h1 and browser title (layout/PageTitle.tsx): the route's title
 * followed by the record's name once it is loaded.
 */
export function RecordTitle({ title, name }: { title: string; name?: RecordName }) {
  const record = useRecordContext();
  const named = record && name ? String(name(record) ?? '').trim() : '';
  return <>{named ? `${title} ${named}` : title}</>;
}

function ShowError({ messageOf }: { messageOf: (error: unknown) => string }) {
  const { error } = useShowContext();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {messageOf(error)}
    </Alert>
  );
}

/** A detail of a class the Admin area writes shows another session's save (liveUpdates.ts). */
function FollowRecordChanges() {
  useClassLiveUpdates(useShowContext().refetch);
  return null;
}
