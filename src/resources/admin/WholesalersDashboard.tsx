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

const COLUMNS = [
  { label: 'Grossiste', value: (w: Wholesaler) => w.label },
  { label: 'Produits', value: (w: Wholesaler) => count(w.products), numeric: true },
  { label: 'Contrats', value: (w: Wholesaler) => count(w.contracts), numeric: true },
  { label: 'Contrats actifs', value: (w: Wholesaler) => count(w.activeContracts), numeric: true },
  { label: 'Cotisations appelées', value: (w: Wholesaler) => euros(w.premiums), numeric: true },
  { label: 'Commissions versées', value: (w: Wholesaler) => euros(w.commissions), numeric: true },
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
                { dataKey: 'contracts', label: 'Contrats' },
                { dataKey: 'activeContracts', label: 'Contrats actifs' },
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
                { dataKey: 'premiums', label: 'Cotisations appelées', valueFormatter: money },
                { dataKey: 'commissions', label: 'Commissions versées', valueFormatter: money },
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
