// The product screens (/Produits/liste, /Produits/{id}) with the real data provider, msw
// answering: the columns and display rules of spec §3, the default order, filters and page sent
// as the API takes them, the French load errors of §8, the detail and its contracts.

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Product } from '../../../src/domain/schema/product.ts';
import { ProductList } from '../../../src/resources/products/ProductList.tsx';
import { ProductShow } from '../../../src/resources/products/ProductShow.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const product = (id: number, overrides: Record<string, unknown> = {}) => ({
  '@id': `/api/products/${id}`,
  '@type': 'Product',
  id,
  lbProduit: `Santé Collective ${id}`,
  lbTypeContrat: 'Collectif',
  lbType: 'S',
  blBloqueDec: false,
  dtDatBloque: null,
  insuranceCompany: { '@id': '/api/insuranceOfCompanies/40', id: 40, legalname: 'Mutuelle Azur' },
  ...overrides,
});

const catalogue = [
  product(1, {
    lbProduit: 'Prévoyance Cadres',
    lbType: 'P',
    blBloqueDec: true,
    dtDatBloque: '2025-03-31',
  }),
  ...Array.from({ length: 9 }, (_, i) => product(i + 2)),
];

function list(onLocation?: (location: Location) => void) {
  return renderScreen(<ProductList title="Produits" />, {
    route: '/Produits/liste',
    at: '/Produits/liste',
    resource: 'products',
    onLocation,
  });
}

describe('/Produits/liste', () => {
  it('shows name, contract type, risk, blocked flag and date, by name, 10 a page', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/products', ({ request }) => {
        query = new URL(request.url).searchParams;
        return hydraCollection(catalogue, 23);
      }),
    );
    list();
    const row = (await screen.findByText('Prévoyance Cadres')).closest('tr') as HTMLElement;
    for (const text of ['Collectif', 'PREV.', 'Oui', '31/03/2025']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const other = screen.getByText('Santé Collective 2').closest('tr') as HTMLElement;
    for (const text of ['SANTE', 'Non', '-'])
      expect(within(other).getByText(text)).toBeInTheDocument();
    // Headed by the declaration's labels (resources.products.fields.*), none typed in the screen.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      (['lbProduit', 'lbTypeContrat', 'lbType', 'blBloqueDec', 'dtDatBloque'] as const).map(
        (source) => Product.properties[source].label,
      ),
    );
    expect(query?.get('order[lbProduit]')).toBe('asc');
    expect(query?.get('itemsPerPage')).toBe('10');
    expect(query?.get('page')).toBe('1');
  });

  it('sends the name, blocked and risk filters, the page, the risk sort on lbType', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/products', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection(catalogue, 23);
      }),
    );
    let location: Location | undefined;
    list((l) => {
      location = l;
    });
    await screen.findByText('Prévoyance Cadres');

    await userEvent.click(screen.getByRole('button', { name: /prochaine page/i }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await userEvent.click(
      within(screen.getByRole('columnheader', { name: /Risque/ })).getByText('Risque'),
    );
    await waitFor(() => expect(queries.at(-1)?.get('order[lbType]')).toBe('asc'));

    await userEvent.type(screen.getByLabelText('Produit'), 'Cadres');
    await waitFor(() => expect(queries.at(-1)?.get('lbProduit')).toBe('Cadres'));

    await userEvent.click(screen.getByLabelText('Bloqué'));
    await userEvent.click(await screen.findByRole('option', { name: 'Oui' }));
    await waitFor(() => expect(queries.at(-1)?.get('blBloqueDec')).toBe('true'));

    await userEvent.click(screen.getByLabelText('Risque'));
    await userEvent.click(await screen.findByRole('option', { name: 'Prévoyance' }));
    await waitFor(() => expect(queries.at(-1)?.get('risk')).toBe('P'));
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(location?.search).toContain('Cadres');
  });

  it('opens a product at its spec path', async () => {
    server.use(http.get('*/api/products', () => hydraCollection(catalogue)));
    let location: Location | undefined;
    list((l) => {
      location = l;
    });
    await userEvent.click(await screen.findByText('Prévoyance Cadres'));
    await waitFor(() => expect(location?.pathname).toBe('/Produits/1'));
  });

  it('says the French message of §8 when the list cannot be loaded', async () => {
    server.use(http.get('*/api/products', () => hydraProblem(500, 'boom')));
    const { container } = list();
    const found = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des produits',
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
  });
});

const show = (at: string) =>
  renderScreen(<ProductShow title="Produit" />, {
    route: '/Produits/:id?',
    at,
    resource: 'products',
  });

describe('/Produits/{id}', () => {
  it('shows the product and its contracts (GET /api/products/{id}/contracts)', async () => {
    let contracts: URLSearchParams | undefined;
    server.use(
      http.get('*/api/products/1', () => Response.json(catalogue[0])),
      http.get('*/api/products/1/contracts', ({ request }) => {
        contracts = new URL(request.url).searchParams;
        return hydraCollection([
          {
            id: 12,
            lbContrat: 'CT-0012',
            lbProduit: 'Prévoyance Cadres',
            dateDebVal: '2024-01-01',
          },
        ]);
      }),
    );
    show('/Produits/1');
    expect(await screen.findByText('Prévoyance Cadres', { selector: 'span' })).toBeInTheDocument();
    for (const text of ['PREV.', 'Oui', '31/03/2025'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mutuelle Azur' })).toHaveAttribute(
      'href',
      '/mutuelles/40',
    );
    expect(await screen.findByText('CT-0012')).toBeInTheDocument();
    expect(contracts?.get('order[dateDebVal]')).toBe('asc');
    expect(contracts?.get('page')).toBe('1');
  });

  it("shows '-' for a product never blocked, and the contracts' French load error", async () => {
    server.use(
      http.get('*/api/products/2', () => Response.json(catalogue[1])),
      http.get('*/api/products/2/contracts', () => hydraProblem(500, 'boom')),
    );
    show('/Produits/2');
    expect(await screen.findByText('-')).toBeInTheDocument();
    const found = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des contrats pour ce produit',
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
  });

  it('says the id is missing, and the server words for an unknown product', async () => {
    show('/Produits');
    expect(await screen.findByText('Identifiant de produit manquant')).toBeInTheDocument();
  });

  it('an unknown product shows the server words', async () => {
    server.use(
      http.get('*/api/products/99', () => hydraProblem(404, 'Ce produit est introuvable.')),
    );
    show('/Produits/99');
    expect((await screen.findAllByText('Ce produit est introuvable.')).length).toBeGreaterThan(0);
  });
});
