import { render, screen } from '@testing-library/react';
import { CoreAdminContext, TestMemoryRouter } from 'ra-core';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Guard } from '../../../src/components/Guard.tsx';
import type { GuardRule } from '../../../src/domain/access.ts';
import { i18nProvider } from './renderApp.tsx';

const renderGuarded = (rule: GuardRule, getPermissions: () => Promise<unknown>) =>
  render(
    <TestMemoryRouter initialEntries={['/page']}>
      <CoreAdminContext
        i18nProvider={i18nProvider}
        authProvider={{
          login: async () => undefined,
          logout: async () => undefined,
          checkAuth: async () => undefined,
          checkError: async () => undefined,
          getPermissions,
        }}
      >
        <Routes>
          <Route
            path="/page"
            element={
              <Guard rule={rule}>
                <p>Contenu protégé</p>
              </Guard>
            }
          />
          <Route path="/404" element={<p>Page 404</p>} />
        </Routes>
      </CoreAdminContext>
    </TestMemoryRouter>,
  );

describe('Guard', () => {
  it('shows the loader while the permissions load, never the page', async () => {
    renderGuarded({ area: 'admin' }, () => new Promise(() => undefined));
    expect(await screen.findByText('Chargement...')).toBeInTheDocument();
    expect(screen.queryByText('Contenu protégé')).toBeNull();
  });

  it('renders the page once the permissions open it', async () => {
    renderGuarded({ area: 'admin' }, async () => ({
      givenRoles: ['PROFILE_ADMIN_AGEO'],
      roles: ['PROFILE_ADMIN_AGEO'],
    }));
    expect(await screen.findByText('Contenu protégé')).toBeInTheDocument();
  });

  it('redirects when they do not', async () => {
    renderGuarded({ area: 'admin' }, async () => ({ givenRoles: [], roles: ['ROLE_USER'] }));
    expect(await screen.findByText('Page 404')).toBeInTheDocument();
  });

  it('lets an unguarded page through without waiting', () => {
    renderGuarded({}, () => new Promise(() => undefined));
    expect(screen.getByText('Contenu protégé')).toBeInTheDocument();
  });
});
