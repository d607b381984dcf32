// The business provider screens (/apporteurs/liste, /apporteurs/{id}) with the real data
// provider, msw answering: columns of spec §3, order by legal name, a filter and the page as the
// API takes them, the §8 messages, the detail's 'error' default and its related lists.

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BusinessProvider } from '../../../src/domain/schema/organization.ts';
import { BusinessProviderList } from '../../../src/resources/businessProviders/BusinessProviderList.tsx';
import { BusinessProviderShow } from '../../../src/resources/businessProviders/BusinessProviderShow.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const provider = (id: number, overrides: Record<string, unknown> = {}) => ({
  '@id': `/api/businessProviders/${id}`,
  '@type': 'BusinessProvider',
  id,
  legalname: `Cabinet Durand ${id}`,
  streetAddress: '12 rue de la République',
  streetAddress2: null,
  postalCode: '69002',
  addressLocality: 'Lyon',
  addressCountry: 'FRANCE',
  legalForm: 'SARL',
  siret: `4521789630001${id}`,
  ape: '6622Z',
  orias: `0701${id}`,
  ...overrides,
});

const providers = Array.from({ length: 10 }, (_, i) => provider(i + 1));

function list(onLocation?: (location: Location) => void) {
  return renderScreen(<BusinessProviderList title="Apporteurs" />, {
    route: '/apporteurs/liste',
    at: '/apporteurs/liste',
    resource: 'businessProviders',
    onLocation,
  });
}

describe('/apporteurs/liste', () => {
  it('shows legal name, town, postal code, SIRET and ORIAS, by legal name, 10 a page', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/businessProviders', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection(providers, 34);
      }),
    );
    let location: Location | undefined;
    list((l) => {
      location = l;
    });
    const row = (await screen.findByText('Cabinet Durand 3')).closest('tr') as HTMLElement;
    for (const text of ['Lyon', '69002', '45217896300013', '07013']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    // Headed by the declaration's labels (resources.businessProviders.fields.*).
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      (['legalname', 'addressLocality', 'postalCode', 'siret', 'orias'] as const).map(
        (source) => BusinessProvider.properties[source].label,
      ),
    );
    expect(queries[0].get('order[legalname]')).toBe('asc');
    expect(queries[0].get('itemsPerPage')).toBe('10');
    expect(queries[0].get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: /prochaine page/i }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await userEvent.type(screen.getByLabelText('Raison sociale'), 'Durand');
    await waitFor(() => expect(queries.at(-1)?.get('legalname')).toBe('Durand'));
    expect(queries.at(-1)?.get('page')).toBe('1');

    await userEvent.click(await screen.findByText('Cabinet Durand 3'));
    await waitFor(() => expect(location?.pathname).toBe('/apporteurs/3'));
  });

  it('says the French message of §8 when the list cannot be loaded', async () => {
    server.use(http.get('*/api/businessProviders', () => hydraProblem(500, 'boom')));
    const { container } = list();
    const found = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des apporteurs',
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
  });
});

const show = (at: string) =>
  renderScreen(<BusinessProviderShow title="Apporteur" />, {
    route: '/apporteurs/:id?',
    at,
    resource: 'businessProviders',
  });

describe('/apporteurs/{id}', () => {
  it('shows the provider, its contracts and its products, each filtered by the provider', async () => {
    const asked: Record<string, URLSearchParams> = {};
    server.use(
      http.get('*/api/businessProviders/7', () => Response.json(provider(7))),
      http.get('*/api/contrats', ({ request }) => {
        asked.contracts = new URL(request.url).searchParams;
        return hydraCollection([{ id: 12, lbContrat: 'CT-0012', dateDebVal: '2024-01-01' }]);
      }),
      http.get('*/api/products', ({ request }) => {
        asked.products = new URL(request.url).searchParams;
        return hydraCollection([{ id: 3, lbProduit: 'Santé Entreprise', lbType: 'S' }]);
      }),
    );
    show('/apporteurs/7');
    expect(await screen.findByText('Cabinet Durand 7')).toBeInTheDocument();
    for (const text of ['12 rue de la République', 'FRANCE', 'SARL', '45217896300017', '6622Z']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('07017')).toBeInTheDocument();
    expect(await screen.findByText('CT-0012')).toBeInTheDocument();
    expect(await screen.findByText('Santé Entreprise')).toBeInTheDocument();
    expect(asked.contracts.get('contractBusinessProviders.organization')).toBe('7');
    expect(asked.contracts.has('id')).toBe(false);
    expect(asked.contracts.get('order[dateDebVal]')).toBe('asc');
    expect(asked.products.get('contracts.organizations.organization.id')).toBe('7');
    expect(asked.products.get('order[lbProduit]')).toBe('asc');
  });

  it("reads 'error' for a provider without a name; the contracts' own §8 message", async () => {
    server.use(
      http.get('*/api/businessProviders/8', () => Response.json(provider(8, { legalname: null }))),
      http.get('*/api/contrats', () => hydraProblem(500, 'boom')),
      http.get('*/api/products', () => hydraCollection([])),
    );
    show('/apporteurs/8');
    expect(await screen.findByText('error')).toBeInTheDocument();
    const found = await screen.findAllByText(
      "Une erreur est survenue durant le chargement des contrats de l'apporteur",
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('Aucun produit.')).toBeInTheDocument();
  });

  it('says the id is missing', async () => {
    show('/apporteurs');
    expect(await screen.findByText("Identifiant d'apporteur manquant")).toBeInTheDocument();
  });

  it('an unknown provider shows the server words', async () => {
    server.use(
      http.get('*/api/businessProviders/99', () =>
        hydraProblem(404, 'Cet apporteur est introuvable.'),
      ),
    );
    show('/apporteurs/99');
    expect((await screen.findAllByText('Cet apporteur est introuvable.')).length).toBeGreaterThan(
      0,
    );
  });
});
