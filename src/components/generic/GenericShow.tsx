// The detail of a plain class (`generic: true`): each shown property with its label, and edit
// and delete for those the class lets do them (a delete asks first; the server's French refusal,
// such as a record still in use, is what the toast says). A record the product's code relies on
// (the class's `kept`) offers no delete.

import { Stack } from '@mui/material';
import { useRecordContext } from 'ra-core';
import { DeleteButton, EditButton, Labeled, TopToolbar } from 'react-admin';
import { type AnyClass, classNamed } from '../../domain/schema/index.ts';
import { applies, isKept } from '../../domain/schema/types.ts';
import type { PageProps } from '../../resources/types.ts';
import { MISSING_IDS } from '../list/loadErrors.ts';
import { SpecShow } from '../list/SpecShow.tsx';
import { fieldOf, recordNameOf, shownProperties, useClass, useMay } from './parts.tsx';
import { RecordedChange } from './RecordedChange.tsx';

/** The record's own warning before it is deleted, and what still uses it (a declaration says). */
export function deleteWarningOf(
  decl: AnyClass,
  record: Record<string, unknown> | undefined,
): string | undefined {
  const warning = decl.deleteWarning;
  if (!warning || !record) return undefined;
  const parts: string[] = [];
  if (record[warning.flag] === true && record[warning.message]) {
    parts.push(String(record[warning.message]));
  }
  const used = warning.inUse ? record[warning.inUse] : undefined;
  if (Array.isArray(used) && used.length > 0) {
    const target = classNamed(decl.properties[warning.inUse as string]?.relation?.target ?? '');
    const noun = (used.length > 1 ? target?.plural : target?.title)?.toLowerCase() ?? '';
    parts.push(
      `Utilisé par ${used.length} ${noun} : ${used.length > 1 ? 'il leur' : 'il lui'} sera retiré.`,
    );
  }
  return parts.length ? parts.join(' ') : undefined;
}

/** Each property the record shows, but those that do not apply to it (a folder's realms). */
function Fields() {
  const decl = useClass();
  const record = useRecordContext();
  // Nothing before the record: every label at once, those that do not apply to it among them,
  // would flash while it loads (a folder's « Royaumes »).
  if (!record) return null;
  // A recorded change shows what differs rather than its two snapshots one after the other.
  const snapshots: string[] = decl.changeOf ? [decl.changeOf.before, decl.changeOf.after] : [];
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {shownProperties(decl)
        .filter(([name, p]) => !snapshots.includes(name) && applies(p, (n) => record[n]))
        .map(([name, p]) => (
          <Labeled key={name} source={name}>
            {fieldOf(name, p)}
          </Labeled>
        ))}
      {decl.changeOf && <RecordedChange decl={decl} />}
    </Stack>
  );
}

/**
 * « Supprimer », on the detail and the edit form alike: for whoever the class lets delete, but
 * never a record the product's code relies on; it asks first, with the record's own warning.
 */
export function GenericDeleteButton() {
  const decl = useClass();
  const record = useRecordContext();
  const mayDelete = useMay(decl, 'delete');
  if (!mayDelete || record?.id == null || isKept(decl, record)) return null;
  const warning = deleteWarningOf(decl, record);
  return (
    <DeleteButton mutationMode="pessimistic" {...(warning ? { confirmContent: warning } : {})} />
  );
}

function Actions() {
  const mayUpdate = useMay(useClass(), 'update');
  return (
    <TopToolbar>
      {mayUpdate && <EditButton />}
      <GenericDeleteButton />
    </TopToolbar>
  );
}

export function GenericShow({ title }: PageProps) {
  const decl = useClass();
  return (
    <SpecShow
      title={title}
      recordName={recordNameOf}
      loadError={decl.messages?.loadError ?? 'Une erreur est survenue durant le chargement'}
      missingId={MISSING_IDS.record}
    >
      <Actions />
      <Fields />
    </SpecShow>
  );
}
