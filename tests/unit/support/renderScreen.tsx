// Renders one screen of the app at its spec route, inside react-admin with the REAL Hydra data
// provider and HTTP client (msw answers the API: tests/unit/support/hydra.ts), French i18n and
// a memory router, for the component tests of the business screens.
import { configure, render } from '@testing-library/react';
import {
  CustomRoutes,
  memoryStore,
  Resource,
  ResourceContextProvider,
  TestMemoryRouter,
} from 'ra-core';
import type { ReactElement, ReactNode } from 'react';
import { Admin } from 'react-admin';
import type { Location } from 'react-router-dom';
import { Route } from 'react-router-dom';
import { vi } from 'vitest';
import type { PublicConfig } from '../../../src/domain/session.ts';
import { PageTitleSlot } from '../../../src/layout/PageTitle.tsx';
import { createHydraDataProvider } from '../../../src/providers/dataProvider.ts';
import { createHttpClient } from '../../../src/providers/httpClient.ts';
import { i18nProvider } from '../../../src/providers/i18nProvider.ts';
import { PublicConfigContext } from '../../../src/providers/publicConfigContext.tsx';
import { createQueryClient } from '../../../src/providers/queryClient.ts';
import { createResponseCache } from '../../../src/providers/responseCache.ts';
import { API_ROUTES } from '../../../src/resources/api.ts';
import { demoAccount, fakeAuthProvider } from '../layout/renderApp.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

export interface ScreenOptions {
  /** The spec route pattern the page is mounted on, e.g. '/contrats/:id?'. */
  route: string;
  /** The address opened, e.g. '/contrats/12'. */
  at: string;
  /** react-admin resource name the page works on. */
  resource: string;
  /** Demo account whose permissions apply (default vendeur). */
  account?: string;
  /** Every location the router goes through (for redirections and URL state). */
  onLocation?: (location: Location) => void;
  /** The public configuration (GET /api/config) the app would have read; none by default. */
  config?: PublicConfig;
}

/** A data provider whose HTTP client talks to msw without delays or routing side effects. */
export function testHydraDataProvider() {
  const http = createHttpClient({
    getBearer: async () => 'test-token',
    navigate: () => undefined,
    onMaintenance: () => undefined,
    backoffMs: () => 0,
  });
  return createHydraDataProvider(http, {
    routes: API_ROUTES,
    cache: createResponseCache({ userKey: async () => null }),
  });
}

/**
 * The app layout's main content, without its header and menu: the page's one h1 (react-admin's
 * title portal, src/layout/PageTitle.tsx) above the screen.
 */
function ScreenLayout({ children }: { children?: ReactNode }) {
  return (
    <main>
      <PageTitleSlot />
      {children}
    </main>
  );
}

export function renderScreen(page: ReactElement, options: ScreenOptions) {
  const account = demoAccount(options.account ?? 'vendeur');
  return render(
    <PublicConfigContext.Provider value={options.config ?? null}>
      <TestMemoryRouter initialEntries={[options.at]} locationCallback={options.onLocation}>
        <Admin
          queryClient={createQueryClient()}
          authProvider={fakeAuthProvider(account)}
          dataProvider={testHydraDataProvider()}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          layout={ScreenLayout}
          disableTelemetry
        >
          <Resource name={options.resource} />
          <CustomRoutes>
            <Route
              path={options.route}
              element={
                <ResourceContextProvider value={options.resource}>{page}</ResourceContextProvider>
              }
            />
          </CustomRoutes>
        </Admin>
      </TestMemoryRouter>
    </PublicConfigContext.Provider>,
  );
}
