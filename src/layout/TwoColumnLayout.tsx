import { Box, type SxProps, type Theme } from '@mui/material';
import { Children, type ReactNode } from 'react';

/**
 * The two-column layout of spec partner-extranet §2 ("Layouts: default, centred, one-column,
 * two-column, sign-in"): its blocks side by side from md (960 px, §9) up, stacked one under the
 * other below, in their order. Used by a detail whose identity has two blocks (the contract's
 * own values and its type and risk).
 */
export function TwoColumnLayout({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      data-layout="two-column"
      sx={[
        {
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          columnGap: 4,
          rowGap: 3,
          alignItems: 'start',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {Children.toArray(children).map((child, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two fixed blocks, never reordered
        <Box key={i} data-column={i + 1} sx={{ minWidth: 0 }}>
          {child}
        </Box>
      ))}
    </Box>
  );
}
