import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { HttpError, useTranslate } from 'ra-core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PASSWORD_MESSAGES, passwordFault } from '../../domain/passwordPolicy.ts';
import { SignInLayout } from '../../layout/index.ts';
import { PageHeading } from '../../layout/PageTitle.tsx';
import { httpClient } from '../../providers/httpClient.ts';
import { InfoPage } from './InfoPage.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { SignInButton } from './SessionMessage.tsx';

// /finalise-account?token=...: the one-time link an administrator's invitation or password reset
// mails (docs/security.md, "Accounts an administrator creates"). Public: the link's token is the
// only credential, and the person is not signed in. Without a token, the page explains where
// the link comes from.

interface LinkInfo {
  username: string;
  firstname: string;
  purpose: 'invitation' | 'reset';
  expiresAt: string;
}

type Field = 'plainPassword' | 'repeatPassword';
type Errors = Partial<Record<Field, string>>;

type State =
  | { step: 'loading' }
  | { step: 'form'; link: LinkInfo }
  | { step: 'done'; link: LinkInfo }
  | { step: 'gone'; message?: string; elsewhere?: boolean }
  | { step: 'failed' };

const M = 'session.finaliseAccount';
/** The server's policy (src/domain/passwordPolicy.ts), checked before sending. */
export function checkPasswords(plainPassword: string, repeatPassword: string): Errors {
  const errors: Errors = {};
  const fault = passwordFault(plainPassword);
  if (fault) errors.plainPassword = fault;
  if (!repeatPassword) errors.repeatPassword = `${M}.repeatRequired`;
  else if (repeatPassword !== plainPassword) errors.repeatPassword = PASSWORD_MESSAGES.mismatch;
  return errors;
}

/**
 * A link that cannot set a password: dead (410), or issued before an external identity provider
 * took the passwords over (409, its message says where they are changed now).
 */
const isGone = (error: unknown): error is HttpError =>
  error instanceof HttpError && (error.status === 410 || error.status === 409);
const goneState = (error: HttpError): State => ({
  step: 'gone',
  message: error.message,
  elsewhere: error.status === 409,
});

/** The 422's violations by field, as the server words them. */
function violationsOf(error: unknown): Errors | undefined {
  if (!(error instanceof HttpError) || error.status !== 422) return undefined;
  const list = (error.body as { violations?: { propertyPath: string; message: string }[] })
    ?.violations;
  const errors: Errors = {};
  for (const v of list ?? []) {
    if (v.propertyPath === 'plainPassword' || v.propertyPath === 'repeatPassword') {
      errors[v.propertyPath] ??= v.message;
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

export function FinaliseAccountPage() {
  const token = new URLSearchParams(useLocation().search).get('token')?.trim();
  if (!token) return <InfoPage topic="finaliseAccount" />;
  return <PasswordLinkForm token={token} />;
}

function PasswordLinkForm({ token }: { token: string }) {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ step: 'loading' });

  const load = useCallback(async () => {
    setState({ step: 'loading' });
    try {
      const { json } = await httpClient<LinkInfo>(
        `/api/account/password_link?token=${encodeURIComponent(token)}`,
        { routeErrors: false },
      );
      setState({ step: 'form', link: json });
    } catch (error) {
      setState(isGone(error) ? goneState(error) : { step: 'failed' });
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.step === 'loading') return <LoadingScreen />;
  if (state.step === 'failed') {
    return (
      <SignInLayout>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <PageHeading>{translate(`${M}.title`)}</PageHeading>
          <Alert severity="error">{translate(`${M}.failure`)}</Alert>
          <Button variant="contained" onClick={() => void load()}>
            {translate('session.retry')}
          </Button>
        </Stack>
      </SignInLayout>
    );
  }
  if (state.step === 'gone') {
    return (
      <SignInLayout>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <PageHeading>
            {translate(state.elsewhere ? `${M}.elsewhereTitle` : `${M}.goneTitle`)}
          </PageHeading>
          <Alert severity="warning">{state.message || translate(`${M}.gone`)}</Alert>
          <SignInButton />
        </Stack>
      </SignInLayout>
    );
  }
  if (state.step === 'done') {
    return (
      <SignInLayout>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <PageHeading>{translate(`${M}.done`)}</PageHeading>
          <Typography>{translate(`${M}.doneText`, { username: state.link.username })}</Typography>
          <SignInButton />
        </Stack>
      </SignInLayout>
    );
  }
  return (
    <PasswordForm
      token={token}
      link={state.link}
      onDone={() => setState({ step: 'done', link: state.link })}
      onGone={(error) => setState(goneState(error))}
    />
  );
}

function PasswordForm({
  token,
  link,
  onDone,
  onGone,
}: {
  token: string;
  link: LinkInfo;
  onDone: () => void;
  onGone: (error: HttpError) => void;
}) {
  const translate = useTranslate();
  const [plainPassword, setPlainPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  // Keys of the messages checked here, or the server's own words.
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const found = checkPasswords(plainPassword, repeatPassword);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await httpClient('/api/account/password', {
        method: 'POST',
        body: { token, plainPassword, repeatPassword },
        // Not repeated: a first try that went through would make the second a 410.
        retries: 0,
        routeErrors: false,
      });
      onDone();
    } catch (error) {
      if (isGone(error)) return onGone(error);
      const violations = violationsOf(error);
      if (violations) setErrors(violations);
      else setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const title = link.purpose === 'reset' ? `${M}.resetTitle` : `${M}.title`;
  const hello = link.firstname?.trim()
    ? translate(`${M}.hello`, { firstname: link.firstname.trim() })
    : translate(`${M}.helloAnonymous`);
  const helperOf = (field: Field) => {
    const message = errors[field];
    // A key of this page, or the server's own sentence (kept as it is).
    return message ? translate(message, { _: message }) : undefined;
  };

  return (
    <SignInLayout>
      <Stack spacing={2}>
        <PageHeading>{translate(title)}</PageHeading>
        <Typography>{hello}</Typography>
        <Typography>
          {translate(`${M}.${link.purpose === 'reset' ? 'reset' : 'invitation'}`, {
            username: link.username,
          })}
        </Typography>
        <Typography color="text.secondary">
          {translate(`${M}.expires`, { date: formatDate(link.expiresAt) })}
        </Typography>
        {failed && <Alert severity="error">{translate(`${M}.failure`)}</Alert>}
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          aria-label={translate(title)}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 420 }}
        >
          {/* For password managers: the account these passwords belong to. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={link.username}
            readOnly
            hidden
          />
          <TextField
            id="plainPassword"
            name="plainPassword"
            type="password"
            label={translate(`${M}.password`)}
            autoComplete="new-password"
            required
            autoFocus
            value={plainPassword}
            onChange={(event) => setPlainPassword(event.target.value)}
            error={Boolean(errors.plainPassword)}
            helperText={helperOf('plainPassword') ?? PASSWORD_MESSAGES.rule}
          />
          <TextField
            id="repeatPassword"
            name="repeatPassword"
            type="password"
            label={translate(`${M}.repeat`)}
            autoComplete="new-password"
            required
            value={repeatPassword}
            onChange={(event) => setRepeatPassword(event.target.value)}
            error={Boolean(errors.repeatPassword)}
            helperText={helperOf('repeatPassword')}
          />
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(`${M}.submit`)}
          </Button>
        </Box>
      </Stack>
    </SignInLayout>
  );
}
