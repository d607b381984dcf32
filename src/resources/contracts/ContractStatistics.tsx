import { Box, Card, CardContent, Typography } from '@mui/material';
import { HttpError, useGetOne, useListContext, useNotify } from 'ra-core';
import { useEffect, useRef } from 'react';
import { errorToast, LOAD_ERRORS } from '../../components/list/index.ts';
import { count } from '../../domain/format.ts';
import { Contract } from '../../domain/schema/contract.ts';
import { appendFilters } from '../../providers/dataProvider.ts';
import { followLiveTopic } from '../../providers/liveUpdates.ts';

// The statistics block of the contract list (spec §7 GET
// /api/nbr_insured_active_by_contracts_search, with the list's own filters; §8 '...des
// statistiques'). The answer is one object, read as an item whose id is its full address.

const STATISTICS_PATH = '/api/nbr_insured_active_by_contracts_search';

interface ContractStatisticsRecord {
  id: string;
  nbrContracts?: number;
  nbrInsured?: number;
  nbrInsuredInactive?: number;
  nbrBeneficiary?: number;
  nbrTotalAffiliate?: number;
}

// The counts a contract has too are named by the Contract class's own labels.
const label = (
  name: 'nbrInsured' | 'nbrInsuredInactive' | 'nbrBeneficiary' | 'nbrTotalAffiliate',
) => Contract.properties[name].label;
const FIGURES: readonly [keyof ContractStatisticsRecord, string][] = [
  ['nbrContracts', Contract.plural],
  ['nbrInsured', label('nbrInsured')],
  ['nbrInsuredInactive', label('nbrInsuredInactive')],
  ['nbrBeneficiary', label('nbrBeneficiary')],
  ['nbrTotalAffiliate', label('nbrTotalAffiliate')],
];

export function statisticsAddress(filter: Record<string, unknown>): string {
  const query = new URLSearchParams();
  appendFilters(query, filter);
  const text = query.toString();
  return text ? `${STATISTICS_PATH}?${text}` : STATISTICS_PATH;
}

export function ContractStatistics() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const id = statisticsAddress(filterValues ?? {});
  const { data, error, refetch } = useGetOne<ContractStatisticsRecord>(
    'contractStatistics',
    { id },
    {
      retry: false,
      // A filter the API refuses (400, from a bookmark) is the list's own error, told there with
      // a way back to the default view; the block's alert is enough, a toast would say it twice.
      onError: (e) => {
        if (!(e instanceof HttpError && e.status === 400)) {
          notify(LOAD_ERRORS.statistics, errorToast(LOAD_ERRORS.statistics));
        }
      },
    },
  );
  // The block follows the same live updates as the list (spec §4).
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => followLiveTopic('contracts', () => void latest.current()), []);

  return (
    <Card variant="outlined" sx={{ mb: 2 }} aria-label="Statistiques" component="section">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        {error ? (
          <Typography role="alert" color="error">
            {LOAD_ERRORS.statistics}
          </Typography>
        ) : (
          <Box
            component="dl"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, md: 4 }, m: 0 }}
          >
            {FIGURES.map(([key, label]) => (
              <Box key={key} sx={{ minWidth: 120 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0 }} data-statistic={key}>
                  {data && typeof data[key] === 'number' ? count(data[key] as number) : '…'}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
