import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { containerSx } from './containerSx.ts';
import { Footer } from './Footer.tsx';
import { Logo } from './Logo.tsx';

/**
 * The frame of pages shown outside the app layout (error pages, legal notice): they must work
 * signed in or not, and when the session itself is what failed. `centred` gives the centred
 * layout of spec partner-extranet §2, otherwise one column of text.
 */
export function PublicLayout({
  children,
  centred = false,
}: {
  children: ReactNode;
  centred?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="header"
        sx={{ bgcolor: 'primary.main', py: 1.5, '& > *': { display: 'flex' } }}
      >
        <Box sx={containerSx}>
          <Logo inverted />
        </Box>
      </Box>
      <Box
        component="main"
        id="main-content"
        sx={[
          containerSx,
          { flex: 1, py: 4 },
          centred && {
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
          },
          !centred && { maxWidth: { md: 960 } },
        ]}
      >
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
