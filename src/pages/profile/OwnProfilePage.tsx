// /user/profile (spec administration §2): the signed-in user's own account. « Mes informations »
// changes its civility, names, job and e-mail; its user name, type and rights are shown, never
// edited (an administrator's to change). « Mon mot de passe » changes its password given the
// current one, for an account that has one. The server checks everything again and says what is
// wrong on each field (422); an account the organisation's directory manages has no profile
// here (404) and is told so.
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, HttpError, useAuthProvider, useGetIdentity, useNotify } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { RadioButtonGroupInput, SaveButton, TextInput } from 'react-admin';
import { errorToast } from '../../components/list/index.ts';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PASSWORD_MESSAGES } from '../../domain/passwordPolicy.ts';
import { User } from '../../domain/schema/user.ts';
import { type HttpClient, httpClient } from '../../providers/httpClient.ts';
import type { PageProps } from '../../resources/types.ts';
import {
  changePassword,
  fieldErrors,
  OWN_FIELDS,
  type OwnProfile,
  ownChanges,
  PASSWORD_FIELDS,
  passwordChange,
  readProfile,
  saveProfile,
} from './ownProfile.ts';

const LOAD_ERROR = 'Une erreur est survenue durant le chargement de votre profil';
const SAVE_ERROR = User.messages?.saveError as string;
const SAVED = 'Vos informations ont été enregistrées.';
const PASSWORD_CHANGED =
  "Votre mot de passe a été changé. Vos sessions ouvertes sur d'autres appareils ont été fermées.";
const EXTERNAL = "Votre compte est géré par l'annuaire de votre organisation : modifiez-le là.";
export const PASSWORD_RULE = PASSWORD_MESSAGES.rule;
export const RIGHTS_NOTE = 'Vos droits sont gérés par un administrateur.';

export const PROFILE_QUERY_KEY = ['user', 'profile'] as const;

const CIVILITIES = [
  { id: 1, name: 'Mme' },
  { id: 2, name: 'M.' },
];
const { civility, firstname, lastname, jobFunction, email, username, userType } = User.properties;
const inputSx = { maxWidth: 560 };
const successToast = (message: string) => ({
  type: 'success' as const,
  messageArgs: { _: message },
});

/** The radio's value is text in the page: back to the number the API stores. */
const parseCivility = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

export function OwnProfilePage({ title, http = httpClient }: PageProps & { http?: HttpClient }) {
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => readProfile(http),
    // The HTTP client already retries what is worth retrying; a 404 is an answer.
    retry: false,
  });
  const external = error instanceof HttpError && error.status === 404;
  return (
    <PageFrame
      title={title}
      screen="own-profile"
      busy={isPending}
      failed={error && !external ? { message: LOAD_ERROR, retry: () => refetch() } : undefined}
    >
      {external && <Alert severity="info">{error.message || EXTERNAL}</Alert>}
      {data && (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <InformationCard
            profile={data}
            http={http}
            onSaved={(saved) => queryClient.setQueryData(PROFILE_QUERY_KEY, saved)}
          />
          {data.hasPassword && <PasswordCard profile={data} http={http} />}
          {data.passwordPage && <PasswordElsewhereCard page={data.passwordPage} />}
        </Stack>
      )}
    </PageFrame>
  );
}

function CardTitle({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 500, mb: 2 }}>
      {children}
    </Typography>
  );
}

