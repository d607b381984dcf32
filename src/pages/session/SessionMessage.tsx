import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SignInLayout } from '../../layout/index.ts';

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
        <Typography variant="h1" sx={{ fontSize: '2rem', fontWeight: 600 }}>
          {translate(title)}
        </Typography>
        <Typography>{translate(text)}</Typography>
        {hint && <Typography color="text.secondary">{translate(hint)}</Typography>}
        {action ?? <SignInButton />}
      </Stack>
    </SignInLayout>
  );
}

/** Back into the sign-in flow, carrying the page to return to when there is one. */
export function SignInButton({
  label = 'session.signIn',
  state,
}: {
  label?: string;
  state?: unknown;
}) {
  const translate = useTranslate();
  return (
    <Button variant="contained" component={Link} to="/login" state={state}>
      {translate(label)}
    </Button>
  );
}
