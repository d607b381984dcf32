// /Clients/liste: the subscriber companies (spec §3 "Customer": subscriber, SIRET, postal code,
// town, number of contracts, number of beneficiaries), by id ascending (spec §9); filters
// subscriber, SIRET, postal code, town and customer group.
import { DataTable, TextInput } from 'react-admin';
import { Col, LOAD_ERRORS, SpecList, SpecTable } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import type { PageProps } from '../types.ts';
import { CustomerGroupInput } from './CustomerGroupInput.tsx';
import { customers } from './index.ts';

const filters = [
  <TextInput key="subscriber" source="subscriber" alwaysOn />,
  <TextInput key="siret" source="siret" />,
  <TextInput key="postalCode" source="postalCode" />,
  <TextInput key="addressLocality" source="addressLocality" />,
  <CustomerGroupInput key="customerGroup" source="customerGroup.id" alwaysOn />,
];

export function CustomerList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.customers}
      sort={customers.defaultSort}
      filters={filters}
    >
      <SpecTable rowLink={(r) => specPath('customers', 'show', r.id) ?? false}>
        <Col source="subscriber" />
        <Col source="siret" />
        <Col source="postalCode" />
        <Col source="addressLocality" />
        <DataTable.NumberCol source="numberOfContract" />
        <DataTable.NumberCol source="nbrBeneficiary" />
      </SpecTable>
    </SpecList>
  );
}
