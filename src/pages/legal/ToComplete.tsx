import { Box } from '@mui/material';

/**
 * A fictitious value that the operator must replace before going live: shown highlighted and
 * bracketed, so that nobody mistakes it for real information.
 */
export function ToComplete({ children }: { children: string }) {
  return (
    <Box
      component="mark"
      sx={{ bgcolor: 'warning.light', color: 'text.primary', px: 0.5, borderRadius: 0.5 }}
    >
      [À compléter : {children}]
    </Box>
  );
}
