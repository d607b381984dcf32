// Fields that show values by the display rules of src/domain/format.ts (spec §3, §9).

import { Typography } from '@mui/material';
import { useFieldValue, useRecordContext } from 'ra-core';
import type { FieldProps } from 'react-admin';
import {
  amount,
  birthDate,
  euros,
  longDate,
  percent,
  shortDate,
  yesNo,
} from '../../domain/format.ts';
import type { DayInput } from '../../domain/period.ts';

interface FormattedFieldProps extends FieldProps {
  format: (value: unknown) => string;
}

/** A value through one of the domain's formatters, as react-admin's fields render text. */
export function FormattedField({ format, source, className }: FormattedFieldProps) {
  const value = useFieldValue({ source });
  return (
    <Typography component="span" variant="body2" className={className}>
      {format(value)}
    </Typography>
  );
}

type Props = Omit<FieldProps, 'source'> & { source: string };

/** DD/MM/YY (the main lists). */
export const ShortDateField = (props: Props) => (
  <FormattedField {...props} format={(v) => shortDate(v as DayInput)} />
);
/** DD/MM/YYYY (everywhere else). */
export const LongDateField = (props: Props) => (
  <FormattedField {...props} format={(v) => longDate(v as DayInput)} />
);
/** DD MMM YYYY (NN ans). */
export const BirthDateField = (props: Props) => (
  <FormattedField {...props} format={(v) => birthDate(v as DayInput)} />
);
/** 1 234,50 */
export const AmountField = (props: Props) => (
  <FormattedField {...props} format={(v) => amount(v as number)} textAlign="right" />
);
/** 1 234,50 € */
export const EurosField = (props: Props) => (
  <FormattedField {...props} format={(v) => euros(v as number)} textAlign="right" />
);
/** 12,5 % */
export const PercentField = (props: Props) => (
  <FormattedField {...props} format={(v) => percent(v as number)} textAlign="right" />
);
/** Oui / Non */
export const YesNoField = (props: Props) => (
  <FormattedField {...props} format={(v) => yesNo(v as boolean)} />
);

/** A value computed from the whole record (derived display rules). */
export function DerivedField<R>({ render }: { render: (record: R) => string; label?: string }) {
  const record = useRecordContext();
  return (
    <Typography component="span" variant="body2">
      {record ? render(record as R) : ''}
    </Typography>
  );
}
