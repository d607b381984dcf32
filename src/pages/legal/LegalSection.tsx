import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4, '& p': { mb: 1.5 }, '& ul': { mt: 0, mb: 1.5 } }}>
      <Typography component="h2" variant="h5" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
