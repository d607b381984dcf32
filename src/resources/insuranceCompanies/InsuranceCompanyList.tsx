// /mutuelles/liste: the insurance companies (spec §3: legal name, town, postal code, SIRET; no
// ORIAS), by legal name (spec §9).
import { TextInput } from 'react-admin';
import { Col, LOAD_ERRORS, SpecList, SpecTable } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import type { PageProps } from '../types.ts';
import { insuranceCompanies } from './index.ts';

const filters = [
  <TextInput key="legalname" source="legalname" alwaysOn />,
  <TextInput key="postalCode" source="postalCode" />,
  <TextInput key="addressLocality" source="addressLocality" />,
  <TextInput key="siret" source="siret" />,
];

export function InsuranceCompanyList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.companies}
      sort={insuranceCompanies.defaultSort}
      filters={filters}
    >
      <SpecTable rowLink={(r) => specPath('insuranceCompanies', 'show', r.id) ?? false}>
        <Col source="legalname" />
        <Col source="addressLocality" />
        <Col source="postalCode" />
        <Col source="siret" />
      </SpecTable>
    </SpecList>
  );
}
