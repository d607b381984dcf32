import { Button, Stack, Typography } from '@mui/material';
import { useAuthState, useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SignInLayout } from '../../layout/index.ts';
import { PageHeading } from '../../layout/PageTitle.tsx';

interface Props {
  /** Translation keys. */
  title: string;
  text: string;
  hint?: string;
  /** The main action: by default, sign in. */
  action?: ReactNode;
}

/** A session page: a title, an explanation and one way forward, in the sign-in layout. */
export function SessionMessage({ title, text, hint, action }: Props) {
  const translate = useTranslate();
  return (
    <SignInLayout>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <PageHeading>{translate(title)}</PageHeading>
        <Typography>{translate(text)}</Typography>
        {hint && <Typography color="text.secondary">{translate(hint)}</Typography>}
        {action ?? <SignInButton />}
      </Stack>
    </SignInLayout>
  );
}

/**
 * Back into the sign-in flow, carrying the page to return to when there is one. To someone
 * already signed in (another tab signed in again, an old bookmark), the way home instead
 * (issue 17 #9); nothing while the session is being checked, so neither flashes.
 */
export function SignInButton({
  label = 'session.signIn',
  state,
}: {
  label?: string;
  state?: unknown;
}) {
  const translate = useTranslate();
  const { isPending, authenticated } = useAuthState();
  if (isPending) return null;
  if (authenticated) {
    return (
      <Button variant="contained" component={Link} to="/">
        {translate('session.backHome')}
      </Button>
    );
  }
  return (
    <Button variant="contained" component={Link} to="/login" state={state}>
      {translate(label)}
    </Button>
  );
}
