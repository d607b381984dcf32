// /Clients/liste: the subscriber companies (spec §3 "Customer": subscriber, SIRET, postal code,
// town, number of contracts, number of beneficiaries), by id ascending (spec §9); filters
// subscriber, SIRET, postal code, town and customer group.
import { DataTable, TextInput } from 'react-admin';
import { LOAD_ERRORS, SpecList } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import type { PageProps } from '../types.ts';
import { CustomerGroupInput } from './CustomerGroupInput.tsx';
import { customers } from './index.ts';

const filters = [
  <TextInput key="subscriber" source="subscriber" label="Souscripteur" alwaysOn />,
  <TextInput key="siret" source="siret" label="SIRET" />,
  <TextInput key="postalCode" source="postalCode" label="Code postal" />,
  <TextInput key="addressLocality" source="addressLocality" label="Ville" />,
  <CustomerGroupInput
    key="customerGroup"
    source="customerGroup.id"
    label="Groupe client"
    alwaysOn
  />,
];

export function CustomerList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.customers}
      sort={customers.defaultSort}
      filters={filters}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={(id) => specPath('customers', 'show', id) ?? false}
      >
        <DataTable.Col source="subscriber" label="Souscripteur" />
        <DataTable.Col source="siret" label="SIRET" />
        <DataTable.Col source="postalCode" label="Code postal" />
        <DataTable.Col source="addressLocality" label="Ville" />
        <DataTable.NumberCol source="numberOfContract" label="Contrats" />
        <DataTable.NumberCol source="nbrBeneficiary" label="Bénéficiaires" />
      </DataTable>
    </SpecList>
  );
}
