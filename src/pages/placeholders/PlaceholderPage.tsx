import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import type { PageProps } from '../../resources/types.ts';

/** The honest stand-in of a screen that a later issue builds: its title and a short notice. */
export default function PlaceholderPage({ title }: PageProps) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ py: 3 }}>
      {/* The page's h1 and browser title (layout/PageTitle.tsx). */}
      <Title title={title} />
      <Typography>{translate('layout.placeholder.soon')}</Typography>
    </Box>
  );
}
