// The customer screens (/Clients/liste, /Clients/{id}) with the real data provider, msw
// answering: columns of spec §3, order by id, filters (text and customer group from the cached
// option list) and page as the API takes them, the §8 messages, the detail and its four related
// lists, the missing-id messages.

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Customer } from '../../../src/domain/schema/customer.ts';
import { CustomerList } from '../../../src/resources/customers/CustomerList.tsx';
import { CustomerInsureds } from '../../../src/resources/customers/CustomerRelated.tsx';
import { CustomerShow } from '../../../src/resources/customers/CustomerShow.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const customer = (id: number, overrides: Record<string, unknown> = {}) => ({
  '@id': `/api/customers/${id}`,
  '@type': 'Customer',
  id,
  subscriber: `Boulangerie Martin ${id}`,
  legalname: `Boulangerie Martin ${id}`,
  siret: `3214569870001${id}`,
  streetAddress: '8 avenue Jean Jaurès',
  postalCode: '31000',
  addressLocality: 'Toulouse',
  idCc1: '843',
  customerGroup: { '@id': '/api/customersGroups/2', id: 2, label: 'Artisans du Sud' },
  secondaryGroup: null,
  numberOfContract: 3,
  nbrBeneficiary: 17,
  ...overrides,
});

const customers = Array.from({ length: 10 }, (_, i) => customer(i + 1));
const groups = [
  { '@id': '/api/customersGroups/2', id: 2, label: 'Artisans du Sud', hermesId: 'GC0002' },
  { '@id': '/api/customersGroups/5', id: 5, label: 'Commerces de Bretagne', hermesId: 'GC0005' },
];

function list(at = '/Clients/liste', onLocation?: (location: Location) => void) {
  return renderScreen(<CustomerList title="Souscripteurs" />, {
    route: '/Clients/liste',
    at,
    resource: 'customers',
    onLocation,
  });
}

describe('/Clients/liste', () => {
  it('shows subscriber, SIRET, postal code, town and counts, by id ascending, 10 a page', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/customers', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection(customers, 57);
      }),
      http.get('*/api/customersGroups', () => hydraCollection(groups)),
    );
    let location: Location | undefined;
    list('/Clients/liste', (l) => {
      location = l;
    });
    const row = (await screen.findByText('Boulangerie Martin 2')).closest('tr') as HTMLElement;
    for (const text of ['32145698700012', '31000', 'Toulouse', '3', '17']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    // Headed by the declaration's labels (resources.customers.fields.*).
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      (
        [
          'subscriber',
          'siret',
          'postalCode',
          'addressLocality',
          'numberOfContract',
          'nbrBeneficiary',
        ] as const
      ).map((source) => Customer.properties[source].label),
    );
    expect(queries[0].get('order[id]')).toBe('asc');
    expect(queries[0].get('itemsPerPage')).toBe('10');
    expect(queries[0].get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: /prochaine page/i }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await userEvent.type(screen.getByLabelText('Souscripteur'), 'Martin');
    await waitFor(() => expect(queries.at(-1)?.get('subscriber')).toBe('Martin'));
    expect(queries.at(-1)?.get('page')).toBe('1');

    await userEvent.click(await screen.findByText('Boulangerie Martin 2'));
    await waitFor(() => expect(location?.pathname).toBe('/Clients/2'));
  });

  it('filters by customer group, its options from GET /api/customersGroups', async () => {
    const queries: URLSearchParams[] = [];
    let groupQuery: URLSearchParams | undefined;
    server.use(
      http.get('*/api/customers', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection(customers.slice(0, 2));
      }),
      http.get('*/api/customersGroups', ({ request }) => {
        groupQuery = new URL(request.url).searchParams;
        return hydraCollection(groups);
      }),
    );
    list();
    await screen.findByText('Boulangerie Martin 2');
    await waitFor(() => expect(groupQuery?.get('order[label]')).toBe('asc'));
    await userEvent.click(screen.getByLabelText('Groupe client'));
    await userEvent.click(await screen.findByRole('option', { name: 'Commerces de Bretagne' }));
    await waitFor(() => expect(queries.at(-1)?.get('customerGroup.id')).toBe('5'));
  });

  it('says the French messages of §8: customers, and customer groups', async () => {
    server.use(
      http.get('*/api/customers', () => hydraProblem(500, 'boom')),
      http.get('*/api/customersGroups', () => hydraProblem(500, 'boom')),
    );
    const { container } = list();
    expect(
      (await screen.findAllByText('Une erreur est survenue durant le chargement des clients'))
        .length,
    ).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
    // The toasts come one after the other.
    expect(
      await screen.findByText(
        'Une erreur est survenue durant le chargement des groupes clients',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
  });
});

