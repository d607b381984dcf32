// /admin/dashboard (spec administration §2): what an operator watches: who the users are (by
// profile, by partner), how many sign in (the last 30 days) and how many exports are made (the
// last 14 days). Figures from GET /api/dashboards/admin (server/src/resources/dashboards).
import { Grid, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { count, Figure, numberAxis, plural, shortDay } from '../../components/dashboard/Figure.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';
import type { PageProps } from '../types.ts';

interface Count {
  label: string;
  count: number;
}
interface DayCount {
  day: string;
  count: number;
}
export interface AdminFigures {
  users: number;
  enabledUsers: number;
  usersByProfile: Count[];
  usersByPartner: Count[];
  signIns: DayCount[];
  exports: DayCount[];
}

const LOAD_ERROR = 'Une erreur est survenue durant le chargement';

const byLabel = [
  { label: 'Libellé', value: (r: Count) => r.label },
  { label: 'Utilisateurs', value: (r: Count) => count(r.count), numeric: true },
];
const byDay = (what: string) => [
  { label: 'Jour', value: (r: DayCount) => shortDay(r.day) },
  { label: what, value: (r: DayCount) => count(r.count), numeric: true },
];

function Bars({ rows, label }: { rows: Count[]; label: string }) {
  return (
    <BarChart
      dataset={rows as never}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', dataKey: 'label', width: 170 }]}
      xAxis={[numberAxis]}
      series={[{ dataKey: 'count', label }]}
      height={Math.max(160, rows.length * 34 + 60)}
      hideLegend
    />
  );
}

function Days({ rows, label }: { rows: DayCount[]; label: string }) {
  return (
    <LineChart
      dataset={rows.map((r) => ({ ...r, day: shortDay(r.day) })) as never}
      // A label every 7 days counted back from today, so that the last day is always one.
      xAxis={[
        {
          scaleType: 'point',
          dataKey: 'day',
          tickInterval: (_day: unknown, index: number) => (rows.length - 1 - index) % 7 === 0,
        },
      ]}
      // Whole numbers of events: no half sign-in on the axis, no curve between days.
      yAxis={[{ ...numberAxis, width: 40 }]}
      series={[{ dataKey: 'count', label, curve: 'linear' }]}
      height={220}
      hideLegend
    />
  );
}

export function AdminDashboard({ title, http = httpClient }: PageProps & { http?: HttpClient }) {
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['dashboards', 'admin'],
    queryFn: async () => (await http<AdminFigures>('/api/dashboards/admin')).json,
  });
  const signIns = data?.signIns.reduce((sum, d) => sum + d.count, 0) ?? 0;
  return (
    <PageFrame
      title={title}
      screen="admin-dashboard"
      busy={isPending}
      failed={error ? { message: LOAD_ERROR, retry: () => refetch() } : undefined}
    >
      {data && (
        <>
          <Typography sx={{ mb: 2 }}>
            {`${plural(data.users, 'utilisateur')}, dont ${plural(data.enabledUsers, 'actif')} ; ${plural(signIns, 'connexion')} ces 30 derniers jours.`}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Figure
                title="Utilisateurs par profil"
                summary="Nombre d'utilisateurs de chaque profil."
                chart={<Bars rows={data.usersByProfile} label="Utilisateurs" />}
                columns={byLabel}
                rows={data.usersByProfile}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Figure
                title="Utilisateurs par partenaire"
                summary="Nombre d'utilisateurs des dix partenaires qui en comptent le plus."
                chart={<Bars rows={data.usersByPartner} label="Utilisateurs" />}
                columns={byLabel}
                rows={data.usersByPartner}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Figure
                title="Connexions des 30 derniers jours"
                summary="Nombre de connexions par jour, des 30 derniers jours."
                chart={<Days rows={data.signIns} label="Connexions" />}
                columns={byDay('Connexions')}
                rows={data.signIns}
              />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <Figure
                title="Exports des 14 derniers jours"
                summary="Nombre d'exports Excel et CSV lancés par jour, des 14 derniers jours."
                chart={<Days rows={data.exports} label="Exports" />}
                columns={byDay('Exports')}
                rows={data.exports}
              />
            </Grid>
          </Grid>
        </>
      )}
    </PageFrame>
  );
}
