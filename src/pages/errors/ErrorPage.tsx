import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link, useSearchParams } from 'react-router-dom';
import { notAllowedMessage } from '../../domain/access.ts';
import { PublicLayout } from '../../layout/PublicLayout.tsx';
import type { ErrorCode } from './codes.ts';

/**
 * An error page: its status code, a French title and message, a way home. Shown outside the app
 * layout, so that it works even when the session is what failed. 405 shows its `msg` parameter.
 */
export default function ErrorPage({ code }: { code: ErrorCode }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const message =
    code === '405'
      ? notAllowedMessage(params.get('msg'))
      : translate(`layout.errors.pages.${code}.message`);
  const numeric = /^\d+$/.test(code);

  return (
    <PublicLayout centred>
      {numeric && (
        <Typography
          component="p"
          variant="h1"
          color="primary"
          sx={{ fontWeight: 700, fontSize: { xs: '4rem', sm: '6rem' } }}
        >
          {code}
        </Typography>
      )}
      <Typography component="h1" variant="h4" gutterBottom>
        {translate(`layout.errors.pages.${code}.title`)}
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: 560 }}>{message}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button component={Link} to="/" variant="contained">
          {translate('layout.errors.backHome')}
        </Button>
        {code === 'desynchronized' && (
          <Button component={Link} to="/logout" variant="outlined">
            {translate('layout.errors.signInAgain')}
          </Button>
        )}
      </Box>
    </PublicLayout>
  );
}
