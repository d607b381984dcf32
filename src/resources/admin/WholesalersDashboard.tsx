// /admin/grossistes/dashboard (spec administration §2): per wholesaler, its products, contracts
// (active ones apart), premiums called and commissions paid. Figures from
// GET /api/dashboards/wholesalers (server/src/resources/dashboards).
import { Grid } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { count, euros, Figure, numberAxis } from '../../components/dashboard/Figure.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';
import type { PageProps } from '../types.ts';

export interface Wholesaler {
  label: string;
  products: number;
  contracts: number;
  activeContracts: number;
  premiums: number;
  commissions: number;
}

const money = (value: number | null) => (value == null ? '' : euros(value));

/** Each figure's French name, for the tables and the charts' series alike. */
const LABELS = {
  label: 'Grossiste',
  products: 'Produits',
  contracts: 'Contrats',
  activeContracts: 'Contrats actifs',
  premiums: 'Cotisations appelées',
  commissions: 'Commissions versées',
} as const satisfies Record<keyof Wholesaler, string>;

const COLUMNS = [
  { label: LABELS.label, value: (w: Wholesaler) => w.label },
  { label: LABELS.products, value: (w: Wholesaler) => count(w.products), numeric: true },
  { label: LABELS.contracts, value: (w: Wholesaler) => count(w.contracts), numeric: true },
  {
    label: LABELS.activeContracts,
    value: (w: Wholesaler) => count(w.activeContracts),
    numeric: true,
  },
  { label: LABELS.premiums, value: (w: Wholesaler) => euros(w.premiums), numeric: true },
  { label: LABELS.commissions, value: (w: Wholesaler) => euros(w.commissions), numeric: true },
];

export function WholesalersDashboard({
  title,
  http = httpClient,
}: PageProps & { http?: HttpClient }) {
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['dashboards', 'wholesalers'],
    queryFn: async () =>
      (await http<{ wholesalers: Wholesaler[] }>('/api/dashboards/wholesalers')).json.wholesalers,
  });
  const height = Math.max(200, (data?.length ?? 0) * 40 + 60);
  const bars = (
    series: Array<{
      dataKey: keyof Wholesaler;
      label: string;
      valueFormatter?: (value: number | null) => string;
    }>,
  ) => (
    <BarChart
      dataset={(data ?? []) as never}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 110 }]}
      xAxis={[numberAxis]}
      series={series}
      height={height}
    />
  );
  return (
    <PageFrame
      title={title}
      screen="wholesalers-dashboard"
      busy={isPending}
      failed={
        error
          ? { message: 'Une erreur est survenue durant le chargement', retry: () => refetch() }
          : undefined
      }
    >
      {data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Figure
              title="Contrats par grossiste"
              summary="Pour chaque grossiste : ses produits, ses contrats et ses contrats actifs."
              chart={bars([
                { dataKey: 'contracts', label: LABELS.contracts },
                { dataKey: 'activeContracts', label: LABELS.activeContracts },
              ])}
              columns={COLUMNS.slice(0, 4)}
              rows={data}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <Figure
              title="Cotisations et commissions par grossiste"
              summary="Pour chaque grossiste : les cotisations appelées et les commissions versées, en euros."
              chart={bars([
                { dataKey: 'premiums', label: LABELS.premiums, valueFormatter: money },
                { dataKey: 'commissions', label: LABELS.commissions, valueFormatter: money },
              ])}
              columns={[COLUMNS[0], ...COLUMNS.slice(4)]}
              rows={data}
            />
          </Grid>
        </Grid>
      )}
    </PageFrame>
  );
}
