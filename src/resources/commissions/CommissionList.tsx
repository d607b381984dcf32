// /Commission/list and /commission/list: the commissions in the user's scope (spec §2, §3
// "Commission"), filtered by year, contract, subscriber and date bounds (spec §5), newest
// first; the dashboard per year and provider; the download of the filtered list.
import { Typography } from '@mui/material';
import { FilterButton, maxValue, minValue, NumberInput, TextInput, TopToolbar } from 'react-admin';
import {
  AmountField,
  Col,
  dateRangeFilters,
  LOAD_ERRORS,
  LongDateField,
  PercentField,
  SpecList,
  SpecTable,
} from '../../components/list/index.ts';
import { COMMISSION_YEARS, Commission } from '../../domain/schema/commission.ts';
import type { PageProps } from '../types.ts';
import { CommissionDashboard } from './CommissionDashboard.tsx';
import { CommissionDownloadButton } from './CommissionDownloadButton.tsx';
import { commissions } from './index.ts';

const wholeYear = (value: string) => {
  const year = Number.parseInt(value, 10);
  return Number.isNaN(year) ? null : year;
};

const NOWRAP = 'commission-nowrap';

const YEAR_MESSAGE = `Indiquez une année entre ${COMMISSION_YEARS.min} et ${COMMISSION_YEARS.max}.`;

const filters = [
  // A year is whole: « 2025.5 » filters on 2025, where the API would refuse the whole list;
  // one out of range is said on the field and not sent (the list stays as it was).
  <NumberInput
    key="year"
    source="year"
    step={1}
    parse={wholeYear}
    validate={[
      minValue(COMMISSION_YEARS.min, YEAR_MESSAGE),
      maxValue(COMMISSION_YEARS.max, YEAR_MESSAGE),
    ]}
    alwaysOn
  />,
  <TextInput key="numContract" source="numContract" alwaysOn />,
  <TextInput key="subscriber" source="subscriber" />,
  ...dateRangeFilters(Commission, 'startAt'),
  ...dateRangeFilters(Commission, 'endAt'),
  ...dateRangeFilters(Commission, 'datePayment'),
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CommissionDownloadButton />
    </TopToolbar>
  );
}

export function CommissionList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.commissions}
      sort={commissions.defaultSort}
      filters={filters}
      actions={<Actions />}
      empty={false}
    >
      <CommissionDashboard />
      <SpecTable
        empty={<Typography sx={{ p: 2 }}>Aucune commission.</Typography>}
        // Numbers, dates and contract numbers on one line; names may wrap.
        sx={{ [`& .${NOWRAP}`]: { whiteSpace: 'nowrap' } }}
      >
        <Col cellClassName={NOWRAP} headerClassName={NOWRAP} source="numContract" />
        <Col source="subscriber" />
        <Col source="businessProvider" />
        <Col
          cellClassName={NOWRAP}
          headerClassName={NOWRAP}
          source="acquisitionRate"
          field={PercentField}
        />
        <Col
          cellClassName={NOWRAP}
          headerClassName={NOWRAP}
          source="startAt"
          field={LongDateField}
        />
        <Col cellClassName={NOWRAP} headerClassName={NOWRAP} source="endAt" field={LongDateField} />
        <Col
          cellClassName={NOWRAP}
          headerClassName={NOWRAP}
          source="datePaymentCom"
          field={LongDateField}
        />
        <Col
          cellClassName={NOWRAP}
          headerClassName={NOWRAP}
          source="amoundPaid"
          field={AmountField}
        />
        <Col cellClassName={NOWRAP} headerClassName={NOWRAP} source="year" />
      </SpecTable>
    </SpecList>
  );
}
