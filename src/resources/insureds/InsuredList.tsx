// /affilies/liste: the insured persons in the user's scope (spec partner-extranet §3 "Insured
// person", §5 filters, §9 newest affiliation first), live updates on the 'insureds' topic (§4).
import { DataTable, FilterButton, SelectArrayInput, TextInput, TopToolbar } from 'react-admin';
import { ExportButtons } from '../../components/export/ExportButtons.tsx';
import {
  BirthDateField,
  dateRangeFilters,
  LOAD_ERRORS,
  LongDateField,
  SpecList,
} from '../../components/list/index.ts';
import { civilityLabel, nir } from '../../domain/format.ts';
import { useLiveUpdates } from '../../providers/liveUpdates.ts';
import type { PageProps } from '../types.ts';
import type { InsuredRecord } from './InsuredIdentity.tsx';
import { insureds } from './index.ts';
import { SEXES } from './labels.ts';

// Names are sent assure.firstname / assure.lastname (spec §5).
const filters = [
  <TextInput key="assure.lastname" source="assure.lastname" label="Nom" alwaysOn />,
  <TextInput key="assure.firstname" source="assure.firstname" label="Prénom" alwaysOn />,
  <TextInput key="postalCode" source="postalCode" label="Code postal" />,
  <TextInput key="noss" source="noss" label="N° de sécurité sociale (début)" />,
  <SelectArrayInput key="sex" source="sex" label="Sexe" choices={SEXES} />,
  ...dateRangeFilters('dtBirthday', 'Date de naissance'),
  <TextInput key="contrat.id" source="contrat.id" label="Identifiant du contrat" />,
];

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <ExportButtons kind="insureds" />
    </TopToolbar>
  );
}

/** Spec §4 live updates: the page refetches when the hub announces changed insured persons. */
function LiveInsureds() {
  useLiveUpdates('insureds');
  return null;
}

export function InsuredList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.affiliates}
      sort={insureds.defaultSort}
      filters={filters}
      actions={<Actions />}
    >
      <LiveInsureds />
      <DataTable<InsuredRecord> bulkActionButtons={false} rowClick={(id) => `/assures/${id}`}>
        <DataTable.Col source="lastname" label="Nom" />
        <DataTable.Col source="firstname" label="Prénom" />
        <DataTable.Col
          label="Civilité"
          disableSort
          render={(r) => civilityLabel(r.idGender) || (r.gender ?? '')}
        />
        <DataTable.Col source="sex" label="Sexe" render={(r) => r.lbSex ?? ''} />
        <DataTable.Col source="dtBirthday" label="Date de naissance" field={BirthDateField} />
        <DataTable.Col
          label="N° de sécurité sociale"
          disableSort
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(r) => nir(r.noss, r.nossKey)}
        />
        <DataTable.Col source="postalCode" label="Code postal" />
        <DataTable.Col source="addressLocality" label="Ville" />
        <DataTable.Col
          label="Situation de famille"
          disableSort
          render={(r) => r.lbSitFam?.trim() || '-'}
        />
        <DataTable.Col label="Lien" disableSort render={(r) => r.lbLien ?? ''} />
        <DataTable.Col source="startAt" label="Date d'affiliation" field={LongDateField} />
      </DataTable>
    </SpecList>
  );
}
