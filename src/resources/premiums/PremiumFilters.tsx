// The filters of a premium list (spec partner-extranet §3 status list, §5): status (several),
// Collective / Individuelle (paidByClient), and the insured's names, sent as assure.* or, once
// paidByClient is set, insured.* (src/domain/insured.ts). They narrow the list in context.
import { Box, MenuItem, TextField } from '@mui/material';
import { useListContext } from 'ra-core';
import { useState } from 'react';
import { insuredNameFilters } from '../../domain/insured.ts';
import { PREMIUM_STATUSES, premiumStatusLabel } from '../../domain/premium.ts';
import { Premium } from '../../domain/schema/premium.ts';
import { filterLabel } from '../../domain/schema/types.ts';

export interface PremiumFilterValues {
  status: string[];
  /** '' (all), 'true' (Collective) or 'false' (Individuelle). */
  paidByClient: '' | 'true' | 'false';
  lastname: string;
  firstname: string;
}

export const NO_PREMIUM_FILTER: PremiumFilterValues = {
  status: [],
  paidByClient: '',
  lastname: '',
  firstname: '',
};

/** The query filter of the form's values (empty ones dropped by the data provider). */
export function premiumQueryFilter(values: PremiumFilterValues): Record<string, unknown> {
  const paidByClient = values.paidByClient === '' ? undefined : values.paidByClient === 'true';
  return {
    status: values.status,
    paidByClient,
    ...insuredNameFilters(values, paidByClient),
  };
}

/** `names`: the insured's name filters, pointless on one insured's own premiums. */
export function PremiumFilters({ names = true }: { names?: boolean }) {
  const { setFilters } = useListContext();
  const [values, setValues] = useState(NO_PREMIUM_FILTER);
  const apply = (next: PremiumFilterValues, debounce = false) => {
    setValues(next);
    setFilters(premiumQueryFilter(next), {}, debounce);
  };
  const field = { size: 'small', sx: { minWidth: { xs: '100%', sm: 180 } } } as const;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 1 }}>
      <TextField
        {...field}
        select
        label={filterLabel(Premium, 'status')}
        value={values.status}
        onChange={(event) => {
          const value = event.target.value as unknown as string[] | string;
          apply({ ...values, status: typeof value === 'string' ? value.split(',') : value });
        }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (selected as string[]).map(premiumStatusLabel).join(', '),
          },
        }}
      >
        {PREMIUM_STATUSES.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label={filterLabel(Premium, 'typeCotisation')}
        value={values.paidByClient}
        onChange={(event) =>
          apply({
            ...values,
            paidByClient: event.target.value as PremiumFilterValues['paidByClient'],
          })
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Tous</MenuItem>
        <MenuItem value="true">Collective</MenuItem>
        <MenuItem value="false">Individuelle</MenuItem>
      </TextField>
      {names && (
        <>
          <TextField
            {...field}
            label={filterLabel(Premium, 'assure.lastname')}
            value={values.lastname}
            onChange={(event) => apply({ ...values, lastname: event.target.value }, true)}
          />
          <TextField
            {...field}
            label={filterLabel(Premium, 'assure.firstname')}
            value={values.firstname}
            onChange={(event) => apply({ ...values, firstname: event.target.value }, true)}
          />
        </>
      )}
    </Box>
  );
}
