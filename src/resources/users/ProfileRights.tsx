// The rights a profile gives (GET /api/roles_by_profile?profiles.profile=<id>, spec
// administration §7), listed read-only: in the user's detail and under the form's profile select.
import { Alert, Box, Chip, LinearProgress, Typography } from '@mui/material';
import { type Identifier, useGetList, useGetOne } from 'ra-core';
import { PROFILE_RIGHTS_ERROR, PROFILE_RIGHTS_LABEL } from './userParts.ts';

interface RoleRow {
  id: number;
  name: string;
  description?: string | null;
  isFolder?: boolean;
}

const ALL = { page: 1, perPage: 100 } as const;

/** The rights of a profile, as chips; nothing while no profile is chosen. */
export function ProfileRights({ profileId }: { profileId?: Identifier | null }) {
  const { data, error, isPending } = useGetList<RoleRow>(
    'roles',
    {
      filter: { 'profiles.profile': profileId },
      pagination: ALL,
      sort: { field: 'description', order: 'ASC' },
      meta: { path: '/api/roles_by_profile' },
    },
    { enabled: profileId !== null && profileId !== undefined, retry: false },
  );
  if (profileId === null || profileId === undefined) {
    return (
      <Typography variant="body2" color="text.secondary">
        Aucun profil choisi.
      </Typography>
    );
  }
  if (error) return <Alert severity="error">{PROFILE_RIGHTS_ERROR}</Alert>;
  if (isPending) return <LinearProgress aria-label="Chargement des droits du profil" />;
  const rights = data.filter((role) => !role.isFolder);
  if (!rights.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        Ce profil ne donne aucun droit.
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={PROFILE_RIGHTS_LABEL}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {rights.map((role) => (
        <li key={role.id}>
          <Chip size="small" label={role.description || role.name} title={role.name} />
        </li>
      ))}
    </Box>
  );
}

/** The rights of the profile of a profile-in-a-realm (the form's select holds the latter's id). */
export function ProfileRealmRights({ profileRealmId }: { profileRealmId?: Identifier | null }) {
  const chosen = profileRealmId !== null && profileRealmId !== undefined && profileRealmId !== '';
  const { data, error } = useGetOne<{ id: Identifier; profile?: Identifier | null }>(
    'profileRealms',
    { id: profileRealmId as Identifier },
    { enabled: chosen, retry: false },
  );
  if (!chosen) return <ProfileRights profileId={null} />;
  if (error) return <Alert severity="error">{PROFILE_RIGHTS_ERROR}</Alert>;
  if (!data) return <LinearProgress aria-label="Chargement des droits du profil" />;
  return <ProfileRights profileId={data.profile ?? null} />;
}
