import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { TestMemoryRouter } from 'ra-core';
import { AdminContext, AdminUI, CustomRoutes, memoryStore, testDataProvider } from 'react-admin';
import { type Location, Route } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { themeFor } from '../../../src/layout/index.ts';
import { MaintenanceGate } from '../../../src/pages/maintenance/index.ts';
import { AppNotification } from '../../../src/providers/AppNotification.tsx';
import { createHttpClient } from '../../../src/providers/httpClient.ts';
import { i18nProvider } from '../../../src/providers/i18nProvider.ts';
import {
  getMaintenanceFlag,
  resetMaintenanceFlag,
  setMaintenanceFlag,
} from '../../../src/providers/maintenanceFlag.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => resetMaintenanceFlag());

const http0 = createHttpClient({
  getBearer: async () => null,
  navigate: () => undefined,
  onMaintenance: () => setMaintenanceFlag(true),
  backoffMs: () => 0,
});

/** A flag answer that waits until released, to look at the app before it arrives. */
function flagAnswer(maintenance: boolean | 'error') {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get('*/api/maintenance', async () => {
      await released;
      return maintenance === 'error'
        ? HttpResponse.json({ 'hydra:description': 'boom' }, { status: 500 })
        : HttpResponse.json({ maintenance });
    }),
  );
  return release;
}

function renderGate(path: string) {
  let location: Location | undefined;
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l)}>
      <AdminContext
        dataProvider={testDataProvider()}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        theme={themeFor('ageo')}
      >
        <MaintenanceGate http={http0}>
          <AdminUI notification={AppNotification} disableTelemetry>
            <CustomRoutes noLayout>
              <Route path="/" element={<p>Accueil de l'application</p>} />
              <Route path="/contrats/liste" element={<p>Liste des contrats</p>} />
            </CustomRoutes>
          </AdminUI>
        </MaintenanceGate>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return () => location?.pathname;
}

// spec partner-extranet §4, §9 and administration §2, §8.
describe('MaintenanceGate', () => {
  it('holds the app back until the flag is fetched (true until fetched)', async () => {
    expect(getMaintenanceFlag()).toEqual({ maintenance: true, fetched: false });
    const release = flagAnswer(false);
    renderGate('/contrats/liste');
    expect(await screen.findByText('Chargement...')).toBeInTheDocument();
    expect(screen.queryByText('Liste des contrats')).toBeNull();
    expect(screen.queryByText('Site en maintenance')).toBeNull();
    release();
    expect(await screen.findByText('Liste des contrats')).toBeInTheDocument();
  });

  it('sends every route to /maintenance while the flag is on', async () => {
    flagAnswer(true)();
    const path = renderGate('/contrats/liste');
    expect(await screen.findByRole('heading', { name: 'Site en maintenance' })).toBeInTheDocument();
    expect(path()).toBe('/maintenance');
    expect(screen.queryByText('Liste des contrats')).toBeNull();
  });

  it('returns home from /maintenance when the flag is off', async () => {
    flagAnswer(false)();
    const path = renderGate('/maintenance');
    expect(await screen.findByText("Accueil de l'application")).toBeInTheDocument();
    expect(path()).toBe('/');
  });

  it('lets the visitor in once the maintenance is over (retry button)', async () => {
    flagAnswer(true)();
    const path = renderGate('/contrats/liste');
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    flagAnswer(false)();
    await userEvent.click(retry);
    // Back to the page asked for, not home.
    expect(await screen.findByText('Liste des contrats')).toBeInTheDocument();
    expect(path()).toBe('/contrats/liste');
  });

  it('keeps the legal notice readable, public as it is', async () => {
    flagAnswer(true)();
    const path = renderGate('/mentions/mentions_legales/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mentions légales' }),
    ).toBeVisible();
    expect(path()).toBe('/mentions/mentions_legales/');
  });

  it('shows the app with a toast when the flag cannot be read', async () => {
    flagAnswer('error')();
    renderGate('/contrats/liste');
    expect(await screen.findByText('Liste des contrats')).toBeInTheDocument();
    expect(await screen.findByText('Une erreur est survenue : maintenance')).toBeInTheDocument();
    expect(getMaintenanceFlag()).toEqual({ maintenance: false, fetched: true });
  });

  it('goes to /maintenance when an API call meets the 503 of the maintenance', async () => {
    flagAnswer(false)();
    const path = renderGate('/contrats/liste');
    expect(await screen.findByText('Liste des contrats')).toBeInTheDocument();
    server.use(
      http.get('*/api/contrats', () =>
        HttpResponse.json({ 'hydra:description': 'Site en maintenance' }, { status: 503 }),
      ),
    );
    await expect(http0('/api/contrats')).rejects.toMatchObject({ status: 503 });
    await waitFor(() => expect(path()).toBe('/maintenance'));
    expect(await screen.findByRole('heading', { name: 'Site en maintenance' })).toBeInTheDocument();
  });
});
