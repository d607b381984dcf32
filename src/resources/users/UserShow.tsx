// /users/{id} (spec administration §2, §3 "User"): the account read-only, in the form's four
// parts (compte, organisation, droits, accès); its edit, and a new link to choose a password
// (POST /api/users/{id}/reset_password, 202) sent by e-mail.
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'ra-core';
import type { ReactNode } from 'react';
import { Labeled } from 'react-admin';
import { Link } from 'react-router-dom';
import { ConfirmedAction } from '../../components/ConfirmedAction.tsx';
import { MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { civilityLabel, yesNo } from '../../domain/format.ts';
import { User } from '../../domain/schema/user.ts';
import { GENERIC_FAILURE, httpClient } from '../../providers/httpClient.ts';
import { useExternalPasswordPage } from '../../providers/publicConfigContext.tsx';
import type { PageProps } from '../types.ts';
import { EnabledChip } from './EnabledChip.tsx';
import { ProfileRights } from './ProfileRights.tsx';
import {
  LOAD_ERROR,
  lastSignIn,
  PROFILE_RIGHTS_LABEL,
  RESET_LINK_SENT,
  type UserShown,
  userName,
} from './userParts.ts';

interface UserDetail extends UserShown {
  id: number;
  civility?: number | null;
  jobFunction?: string | null;
  email?: string | null;
  realm?: string | null;
  enabled?: boolean;
  hasLdap?: boolean;
  hasSsoAccount?: boolean;
  idSso?: string | null;
  lastLogged?: string | null;
  createdAt?: string | null;
  organization?: { legalname?: string } | null;
  pole?: { label?: string } | null;
  regroupementKey?: string | null;
  sellerCode?: string | null;
  managedBy?: { firstname?: string; lastname?: string } | null;
  userType?: { label?: string | null; role?: string } | null;
  profileRealm?: { profile?: { id?: number; name?: string }; realm?: { name?: string } } | null;
  roles?: string[];
  accessGroup?: { name?: string } | null;
}

type Field = keyof typeof User.properties;

/** A value under its declared French label (src/domain/schema/user.ts), or under `label`. */
function Value({ field, label, children }: { field?: Field; label?: string; children: ReactNode }) {
  return (
    <Labeled label={label ?? (field ? User.properties[field].label : '')}>
      <Typography variant="body2" component="div">
        {children === '' || children === null || children === undefined ? '-' : children}
      </Typography>
    </Labeled>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** A new link to choose a password, sent to the user's address once the caller confirms. */
function ResetLinkButton({ user }: { user: UserDetail }) {
  const to = user.email ? ` à ${user.email}` : '';
  return (
    <ConfirmedAction
      label="Envoyer un lien de réinitialisation"
      icon={<LockResetIcon />}
      question="Envoyer un lien de réinitialisation ?"
      consequence={`${userName(user)} recevra${to} un lien pour choisir un nouveau mot de passe ; un lien envoyé plus tôt ne servira plus. Son mot de passe actuel reste valable jusque-là.`}
      confirm="Envoyer le lien"
      run={async () => {
        await httpClient(`/api/users/${user.id}/reset_password`, { method: 'POST', retries: 0 });
        return RESET_LINK_SENT(user.email ?? '');
      }}
      failure={GENERIC_FAILURE}
    />
  );
}

function UserDetailContent() {
  const user = useRecordContext<UserDetail>();
  const passwordsElsewhere = useExternalPasswordPage() !== undefined;
  if (!user) return null;
  const ownRights = (user.roles ?? []).filter((role) => !role.startsWith('PROFILE_'));
  const manager = user.managedBy
    ? `${user.managedBy.firstname ?? ''} ${user.managedBy.lastname ?? ''}`.trim()
    : '';
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ p: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        {/* The user's name is the page's h1 (SpecShow's recordName). */}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            component={Link}
            to={`/users/${user.id}/update`}
            startIcon={<EditIcon />}
          >
            Modifier
          </Button>
          {/* No password is held here to reset when the identity provider holds them. */}
          {!passwordsElsewhere && <ResetLinkButton user={user} />}
        </Stack>
      </Stack>
      <Section title="Compte">
        <Value field="civility">{civilityLabel(user.civility)}</Value>
        <Value field="firstname">{user.firstname}</Value>
        <Value field="lastname">{user.lastname}</Value>
        <Value field="jobFunction">{user.jobFunction}</Value>
        <Value field="username">{user.username}</Value>
        <Value field="email">{user.email}</Value>
        <Value field="realm">{user.realm}</Value>
        <Value field="enabled">
          <EnabledChip enabled={user.enabled} />
        </Value>
        <Value field="hasSsoAccount">{yesNo(user.hasSsoAccount)}</Value>
        <Value field="idSso">{user.idSso}</Value>
        <Value field="hasLdap">{yesNo(user.hasLdap)}</Value>
        <Value field="lastLogged">{lastSignIn(user.lastLogged)}</Value>
      </Section>
      <Section title="Organisation">
        <Value field="organization">{user.organization?.legalname}</Value>
        <Value field="pole">{user.pole?.label}</Value>
        <Value field="regroupementKey">{user.regroupementKey}</Value>
        <Value field="sellerCode">{user.sellerCode}</Value>
        <Value field="managedBy">{manager}</Value>
      </Section>
      <Section title="Droits">
        <Value field="typeSelected">{user.userType?.label}</Value>
        <Value field="profileRealm">
          {user.profileRealm?.profile?.name
            ? `${user.profileRealm.profile.name} (${user.profileRealm.realm?.name ?? ''})`
            : ''}
        </Value>
        <Value field="roles">{ownRights.join(', ')}</Value>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Labeled label={PROFILE_RIGHTS_LABEL}>
            <ProfileRights profileId={user.profileRealm?.profile?.id ?? null} />
          </Labeled>
        </Box>
      </Section>
      <Section title="Accès">
        <Value field="accessGroup">{user.accessGroup?.name}</Value>
      </Section>
    </Box>
  );
}

export function UserShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(user) => userName(user as UserDetail)}
      loadError={LOAD_ERROR}
      missingId={MISSING_IDS.record}
    >
      <UserDetailContent />
    </SpecShow>
  );
}
