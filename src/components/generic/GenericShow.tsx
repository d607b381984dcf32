// The detail of a plain class (`generic: true`): each shown property with its label, and edit
// and delete for those the class lets do them (a delete asks first; the server's French refusal,
// such as a record still in use, is what the toast says).

import { Stack } from '@mui/material';
import { DeleteButton, EditButton, Labeled, TopToolbar } from 'react-admin';
import type { PageProps } from '../../resources/types.ts';
import { MISSING_IDS } from '../list/loadErrors.ts';
import { SpecShow } from '../list/SpecShow.tsx';
import { fieldOf, shownProperties, useClass, useMay } from './parts.tsx';

function Actions() {
  const decl = useClass();
  const mayUpdate = useMay(decl, 'update');
  const mayDelete = useMay(decl, 'delete');
  return (
    <TopToolbar>
      {mayUpdate && <EditButton />}
      {mayDelete && <DeleteButton mutationMode="pessimistic" />}
    </TopToolbar>
  );
}

export function GenericShow({ title }: PageProps) {
  const decl = useClass();
  return (
    <SpecShow
      title={title}
      loadError={decl.messages?.loadError ?? 'Une erreur est survenue durant le chargement'}
      missingId={MISSING_IDS.record}
    >
      <Actions />
      <Stack spacing={2} sx={{ p: 2 }}>
        {shownProperties(decl).map(([name, p]) => (
          <Labeled key={name} source={name}>
            {fieldOf(name, p)}
          </Labeled>
        ))}
      </Stack>
    </SpecShow>
  );
}
