import { Box } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import { Logo } from './Logo.tsx';

/**
 * The sign-in layout of spec partner-extranet §2, for the session pages: the form on the left,
 * a decorative image on the right, hidden under 768 px. The image is CSS art in the brand's
 * colours (no image file to fetch), hidden from assistive technologies.
 */
export function SignInLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const { primary, secondary } = theme.palette;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box sx={{ display: 'flex', flex: 1 }}>
        <Box
          component="main"
          sx={{
            flex: '1 1 50%',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            gap: 4,
            px: { xs: 3, md: 8 },
            py: 6,
            maxWidth: { xs: '100%', sm: 640 },
          }}
        >
          <Logo />
          {children}
        </Box>
        <Box
          aria-hidden="true"
          data-testid="sign-in-art"
          sx={{
            flex: '1 1 50%',
            display: { xs: 'none', sm: 'block' },
            background: [
              `radial-gradient(circle at 75% 20%, ${secondary.main}cc 0 12%, transparent 12.5%)`,
              `radial-gradient(circle at 20% 85%, ${secondary.light}99 0 18%, transparent 18.5%)`,
              `repeating-linear-gradient(135deg, ${primary.light}33 0 2px, transparent 2px 24px)`,
              `linear-gradient(160deg, ${primary.main}, ${primary.dark})`,
            ].join(', '),
          }}
        />
      </Box>
      <Footer />
    </Box>
  );
}
