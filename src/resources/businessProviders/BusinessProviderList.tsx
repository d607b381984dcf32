// /apporteurs/liste: the business providers (spec §3 "Business provider": legal name, town,
// postal code, SIRET, ORIAS), by legal name (spec §9).
import { TextInput } from 'react-admin';
import { Col, LOAD_ERRORS, SpecList, SpecTable } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import type { PageProps } from '../types.ts';
import { businessProviders } from './index.ts';

const filters = [
  <TextInput key="legalname" source="legalname" alwaysOn />,
  <TextInput key="postalCode" source="postalCode" />,
  <TextInput key="addressLocality" source="addressLocality" />,
  <TextInput key="siret" source="siret" />,
  <TextInput key="orias" source="orias" />,
];

export function BusinessProviderList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.businessProviders}
      sort={businessProviders.defaultSort}
      filters={filters}
    >
      <SpecTable rowLink={(r) => specPath('businessProviders', 'show', r.id) ?? false}>
        <Col source="legalname" />
        <Col source="addressLocality" />
        <Col source="postalCode" />
        <Col source="siret" />
        <Col source="orias" />
      </SpecTable>
    </SpecList>
  );
}
