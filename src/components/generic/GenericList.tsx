// The list of a plain class (`generic: true`), from its declaration alone: a column per shown
// property (sortable as the server allows), its filters, its default order, creation for those
// the class lets create; each row opens the record.
import { Typography } from '@mui/material';
import { CreateButton, FilterButton, TopToolbar } from 'react-admin';
import { defaultSortOf } from '../../domain/schema/index.ts';
import { classWords } from '../../domain/schema/words.ts';
import type { PageProps } from '../../resources/types.ts';
import { Col } from '../list/Col.tsx';
import { SpecList } from '../list/SpecList.tsx';
import { SpecTable } from '../list/SpecTable.tsx';
import { fieldOf, filtersOf, shownProperties, useClass, useMay } from './parts.tsx';

function Actions() {
  const decl = useClass();
  const mayCreate = useMay(decl, 'create');
  return (
    <TopToolbar>
      <FilterButton />
      {mayCreate && <CreateButton />}
    </TopToolbar>
  );
}

export function GenericList({ title }: PageProps) {
  const decl = useClass();
  return (
    <SpecList
      title={title}
      loadError={decl.messages?.loadError ?? `Une erreur est survenue durant le chargement`}
      sort={defaultSortOf(decl)}
      filters={filtersOf(decl)}
      actions={<Actions />}
      exporter={false}
      // The table with its filters, even empty: its own words say so (not « Pas encore de… »).
      empty={false}
    >
      <SpecTable
        rowLink={(r) =>
          decl.screens ? `${decl.screens.path}/${encodeURIComponent(String(r.id))}` : false
        }
        empty={<Typography sx={{ p: 2 }}>{classWords(decl).none}</Typography>}
      >
        {shownProperties(decl, 'list').map(([name, p]) => (
          <Col key={name} source={name} field={() => fieldOf(name, p)} />
        ))}
      </SpecTable>
    </SpecList>
  );
}
