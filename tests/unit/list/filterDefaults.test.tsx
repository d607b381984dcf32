// A list's default filters are where its menu entry and its reset lead (issue 17 #8): the menu
// link opens the default view, not the last filters; "Réinitialiser les filtres" returns to the
// defaults instead of dropping them; an address without filters (a bookmarked page or order)
// starts from them too.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { DataTable, FilterButton, SelectArrayInput, TextInput, TopToolbar } from 'react-admin';
import { Link } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Col, SpecList } from '../../../src/components/list/index.ts';
import { hydraCollection } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const queries: URLSearchParams[] = [];
const server = setupServer(
  http.get('*/api/contrats', ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    return hydraCollection([{ '@id': '/api/contracts/1', id: 1, lbContrat: 'CT-1' }], 1);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});
afterAll(() => server.close());

const filters = [
  <SelectArrayInput
    key="state"
    source="state"
    label="État"
    choices={[
      { id: 1, name: 'Actif' },
      { id: 2, name: 'Impayé' },
      { id: 3, name: 'Résilié' },
    ]}
  />,
  <TextInput key="lbContrat" source="lbContrat" label="Contrat" />,
];

function Screen() {
  return (
    <>
      <Link to="/liste">Contrats (menu)</Link>
      <SpecList
        title="Contrats"
        loadError="Erreur"
        filters={filters}
        filterDefaultValues={{ state: [1, 2] }}
        actions={
          <TopToolbar>
            <FilterButton />
          </TopToolbar>
        }
      >
        <DataTable bulkActionButtons={false}>
          <Col source="lbContrat" />
        </DataTable>
      </SpecList>
    </>
  );
}

const filtered = `/liste?${new URLSearchParams({
  filter: JSON.stringify({ state: [3], lbContrat: 'CT' }),
  displayedFilters: JSON.stringify({ state: true, lbContrat: true }),
})}`;

const last = () => queries[queries.length - 1];

describe('default filters', () => {
  it('the menu entry opens the default view, not the last filters', async () => {
    renderScreen(<Screen />, { route: '/liste', at: filtered, resource: 'contracts' });
    await waitFor(() => expect(last()?.getAll('state[]')).toEqual(['3']));
    expect(last().get('lbContrat')).toBe('CT');

    await userEvent.click(screen.getByRole('link', { name: 'Contrats (menu)' }));
    await waitFor(() => expect(last().getAll('state[]')).toEqual(['1', '2']));
    expect(last().get('lbContrat')).toBeNull();
  });

  it('"Réinitialiser les filtres" returns to the defaults', async () => {
    renderScreen(<Screen />, { route: '/liste', at: filtered, resource: 'contracts' });
    await waitFor(() => expect(last()?.getAll('state[]')).toEqual(['3']));

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un filtre' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Réinitialiser les filtres' }),
    );
    await waitFor(() => expect(last().getAll('state[]')).toEqual(['1', '2']));
    expect(last().get('lbContrat')).toBeNull();
    expect(screen.queryByText('Supprimer tous les filtres')).toBeNull();
  });

  it('an address without filters (a page, an order) starts from the defaults, keeping the rest', async () => {
    const locations: string[] = [];
    renderScreen(<Screen />, {
      route: '/liste',
      at: '/liste?page=2&sort=lbContrat&order=DESC',
      resource: 'contracts',
      onLocation: (location) => locations.push(location.search),
    });
    await waitFor(() => expect(last()?.getAll('state[]')).toEqual(['1', '2']));
    expect(queries.every((q) => q.getAll('state[]').length === 2)).toBe(true);
    const address = new URLSearchParams(locations.at(-1));
    expect(JSON.parse(address.get('filter') ?? '')).toEqual({ state: [1, 2] });
    expect(address.get('page')).toBe('2');
    expect(last().get('order[lbContrat]')).toBe('desc');
  });

  it('an address with filters, even none, keeps them', async () => {
    renderScreen(<Screen />, {
      route: '/liste',
      at: `/liste?${new URLSearchParams({ filter: '{}' })}`,
      resource: 'contracts',
    });
    await waitFor(() => expect(last()).toBeDefined());
    expect(last().getAll('state[]')).toEqual([]);
  });
});
