// /affilies/liste: the insured persons in the user's scope (spec partner-extranet §3 "Insured
// person", §5 filters, §9 newest affiliation first), live updates on the 'insureds' topic (§4).
import { FilterButton, SelectArrayInput, TextInput, TopToolbar } from 'react-admin';
import { ExportButtons } from '../../components/export/ExportButtons.tsx';
import {
  BirthDateField,
  Col,
  dateRangeFilters,
  LOAD_ERRORS,
  LongDateField,
  SpecList,
  SpecTable,
} from '../../components/list/index.ts';
import { civilityLabel, nir } from '../../domain/format.ts';
import { Insured } from '../../domain/schema/insured.ts';
import { filterLabel } from '../../domain/schema/types.ts';
import type { PageProps } from '../types.ts';
import type { InsuredRecord } from './InsuredIdentity.tsx';
import { insureds } from './index.ts';
import { SEXES } from './labels.ts';

// Names are sent assure.firstname / assure.lastname (spec §5).
const filters = [
  <TextInput key="assure.lastname" source="assure.lastname" alwaysOn />,
  <TextInput key="assure.firstname" source="assure.firstname" alwaysOn />,
  <TextInput key="postalCode" source="postalCode" label={filterLabel(Insured, 'postalCode')} />,
  <TextInput key="noss" source="noss" label={filterLabel(Insured, 'noss')} />,
  <SelectArrayInput key="sex" source="sex" choices={SEXES} />,
  ...dateRangeFilters(Insured, 'dtBirthday'),
  <TextInput key="contrat.id" source="contrat.id" />,
];

function Actions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <ExportButtons kind="insureds" />
    </TopToolbar>
  );
}

export function InsuredList({ title }: PageProps) {
  return (
    <SpecList
      live="insureds"
      title={title}
      loadError={LOAD_ERRORS.affiliates}
      sort={insureds.defaultSort}
      filters={filters}
      actions={<Actions />}
    >
      <SpecTable<InsuredRecord> rowLink={(r) => `/assures/${r.id}`}>
        <Col source="lastname" />
        <Col source="firstname" />
        <Col
          source="gender"
          disableSort
          render={(r) => civilityLabel(r.idGender) || (r.gender ?? '')}
        />
        <Col source="sex" render={(r) => r.lbSex ?? ''} />
        <Col source="dtBirthday" field={BirthDateField} />
        <Col
          source="noss"
          disableSort
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(r) => nir(r.noss, r.nossKey)}
        />
        <Col source="postalCode" />
        <Col source="addressLocality" />
        <Col source="lbSitFam" disableSort render={(r) => r.lbSitFam?.trim() || '-'} />
        <Col source="link" disableSort render={(r) => r.lbLien ?? ''} />
        <Col source="startAt" field={LongDateField} />
      </SpecTable>
    </SpecList>
  );
}
