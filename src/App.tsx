import { CacheProvider } from '@emotion/react';
import { CustomRoutes } from 'ra-core';
import { useLayoutEffect, useState } from 'react';
import { AdminContext, AdminUI } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { BRAND_COLOURS, type Brand } from './domain/brands.ts';
import type { Permissions, PublicConfig } from './domain/session.ts';
import { Layout, themeFor } from './layout/index.ts';
import { spaceName } from './layout/PageTitle.tsx';
import { NotFound } from './pages/errors/index.ts';
import { MaintenanceGate } from './pages/maintenance/index.ts';
import { LoadingScreen, sessionRoutes } from './pages/session/index.tsx';
import { AppNotification } from './providers/AppNotification.tsx';
import { NO_PERMISSIONS } from './providers/auth/identity.ts';
import type { AppAuthProvider } from './providers/authProvider.ts';
import { createHydraDataProvider } from './providers/dataProvider.ts';
import { httpClient } from './providers/httpClient.ts';
import { i18nProvider } from './providers/i18nProvider.ts';
import { NavigatorBridge } from './providers/NavigatorBridge.tsx';
import { PublicConfigContext } from './providers/publicConfigContext.tsx';
import { createQueryClient } from './providers/queryClient.ts';
import { UnexpectedFailureToast } from './providers/UnexpectedFailureToast.tsx';
import { API_ROUTES } from './resources/api.ts';
import { appResources, noLayoutRoutes } from './routes.tsx';
import { createStyleCache } from './styleCache.ts';

const dataProvider = createHydraDataProvider(httpClient, { routes: API_ROUTES });

/** react-admin's loading page (its props are not ours). */
const AppLoading = () => <LoadingScreen />;

/**
 * The browser title names the partner space of the brand (spec partner-extranet §1); each page
 * puts its own name before it ("Contrat 12345 – Espace partenaire AGEO", layout/PageTitle.tsx).
 */
export function pageTitle(brand: string): string {
  return spaceName(BRAND_COLOURS[brand as Brand]?.name ?? brand);
}

/**
 * react-admin's <Admin>, split into its two halves (AdminContext + AdminUI, as <Admin> itself
 * is) so that the maintenance gate sits inside the router, i18n and notifications, and before
 * anything that needs a session.
 */
export function App({
  config,
  authProvider,
}: {
  config: PublicConfig;
  authProvider: AppAuthProvider;
}) {
  const title = pageTitle(config.brand);
  // A layout effect: it runs before the pages' effects, which name the page after it.
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  // MUI's styles carry the page's nonce (src/styleCache.ts, server/src/http/securityHeaders.ts).
  const [styleCache] = useState(createStyleCache);
  const [queryClient] = useState(createQueryClient);

  // Our own BrowserRouter: react-admin would otherwise create a hash router, and the spec's
  // addresses (/contrats/liste, bookmarks, the OIDC /callback) are real paths. Without
  // transitions: react-admin's sign-out (LogoutOnMount, query cache cleared, auth re-checked)
  // keeps interrupting a transition-wrapped location update, so the move to /login never landed.
  return (
    <CacheProvider value={styleCache}>
      <BrowserRouter useTransitions={false}>
        <AdminContext
          queryClient={queryClient}
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          theme={themeFor(config.brand)}
        >
          <PublicConfigContext.Provider value={config}>
            <NavigatorBridge />
            <UnexpectedFailureToast />
            <MaintenanceGate>
              <AdminUI
                title={title}
                layout={Layout}
                loading={AppLoading}
                notification={AppNotification}
                catchAll={NotFound}
                loginPage={false}
                requireAuth
                disableTelemetry
              >
                <CustomRoutes noLayout>
                  {sessionRoutes}
                  {noLayoutRoutes}
                </CustomRoutes>
                {(permissions: Permissions | undefined) =>
                  appResources(permissions ?? NO_PERMISSIONS)
                }
              </AdminUI>
            </MaintenanceGate>
          </PublicConfigContext.Provider>
        </AdminContext>
      </BrowserRouter>
    </CacheProvider>
  );
}
