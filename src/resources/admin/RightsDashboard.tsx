// /admin/droits/dashboard (spec administration §2): the doors of the rights administration,
// each with how many records it holds, and the latest changes to rights.
import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useGetList } from 'ra-core';
import { Link } from 'react-admin';
import { PageFrame } from '../../components/PageFrame.tsx';
import type { PageProps } from '../types.ts';

interface Door {
  resource: string;
  title: string;
  path: string;
  text: string;
}

const DOORS: readonly Door[] = [
  {
    resource: 'profiles',
    title: 'Profils',
    path: '/admin/droits/profils',
    text: 'Les ensembles de droits attribués aux utilisateurs.',
  },
  {
    resource: 'profileRealms',
    title: 'Profils par royaume',
    path: '/admin/droits/profils-par-royaume',
    text: 'Chaque profil dans les royaumes où il est proposé.',
  },
  {
    resource: 'roles',
    title: 'Arbre des droits',
    path: '/admin/droits/arbre',
    text: 'Les droits, rangés par dossiers et ordonnés.',
  },
  {
    resource: 'realms',
    title: 'Royaumes',
    path: '/admin/droits/royaumes',
    text: "Les annuaires de l'authentification unique.",
  },
  {
    resource: 'role_themes',
    title: 'Thèmes de droits',
    path: '/admin/droits/themes',
    text: 'Les thèmes qui regroupent les droits.',
  },
  {
    resource: 'userTypes',
    title: "Types d'utilisateur",
    path: '/admin/droits/types',
    text: 'Le type de chaque compte et le rôle de profil qu’il donne.',
  },
  {
    resource: 'suppliers',
    title: 'Fournisseurs',
    path: '/admin/fournisseurs',
    text: 'Les grossistes dont les produits sont distribués.',
  },
  {
    resource: 'rights_changes',
    title: 'Historique des droits',
    path: '/admin/droits/historique',
    text: 'Qui a changé quel droit, quand, avant et après.',
  },
];

function Count({ resource }: { resource: string }) {
  const { total, isPending, error } = useGetList(resource, {
    pagination: { page: 1, perPage: 1 },
  });
  if (error) return <Typography variant="body2">—</Typography>;
  return (
    <Typography variant="h4" component="p" aria-live="polite">
      {isPending ? '…' : (total ?? 0).toLocaleString('fr-FR')}
    </Typography>
  );
}

export function RightsDashboard({ title }: PageProps) {
  return (
    <PageFrame title={title} screen="rights-dashboard">
      <Grid container spacing={2}>
        {DOORS.map((door) => (
          <Grid key={door.resource} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={Link} to={door.path} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                    {door.title}
                  </Typography>
                  <Count resource={door.resource} />
                  <Typography variant="body2" color="text.secondary">
                    {door.text}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </PageFrame>
  );
}
