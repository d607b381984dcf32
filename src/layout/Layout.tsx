import { Box, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'ra-core';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { PageLoader } from '../components/PageLoader.tsx';
import { AppBar } from './AppBar.tsx';
import { containerSx } from './containerSx.ts';
import { Footer } from './Footer.tsx';
import { MenuOverlay } from './MenuOverlay.tsx';
import { PageTitleSlot } from './PageTitle.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useFocusNeverLost, useFocusPageAfterMenu } from './useFocusNeverLost.ts';

/**
 * The default layout of spec partner-extranet §2 (react-admin's `layout` prop): header, left
 * navigation, main content, footer. Under 992 px the navigation moves into an overlay.
 */
export function Layout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const translate = useTranslate();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const { pathname } = useLocation();
  // The overlay remembers the page it was opened on: any navigation closes it, with no effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = narrow && openedOn === pathname;
  const menuId = useId();
  useFocusNeverLost();
  useFocusPageAfterMenu(pathname);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main-content"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 'tooltip', p: 1, bgcolor: 'background.paper' },
        }}
      >
        {translate('layout.skipToContent')}
      </Box>
      <AppBar
        withBurger={narrow}
        menuOpen={menuOpen}
        onOpenMenu={() => setOpenedOn(pathname)}
        menuId={menuId}
      />
      <Box sx={[containerSx, { display: 'flex', flex: 1, gap: 3, pt: 2 }]}>
        {!narrow && (
          <Box sx={{ width: 240, flexShrink: 0 }}>
            <SideMenu />
          </Box>
        )}
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, minWidth: 0 }}>
          {/* The page's one h1: react-admin's title portal, filled by the page's title. */}
          <PageTitleSlot />
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </ErrorBoundary>
        </Box>
      </Box>
      <Footer />
      {narrow && <MenuOverlay id={menuId} open={menuOpen} onClose={() => setOpenedOn(null)} />}
    </Box>
  );
}
