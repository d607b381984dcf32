// Creation and edit of a partner access group (spec administration §7: POST /api/access_groups,
// PUT /api/access_groups/{id}): its name, whether it is enabled, and its organisations chosen
// with an autocomplete over /api/organizations searched by legal name. The server decides which
// organisations the user may put in it (a partner administrator: its own partner's) and says
// why on the field (422); any other failure is the toast of spec §8.
import { useNotify, useRecordContext } from 'ra-core';
import { useMemo } from 'react';
import { AutocompleteArrayInput, Create, ReferenceArrayInput, SimpleForm } from 'react-admin';
import { inputOf } from '../../components/generic/parts.tsx';
import { errorToast, SpecEdit } from '../../components/list/index.ts';
import { AccessGroup } from '../../domain/schema/accessGroup.ts';
import type { PageProps } from '../types.ts';
import { type Group, idOf } from './group.ts';

const { name, enabled, groupOrganizations } = AccessGroup.properties;
/** Choices of the autocomplete: the first 100 legal names matching what is typed. */
const CHOICES = 100;

function GroupForm() {
  const record = useRecordContext<Group>();
  // The API sends the organisations as IRIs; the autocomplete matches them by id.
  const values = useMemo(
    () =>
      record
        ? { ...record, groupOrganizations: (record.groupOrganizations ?? []).map(idOf) }
        : { enabled: true, groupOrganizations: [] },
    [record],
  );
  return (
    <SimpleForm record={values} noValidate sx={{ maxWidth: '100%' }}>
      {inputOf('name', name)}
      {inputOf('enabled', enabled)}
      <ReferenceArrayInput
        source="groupOrganizations"
        reference="organizations"
        // A partner administrator groups its own organisations only (the operator any).
        filter={{ attachable: true }}
        perPage={CHOICES}
        sort={{ field: 'legalname', order: 'ASC' }}
      >
        <AutocompleteArrayInput
          label={groupOrganizations.label}
          optionText="legalname"
          filterToQuery={(text) => ({ legalname: text })}
          fullWidth
          sx={{ maxWidth: 560 }}
        />
      </ReferenceArrayInput>
    </SimpleForm>
  );
}

/** A failed save: field faults show on their fields; anything else is the toast of §8. */
function useSaveError() {
  const notify = useNotify();
  return (error: unknown) => {
    const { status, message } = (error ?? {}) as { status?: number; message?: string };
    if (status === 422) return;
    const text =
      (status && status < 500 && status !== 400 && message) ||
      (AccessGroup.messages?.saveError as string);
    notify(text, errorToast(text));
  };
}

export function AccessGroupCreate({ title }: PageProps) {
  const onError = useSaveError();
  return (
    <Create
      title={title}
      redirect={(_resource, id) => `/admin/groups/${id}`}
      mutationOptions={{ onError }}
    >
      <GroupForm />
    </Create>
  );
}

export function AccessGroupEdit({ title }: PageProps) {
  const onError = useSaveError();
  return (
    <SpecEdit
      title={title}
      recordName={(group) => (group as Group).name}
      loadError={AccessGroup.messages?.loadError as string}
      redirect={(_resource: string | undefined, id: unknown) => `/admin/groups/${id}`}
      mutationOptions={{ onError }}
    >
      <GroupForm />
    </SpecEdit>
  );
}
