import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { containerSx } from './containerSx.ts';
import { Footer } from './Footer.tsx';
import { Logo } from './Logo.tsx';

/**
 * The one-column frame of public pages shown outside the app layout (the legal notice): they
 * must read the same signed in or not, so they show no menu and ask nothing of the session.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', py: 1.5 }}>
        <Box sx={[containerSx, { display: 'flex' }]}>
          <Logo inverted />
        </Box>
      </Box>
      <Box
        component="main"
        id="main-content"
        sx={[containerSx, { flex: 1, py: 4 }, { maxWidth: { md: 960 } }]}
      >
        {children}
      </Box>
      <Footer />
    </Box>
  );
}
