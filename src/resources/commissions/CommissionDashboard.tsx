// The commissions dashboard (spec §7 GET /api/commissions_list): amounts paid and number of
// commissions per year and business provider, with the totals, over the list's current
// filters. Read only when opened: for the operator it sums every commission in scope.
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useListContext, useNotify } from 'ra-core';
import { useEffect, useState } from 'react';
import { LOAD_ERRORS, TOAST } from '../../components/list/index.ts';
import { amount, count } from '../../domain/format.ts';
import { appendFilters } from '../../providers/dataProvider.ts';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';

const PER_PAGE = 10;

interface Summary {
  id: string;
  year: number;
  businessProvider: string;
  amoundPaid: number;
  nbrCommissions: number;
}

interface SummaryPage {
  'hydra:member': Summary[];
  'hydra:totalItems': number;
  commissionTotals?: { amoundPaid: number; nbrCommissions: number };
}

type State =
  | { status: 'loading'; data?: SummaryPage }
  | { status: 'done'; data: SummaryPage }
  | { status: 'error' };

function useSummaries(http: HttpClient, filter: Record<string, unknown>, page: number): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  const notify = useNotify();
  const key = JSON.stringify(filter);
  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ page: String(page), itemsPerPage: String(PER_PAGE) });
    appendFilters(query, JSON.parse(key));
    setState((previous) => ({
      status: 'loading',
      data: previous.status === 'error' ? undefined : previous.data,
    }));
    http<SummaryPage>(`/api/commissions_list?${query}`, { signal: controller.signal }).then(
      ({ json }) => setState({ status: 'done', data: json }),
      () => {
        if (controller.signal.aborted) return;
        setState({ status: 'error' });
        notify(LOAD_ERRORS.commissionsDashboard, TOAST);
      },
    );
    return () => controller.abort();
  }, [http, key, page, notify]);
  return state;
}

function Summaries({ http }: { http: HttpClient }) {
  const { filterValues } = useListContext();
  const [page, setPage] = useState(1);
  const key = JSON.stringify(filterValues ?? {});
  // New filters: back to the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger.
  useEffect(() => setPage(1), [key]);
  const state = useSummaries(http, filterValues ?? {}, page);

  if (state.status === 'error') {
    return <Alert severity="error">{LOAD_ERRORS.commissionsDashboard}</Alert>;
  }
  const data = state.data;
  const rows = data?.['hydra:member'] ?? [];
  return (
    <div className="list-status" data-busy={state.status === 'loading' ? 'true' : 'false'}>
      <LinearProgress
        aria-label="Chargement du tableau de bord"
        sx={{ visibility: state.status === 'loading' ? 'visible' : 'hidden', height: 3 }}
      />
      {data && !rows.length ? (
        <Typography sx={{ p: 2 }}>Aucune commission.</Typography>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Commissions par année et par apporteur">
            <TableHead>
              <TableRow>
                <TableCell>Année</TableCell>
                <TableCell>Apporteur</TableCell>
                <TableCell align="right">Commissions</TableCell>
                <TableCell align="right">Montant payé</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.year}</TableCell>
                  <TableCell>{row.businessProvider}</TableCell>
                  <TableCell align="right">{count(row.nbrCommissions)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {amount(row.amoundPaid)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            {data?.commissionTotals && (
              <TableFooter
                sx={{ '& td': { fontWeight: 'bold', fontSize: '0.875rem', color: 'text.primary' } }}
              >
                <TableRow>
                  <TableCell colSpan={2}>Total</TableCell>
                  <TableCell align="right">{count(data.commissionTotals.nbrCommissions)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {amount(data.commissionTotals.amoundPaid)}
                  </TableCell>
                </TableRow>
              </TableFooter>
            )}
          </Table>
          <TablePagination
            component="div"
            count={data?.['hydra:totalItems'] ?? 0}
            page={page - 1}
            onPageChange={(_event, next) => setPage(next + 1)}
            rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[PER_PAGE]}
            labelDisplayedRows={({ from, to, count }) => `${from}-${to} sur ${count}`}
          />
        </div>
      )}
    </div>
  );
}

/** Closed at first: opened, it reads the dashboard for the list's filters. */
export function CommissionDashboard({ http = httpClient }: { http?: HttpClient }) {
  return (
    <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }} sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography component="h2" variant="subtitle1">
          Tableau de bord des commissions
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>
        <Summaries http={http} />
      </AccordionDetails>
    </Accordion>
  );
}