const show = (at: string) =>
  renderScreen(<CustomerShow title="Souscripteur" />, {
    route: '/Clients/:id?',
    at,
    resource: 'customers',
  });

describe('/Clients/{id}', () => {
  it('shows the customer with its contracts, products, premiums and insured', async () => {
    const asked: Record<string, URLSearchParams> = {};
    const remember =
      (name: string) =>
      ({ request }: { request: Request }) => {
        asked[name] = new URL(request.url).searchParams;
      };
    server.use(
      http.get('*/api/customers/4', () => Response.json(customer(4))),
      http.get('*/api/customers/4/contracts', (info) => {
        remember('contracts')(info);
        return hydraCollection([{ id: 12, lbContrat: 'CT-0012', dateDebVal: '2024-01-01' }]);
      }),
      http.get('*/api/products_by_customer', (info) => {
        remember('products')(info);
        return hydraCollection([{ id: 3, lbProduit: 'Santé Entreprise', lbType: 'S' }]);
      }),
      http.get('*/api/cotisations_by_customers', (info) => {
        remember('premiums')(info);
        return hydraCollection([
          {
            id: 90,
            status: 'I',
            paidByClient: false,
            insured: { firstname: 'Léa', lastname: 'Moreau' },
            contrat: { id: 12, lbContrat: 'CT-0012', lbSouscrip: 'Boulangerie Martin 4' },
            dtDebVal: '2026-01-01',
            dtFinVal: '2026-03-31',
            numMontant: 120,
            numFraisImpay: 5.5,
            amountPaid: 0,
            lbModePaie: null,
          },
        ]);
      }),
      http.get('*/api/assures', (info) => {
        remember('insureds')(info);
        return hydraCollection([
          { id: 501, lastname: 'Moreau', firstname: 'Léa', postalCode: '31000' },
        ]);
      }),
    );
    show('/Clients/4');
    expect(await screen.findByText('Boulangerie Martin 4')).toBeInTheDocument();
    for (const text of ['8 avenue Jean Jaurès', '843', 'Artisans du Sud', '17']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect((await screen.findAllByText('CT-0012')).length).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('Santé Entreprise')).toBeInTheDocument();
    expect(await screen.findByText('Léa Moreau')).toBeInTheDocument();
    expect(screen.getByText('Impayé')).toBeInTheDocument();
    expect(await screen.findByText('Moreau')).toBeInTheDocument();
    expect(asked.contracts.get('order[state]')).toBe('asc');
    expect(asked.products.get('contracts.customer.id')).toBe('4');
    expect(asked.products.has('id')).toBe(false);
    expect(asked.premiums.get('contrat.customer')).toBe('4');
    expect(asked.premiums.get('order[dtDebVal]')).toBe('desc');
    expect(asked.insureds.get('customer.id')).toBe('4');
    // The customer's insured persons export to Excel and CSV (spec §5, named assurés_4).
    const insureds = screen.getByRole('region', { name: 'Assurés' });
    for (const format of ['Excel', 'CSV']) {
      expect(within(insureds).getByRole('button', { name: format })).toBeVisible();
    }
  });

  it("says each related list's own §8 message", async () => {
    server.use(
      http.get('*/api/customers/4', () => Response.json(customer(4))),
      http.get('*/api/customers/4/contracts', () => hydraProblem(500, 'boom')),
      http.get('*/api/products_by_customer', () => hydraProblem(500, 'boom')),
      http.get('*/api/cotisations_by_customers', () => hydraProblem(500, 'boom')),
      http.get('*/api/assures', () => hydraProblem(500, 'boom')),
    );
    show('/Clients/4');
    const during = 'Une erreur est survenue durant le chargement';
    const wanted = [
      'des contrats pour ce client',
      'des produits',
      'des cotisations',
      'des affiliés',
    ].map((what) => `${during} ${what}`);
    await waitFor(() => {
      const shown = screen.getAllByRole('alert').map((alert) => alert.textContent);
      for (const message of wanted) expect(shown).toContain(message);
    });
  });

  it('says the id is missing', async () => {
    show('/Clients');
    expect(await screen.findByText('Identifiant de souscripteur manquant')).toBeInTheDocument();
  });

  it("the customer's insured need its id: 'Missing customer ID' (spec §5)", () => {
    render(<CustomerInsureds id={undefined} />);
    expect(screen.getByText('Missing customer ID')).toBeInTheDocument();
  });
});
