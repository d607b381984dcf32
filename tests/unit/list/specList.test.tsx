// The list kit (src/components/list): URL state, flags, honest totals, French load errors,
// details with missing or unknown ids, related lists (spec partner-extranet §4, §8, §9).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { DataTable, TextField, TextInput } from 'react-admin';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  LongDateField,
  RelatedList,
  SpecList,
  SpecShow,
} from '../../../src/components/list/index.ts';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';
import { setViewportWidth } from '../support/viewport.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const companies = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  legalname: `Mutuelle ${i + 1}`,
  createdAt: '2024-03-09',
}));

function CompanyList() {
  return (
    <SpecList
      title="Compagnies"
      loadError="Une erreur est survenue durant le chargement des compagnies"
      sort={{ field: 'legalname', order: 'ASC' }}
      perPageOptions={[10, 25]}
      filters={[<TextInput key="legalname" source="legalname" label="Nom" alwaysOn />]}
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="legalname" label="Nom" />
        <DataTable.Col source="createdAt" label="Créée le" field={LongDateField} />
      </DataTable>
    </SpecList>
  );
}

/** The companies' list opened at `at`: the queries it sent, and where its address is now. */
function openCompanies(
  at: string,
  answer: (query: URLSearchParams) => Response = () => hydraCollection(companies, 10),
) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/insuranceOfCompanies', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return answer(query);
    }),
  );
  let location: Location | undefined;
  const { container } = renderScreen(<CompanyList />, {
    route: '/mutuelles/liste',
    at,
    resource: 'insuranceCompanies',
    onLocation: (l) => {
      location = l;
    },
  });
  return { queries, location: () => location, container };
}

describe('SpecList on a phone', () => {
  const jsdomMatchMedia = window.matchMedia;
  const jsdomWidth = window.innerWidth;
  afterEach(() => {
    window.matchMedia = jsdomMatchMedia;
    window.innerWidth = jsdomWidth;
  });

  it('folds the filters behind « Filtres (n) »: the rows come first, the filters still apply', async () => {
    setViewportWidth(375);
    const { queries } = openCompanies('/mutuelles/liste?filter=%7B%22legalname%22%3A%22Mut%22%7D');
    expect(await screen.findByText('Mutuelle 3')).toBeInTheDocument();
    expect(queries.at(-1)?.get('legalname')).toBe('Mut');
    const toggle = screen.getByRole('button', { name: 'Filtres (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Nom')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Nom')).toBeVisible();
    expect(screen.getByLabelText('Nom')).toHaveValue('Mut');
  });

  it('keeps the filters in view from 600 px up, without the button', async () => {
    setViewportWidth(768);
    openCompanies('/mutuelles/liste');
    expect(await screen.findByText('Mutuelle 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filtres/ })).toBeNull();
  });
});

describe('SpecList', () => {
  it('reads the page with the default order, shows the honest total and keeps state in the URL', async () => {
    const { queries, location } = openCompanies('/mutuelles/liste', () =>
      hydraCollection(companies, 10000, { totalItemsIsLowerBound: true }),
    );
    expect(await screen.findByText('Mutuelle 3')).toBeInTheDocument();
    expect(screen.getAllByText('09/03/2024')).toHaveLength(10);
    expect(screen.getByText(/sur plus de 10\s000/)).toBeInTheDocument();
    expect(queries[0].get('order[legalname]')).toBe('asc');
    expect(queries[0].get('itemsPerPage')).toBe('10');

    await userEvent.type(screen.getByLabelText('Nom'), 'Azur');
    await waitFor(() => expect(queries.at(-1)?.get('legalname')).toBe('Azur'));
    await waitFor(() => expect(location()?.search).toContain('Azur'));
  });

  it('puts a bookmarked order the class does not sort back on the default, never asking it', async () => {
    const { queries, location } = openCompanies('/mutuelles/liste?sort=siren&order=DESC');
    expect(await screen.findByText('Mutuelle 3')).toBeInTheDocument();
    await waitFor(() =>
      expect(new URLSearchParams(location()?.search).get('sort')).toBe('legalname'),
    );
    await waitFor(() => expect(queries.at(-1)?.get('order[legalname]')).toBe('asc'));
    expect(
      queries.flatMap((q) => [...q.keys()]).filter((k) => k.startsWith('order[')),
    ).not.toContain('order[siren]');
    expect(screen.queryByText(/erreur/i)).toBeNull();
  });

  it.each(['-3', '0', 'zz', '2.5'])(
    'opens the first page for a page %s in the address, and says so in the address',
    async (page) => {
      const { queries, location } = openCompanies(`/mutuelles/liste?page=${page}&perPage=10`);
      expect(await screen.findByText('Mutuelle 3')).toBeInTheDocument();
      await waitFor(() => expect(new URLSearchParams(location()?.search).get('page')).toBe('1'));
      expect(queries.map((query) => query.get('page'))).toEqual(queries.map(() => '1'));
    },
  );

  it('puts an order direction other than ASC or DESC back on the default one, in the address too', async () => {
    const { queries, location } = openCompanies('/mutuelles/liste?sort=legalname&order=sideways');
    expect(await screen.findByText('Mutuelle 3')).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(location()?.search).get('order')).toBe('ASC'));
    expect(queries.at(-1)?.get('order[legalname]')).toBe('asc');
  });

  it('asks at most 100 rows for a bookmarked page size, and puts the address back on one offered', async () => {
    const { queries, location } = openCompanies('/mutuelles/liste?perPage=1000000');
    expect(await screen.findByText('Mutuelle 3')).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(location()?.search).get('perPage')).toBe('10'));
    await waitFor(() => expect(queries.at(-1)?.get('itemsPerPage')).toBe('10'));
    expect(Math.max(...queries.map((q) => Number(q.get('itemsPerPage'))))).toBeLessThanOrEqual(100);
  });

  it('says why the API refuses an address (400) and opens the default view, where retrying would fail again', async () => {
    const { location } = openCompanies(
      '/mutuelles/liste?filter=%7B%22legalname%22%3A%22x%22%7D',
      (query) =>
        query.has('legalname')
          ? hydraProblem(400, 'Le paramètre « legalname » doit être une valeur simple.')
          : hydraCollection(companies, 10),
    );
    expect(
      await screen.findByText('Le paramètre « legalname » doit être une valeur simple.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Afficher la liste par défaut' }));
    expect(await screen.findByText('Mutuelle 3')).toBeInTheDocument();
    expect(location()?.search).toBe('');
  });

  it('on a failed load: emptied, error flag, the French message of §8', async () => {
    const { container } = openCompanies('/mutuelles/liste?page=3', () => hydraProblem(500, 'boom'));
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des compagnies',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText('Mutuelle 1')).not.toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
  });
});

