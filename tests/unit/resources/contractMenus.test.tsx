// The dropdown menus of the contract list (spec §7 GET /api/menus_contracts, /api/menus_ccn;
// §9 menus by dateDebVal descending; §8 the menus' load error, the menu reset to empty),
// read through the real data provider, msw answering.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { useNotificationContext } from 'ra-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContractMenus } from '../../../src/resources/contracts/ContractMenus.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Toasts() {
  const { notifications } = useNotificationContext();
  return (
    <ul aria-label="toasts">
      {notifications.map((n) => (
        <li key={String(n.message)}>{String(n.message)}</li>
      ))}
    </ul>
  );
}

const open = () =>
  renderScreen(
    <>
      <ContractMenus />
      <Toasts />
    </>,
    { route: '/contrats/liste', at: '/contrats/liste', resource: 'contracts' },
  );

describe('contract dropdown menus', () => {
  it('lists /api/menus_contracts and /api/menus_ccn, newest first', async () => {
    const queries: URL[] = [];
    server.use(
      http.get('*/api/menus_contracts', ({ request }) => {
        queries.push(new URL(request.url));
        return hydraCollection([
          { id: 7, label: 'Grille des garanties 2026', dateDebVal: '2026-01-01' },
          { id: 1, label: 'Conditions générales Santé collective', dateDebVal: '2019-01-01' },
        ]);
      }),
      http.get('*/api/menus_ccn', ({ request }) => {
        queries.push(new URL(request.url));
        return hydraCollection([
          { id: 12, label: 'CCN Métallurgie (IDCC 3248)', dateDebVal: '2024-01-01' },
        ]);
      }),
    );
    open();
    const documents = await screen.findByRole('button', { name: 'Documents contrats' });
    await expect.poll(() => documents.hasAttribute('disabled')).toBe(false);
    expect(queries.map((q) => q.searchParams.get('order[dateDebVal]'))).toEqual(['desc', 'desc']);

    await userEvent.click(documents);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Grille des garanties 2026Depuis le 01/01/2026',
      'Conditions générales Santé collectiveDepuis le 01/01/2019',
    ]);
    await userEvent.click(items[0]);

    const ccn = screen.getByRole('button', { name: 'Conventions collectives (CCN)' });
    await expect.poll(() => ccn.hasAttribute('disabled')).toBe(false);
    await userEvent.click(ccn);
    expect(await screen.findByRole('menuitem', { name: /CCN Métallurgie/ })).toBeInTheDocument();
  });

  it('on a failed load: the §8 message and an empty menu', async () => {
    server.use(
      http.get('*/api/menus_contracts', () => hydraProblem(400, 'non')),
      http.get('*/api/menus_ccn', () => hydraCollection([])),
    );
    open();
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des menus',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Documents contrats' })).toBeDisabled();
  });
});
