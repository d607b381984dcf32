// /apporteurs/liste: the business providers (spec §3 "Business provider": legal name, town,
// postal code, SIRET, ORIAS), by legal name (spec §9).
import { DataTable, TextInput } from 'react-admin';
import { LOAD_ERRORS, SpecList } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import type { PageProps } from '../types.ts';
import { businessProviders } from './index.ts';

const filters = [
  <TextInput key="legalname" source="legalname" label="Raison sociale" alwaysOn />,
  <TextInput key="postalCode" source="postalCode" label="Code postal" />,
  <TextInput key="addressLocality" source="addressLocality" label="Ville" />,
  <TextInput key="siret" source="siret" label="SIRET" />,
  <TextInput key="orias" source="orias" label="ORIAS" />,
];

export function BusinessProviderList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.businessProviders}
      sort={businessProviders.defaultSort}
      filters={filters}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={(id) => specPath('businessProviders', 'show', id) ?? false}
      >
        <DataTable.Col source="legalname" label="Raison sociale" />
        <DataTable.Col source="addressLocality" label="Ville" />
        <DataTable.Col source="postalCode" label="Code postal" />
        <DataTable.Col source="siret" label="SIRET" />
        <DataTable.Col source="orias" label="ORIAS" />
      </DataTable>
    </SpecList>
  );
}
