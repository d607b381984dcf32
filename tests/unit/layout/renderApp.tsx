// Renders the whole react-admin app (the layout, the routes of src/routes.tsx, the catch-all) at
// a path, for one demo account, at a given window width.
import { configure, render } from '@testing-library/react';
import {
  type AuthProvider,
  CustomRoutes,
  type DataProvider,
  memoryStore,
  mergeTranslations,
  TestMemoryRouter,
  testDataProvider,
} from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { Admin } from 'react-admin';
import type { Location } from 'react-router-dom';
import { vi } from 'vitest';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../../src/domain/demoAccounts.ts';
import { expandRoles } from '../../../src/domain/roles.ts';
import type { Permissions } from '../../../src/domain/session.ts';
import { layoutMessages } from '../../../src/i18n/layout.fr.ts';
import { Layout, themeFor } from '../../../src/layout/index.ts';
import { NotFound } from '../../../src/pages/errors/index.ts';
import { createQueryClient } from '../../../src/providers/queryClient.ts';
import { appResources, noLayoutRoutes } from '../../../src/routes.tsx';
import { setViewportWidth } from '../support/viewport.ts';

// The first render of a file loads react-admin, MUI and the lazy pages: on a busy 2-core machine
// that takes seconds, well past Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

export const i18nProvider = polyglotI18nProvider(
  () => mergeTranslations(frenchMessages, layoutMessages),
  'fr',
);

export const demoAccount = (username: string): DemoAccount => {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  return account;
};

export function fakeAuthProvider(account: DemoAccount): AuthProvider {
  const permissions: Permissions = {
    givenRoles: account.roles,
    roles: expandRoles(account.roles),
  };
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    getIdentity: async () => ({
      id: account.username,
      fullName: `${account.firstname} ${account.lastname}`,
    }),
  };
}

export { setViewportWidth };

export interface RenderAppOptions {
  username?: string;
  path?: string;
  width?: number;
  /** What the screens read; by default a provider that answers nothing. */
  dataProvider?: DataProvider;
}

/** Renders the app; `location()` reads the router's current location. */
export function renderApp({
  username = 'ageo',
  path = '/',
  width = 1280,
  dataProvider = testDataProvider(),
}: RenderAppOptions = {}) {
  setViewportWidth(width);
  let current: Location | undefined;
  const view = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (current = l)}>
      <Admin
        queryClient={createQueryClient()}
        authProvider={fakeAuthProvider(demoAccount(username))}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        theme={themeFor('ageo')}
        layout={Layout}
        catchAll={NotFound}
        disableTelemetry
      >
        <CustomRoutes noLayout>{noLayoutRoutes}</CustomRoutes>
        {(permissions: Permissions) => appResources(permissions)}
      </Admin>
    </TestMemoryRouter>,
  );
  const location = () => {
    if (!current) throw new Error('no location yet');
    return current;
  };
  return { ...view, location };
}