function CompanyShow() {
  return (
    <SpecShow
      title="Compagnie"
      loadError="Une erreur est survenue durant le chargement de la compagnie"
      missingId="Identifiant de compagnie manquant"
    >
      <TextField source="legalname" />
      <RelatedList
        reference="contracts"
        target="contractCompanies.organization"
        loadError="Une erreur est survenue durant le chargement des contrats de la compagnie"
        sort={{ field: 'dateDebVal', order: 'ASC' }}
      >
        <DataTable bulkActionButtons={false}>
          <DataTable.Col source="lbContrat" label="Contrat" />
        </DataTable>
      </RelatedList>
    </SpecShow>
  );
}

describe('SpecShow and RelatedList', () => {
  it('shows the record and its related list, filtered by the parent', async () => {
    let related: URLSearchParams | undefined;
    server.use(
      http.get('*/api/insuranceOfCompanies/7', () =>
        Response.json({ '@id': '/api/insuranceOfCompanies/7', id: 7, legalname: 'Mutuelle Azur' }),
      ),
      http.get('*/api/contrats', ({ request }) => {
        related = new URL(request.url).searchParams;
        return hydraCollection([{ id: 1, lbContrat: 'Santé collective' }]);
      }),
    );
    renderScreen(<CompanyShow />, {
      route: '/mutuelles/:id?',
      at: '/mutuelles/7',
      resource: 'insuranceCompanies',
    });
    expect(await screen.findByText('Mutuelle Azur')).toBeInTheDocument();
    expect(await screen.findByText('Santé collective')).toBeInTheDocument();
    expect(related?.get('contractCompanies.organization')).toBe('7');
    expect(related?.get('order[dateDebVal]')).toBe('asc');
  });

  it('says the id is missing, and the server words for an unknown id', async () => {
    renderScreen(<CompanyShow />, {
      route: '/mutuelles/:id?',
      at: '/mutuelles',
      resource: 'insuranceCompanies',
    });
    expect(await screen.findByText('Identifiant de compagnie manquant')).toBeInTheDocument();
  });

  it('an unknown id shows the server words, without a redirect', async () => {
    server.use(
      http.get('*/api/insuranceOfCompanies/99', () =>
        hydraProblem(404, 'Cette compagnie est introuvable.'),
      ),
    );
    renderScreen(<CompanyShow />, {
      route: '/mutuelles/:id?',
      at: '/mutuelles/99',
      resource: 'insuranceCompanies',
    });
    const found = await screen.findAllByText('Cette compagnie est introuvable.');
    expect(found.length).toBeGreaterThanOrEqual(1);
  });
});
