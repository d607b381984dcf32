// An edit form at its spec route (/users/{id}/update, /admin/groups/{id}/edit...), as SpecShow
// is a detail: no id, the missing-id message; a record that cannot be loaded (unknown, outside
// the user's scope), the server's French words in the page and in a toast, never an empty form.
import { Alert } from '@mui/material';
import { useEditContext, useNotify } from 'ra-core';
import { Edit, type EditProps } from 'react-admin';
import { useParams } from 'react-router-dom';
import { MISSING_IDS } from './loadErrors.ts';
import { errorToast } from './SpecList.tsx';
import { loadMessageOf, MissingId, type RecordName, RecordTitle } from './SpecShow.tsx';

export interface SpecEditProps extends Omit<EditProps, 'title' | 'id'> {
  title: string;
  /** The record's name once loaded, after the title ("Modifier l'utilisateur Camille Martin"). */
  recordName?: RecordName;
  /** French message of spec §8 when the record cannot be loaded. */
  loadError: string;
}

export function SpecEdit({ title, recordName, loadError, queryOptions, ...rest }: SpecEditProps) {
  const { id } = useParams();
  const notify = useNotify();
  if (!id) return <MissingId title={title} message={MISSING_IDS.record} />;
  const messageOf = loadMessageOf(loadError);
  return (
    <Edit
      id={id}
      title={<RecordTitle title={title} name={recordName} />}
      mutationMode="pessimistic"
      queryOptions={{
        ...queryOptions,
        onError: (error: unknown) => notify(messageOf(error), errorToast(messageOf(error))),
      }}
      error={<EditLoadFailed messageOf={messageOf} />}
      {...rest}
    />
  );
}

function EditLoadFailed({ messageOf }: { messageOf: (error: unknown) => string }) {
  const { error } = useEditContext();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {messageOf(error)}
    </Alert>
  );
}
