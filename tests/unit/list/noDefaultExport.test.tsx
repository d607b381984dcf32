// react-admin's default "Exporter" asks itemsPerPage=1000, the API caps pages at 100 (400, an
// "Oops" toast). The spec gives exports only to insured persons, contracts and premiums (their
// ExportButtons): the other lists show no "Exporter" and nothing asks more than 100 a page.
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BusinessProviderList } from '../../../src/resources/businessProviders/BusinessProviderList.tsx';
import { CustomerList } from '../../../src/resources/customers/CustomerList.tsx';
import { InsuranceCompanyList } from '../../../src/resources/insuranceCompanies/InsuranceCompanyList.tsx';
import { ProductList } from '../../../src/resources/products/ProductList.tsx';
import { hydraCollection } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const row = {
  id: 1,
  legalname: 'Ligne Un',
  subscriber: 'Ligne Un',
  lbProduit: 'Ligne Un',
  label: 'Ligne Un',
};

const cases: [string, ReactElement, string, string][] = [
  ['Souscripteurs', <CustomerList key="c" title="Souscripteurs" />, '/Clients/liste', 'customers'],
  ['Produits', <ProductList key="p" title="Produits" />, '/Produits/liste', 'products'],
  [
    'Apporteurs',
    <BusinessProviderList key="b" title="Apporteurs" />,
    '/apporteurs/liste',
    'businessProviders',
  ],
  [
    'Compagnies',
    <InsuranceCompanyList key="i" title="Compagnies" />,
    '/mutuelles/liste',
    'insuranceOfCompanies',
  ],
];

describe('no default react-admin export outside the spec', () => {
  it.each(cases)('%s: no "Exporter" button, no page over 100', async (_, page, at, resource) => {
    const sizes: number[] = [];
    server.use(
      http.get('*', ({ request }) => {
        const size = new URL(request.url).searchParams.get('itemsPerPage');
        if (size) sizes.push(Number(size));
        return hydraCollection([{ '@id': '/api/x/1', ...row }]);
      }),
    );
    renderScreen(page, { route: at, at, resource });
    expect((await screen.findAllByText('Ligne Un')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /exporter/i })).toBeNull();
    expect(screen.queryByLabelText(/exporter/i)).toBeNull();
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
  });
});
