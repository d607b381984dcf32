import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/**
 * The full-page loading screen of spec partner-extranet §2 ('Chargement...'), also shown while
 * the browser is sent to the sign-in page. `message` is a translation key.
 */
export function LoadingScreen({ message = 'app.loading' }: { message?: string }) {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography>{translate(message, { _: 'Chargement...' })}</Typography>
    </Box>
  );
}