/** One read-only line: its label, its value. */
function ReadOnly({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Label beside its value where there is room, above it on a phone (never a value wrapped
    // under its label's column).
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' },
        columnGap: 1,
        alignItems: 'baseline',
        mb: 1,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function InformationCard({
  profile,
  http,
  onSaved,
}: {
  profile: OwnProfile;
  http: HttpClient;
  onSaved: (profile: OwnProfile) => void;
}) {
  const notify = useNotify();
  const authProvider = useAuthProvider();
  const { refetch: refetchIdentity } = useGetIdentity();
  const submit = async (values: Record<string, unknown>) => {
    try {
      onSaved(await saveProfile(http, ownChanges(values)));
      notify(SAVED, successToast(SAVED));
      // The header names the person: it shows the name just saved, in this tab and after a reload.
      await authProvider?.refreshIdentity?.();
      await refetchIdentity();
    } catch (failure) {
      const errors = fieldErrors(failure, OWN_FIELDS);
      if (errors) return errors;
      notify(SAVE_ERROR, errorToast(SAVE_ERROR));
    }
    return undefined;
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="own-profile-information">
      <CardContent>
        <CardTitle id="own-profile-information">Mes informations</CardTitle>
        <Form record={profile} onSubmit={submit} noValidate>
          <RadioButtonGroupInput
            source="civility"
            label={civility.label}
            choices={CIVILITIES}
            parse={parseCivility}
            row
          />
          <TextInput
            source="firstname"
            label={firstname.label}
            autoComplete="given-name"
            fullWidth
            sx={inputSx}
          />
          <TextInput
            source="lastname"
            label={lastname.label}
            autoComplete="family-name"
            fullWidth
            sx={inputSx}
          />
          <TextInput
            source="jobFunction"
            label={jobFunction.label}
            autoComplete="organization-title"
            fullWidth
            sx={inputSx}
          />
          <TextInput
            source="email"
            label={email.label}
            type="email"
            autoComplete="email"
            fullWidth
            sx={inputSx}
          />
          <Box component="dl" sx={{ my: 2 }}>
            <ReadOnly label={username.label}>
              <Typography variant="body2">{profile.username}</Typography>
            </ReadOnly>
            <ReadOnly label={userType.label}>
              <Typography variant="body2">{profile.userType?.label ?? '—'}</Typography>
            </ReadOnly>
            <ReadOnly label="Droits">
              <Stack
                direction="row"
                component="ul"
                aria-label="Mes droits"
                sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
              >
                {(profile.rights ?? profile.roles.map((code) => ({ code, label: code }))).map(
                  ({ code, label }) => (
                    <Chip
                      key={code}
                      component="li"
                      label={label}
                      title={code}
                      size="small"
                      variant="outlined"
                    />
                  ),
                )}
              </Stack>
            </ReadOnly>
          </Box>
          {/* After the list of terms, not in it: a <dl> holds only its terms and values. */}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {RIGHTS_NOTE}
          </Typography>
          <SaveButton label="Enregistrer" />
        </Form>
      </CardContent>
    </Card>
  );
}

export const PASSWORD_ELSEWHERE =
  "Votre mot de passe est celui de votre compte d'entreprise : il se change sur la page de ce compte.";

/** The provider holds the passwords (Keycloak): where to change one's own. */
function PasswordElsewhereCard({ page }: { page: string }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="own-profile-password">
      <CardContent>
        <CardTitle id="own-profile-password">Mon mot de passe</CardTitle>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {PASSWORD_ELSEWHERE}
        </Typography>
        <Button
          variant="outlined"
          href={page}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew />}
        >
          Changer mon mot de passe
        </Button>
      </CardContent>
    </Card>
  );
}

function PasswordCard({ profile, http }: { profile: OwnProfile; http: HttpClient }) {
  const notify = useNotify();
  // A new form after a change: the three fields empty again.
  const [round, setRound] = useState(0);
  const submit = async (values: Record<string, unknown>) => {
    try {
      await changePassword(http, passwordChange(values));
      notify(PASSWORD_CHANGED, successToast(PASSWORD_CHANGED));
      setRound((n) => n + 1);
    } catch (failure) {
      const errors = fieldErrors(failure, PASSWORD_FIELDS);
      if (errors) return errors;
      notify(SAVE_ERROR, errorToast(SAVE_ERROR));
    }
    return undefined;
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="own-profile-password">
      <CardContent>
        <CardTitle id="own-profile-password">Mon mot de passe</CardTitle>
        <Form key={round} record={{}} onSubmit={submit} noValidate>
          {/* For password managers: the account these passwords belong to. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={profile.username}
            readOnly
            hidden
          />
          <TextInput
            source="currentPassword"
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
            fullWidth
            sx={inputSx}
          />
          <TextInput
            source="plainPassword"
            label="Nouveau mot de passe"
            type="password"
            autoComplete="new-password"
            helperText={PASSWORD_RULE}
            fullWidth
            sx={inputSx}
          />
          <TextInput
            source="repeatPassword"
            label="Confirmation du nouveau mot de passe"
            type="password"
            autoComplete="new-password"
            fullWidth
            sx={inputSx}
          />
          <SaveButton label="Changer mon mot de passe" />
        </Form>
      </CardContent>
    </Card>
  );
}
