import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

/** The loading screen of spec partner-extranet §2: 'Chargement...', announced politely. */
export function PageLoader() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6 }}
    >
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{translate('layout.loading')}</Typography>
    </Box>
  );
}
