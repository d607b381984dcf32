// The insurance company screens (/mutuelles/liste, /mutuelles/{id}) with the real data
// provider, msw answering: columns (no ORIAS), order by legal name, a filter and the page, the
// §8 messages, the detail's empty values and its related lists.

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InsuranceCompany } from '../../../src/domain/schema/organization.ts';
import { InsuranceCompanyList } from '../../../src/resources/insuranceCompanies/InsuranceCompanyList.tsx';
import { InsuranceCompanyShow } from '../../../src/resources/insuranceCompanies/InsuranceCompanyShow.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The API sends '' for a company's missing values (spec §3).
const company = (id: number, overrides: Record<string, unknown> = {}) => ({
  '@id': `/api/insuranceOfCompanies/${id}`,
  '@type': 'InsuranceCompany',
  id,
  legalname: `Mutuelle Azur ${id}`,
  streetAddress: '3 place Bellecour',
  streetAddress2: '',
  postalCode: '69002',
  addressLocality: 'Lyon',
  addressCountry: 'FRANCE',
  legalForm: 'Mutuelle',
  siret: `7751234560001${id}`,
  ape: '6512Z',
  ...overrides,
});

const companies = Array.from({ length: 10 }, (_, i) => company(i + 1));

function list(onLocation?: (location: Location) => void) {
  return renderScreen(<InsuranceCompanyList title="Compagnies" />, {
    route: '/mutuelles/liste',
    at: '/mutuelles/liste',
    resource: 'insuranceCompanies',
    onLocation,
  });
}

describe('/mutuelles/liste', () => {
  it('shows legal name, town, postal code and SIRET, by legal name, 10 a page', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/insuranceOfCompanies', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection(companies, 12);
      }),
    );
    let location: Location | undefined;
    list((l) => {
      location = l;
    });
    const row = (await screen.findByText('Mutuelle Azur 4')).closest('tr') as HTMLElement;
    for (const text of ['Lyon', '69002', '77512345600014']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('ORIAS')).not.toBeInTheDocument();
    // Headed by the declaration's labels (resources.insuranceCompanies.fields.*).
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      (['legalname', 'addressLocality', 'postalCode', 'siret'] as const).map(
        (source) => InsuranceCompany.properties[source].label,
      ),
    );
    expect(queries[0].get('order[legalname]')).toBe('asc');
    expect(queries[0].get('itemsPerPage')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: /prochaine page/i }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await userEvent.type(screen.getByLabelText('Raison sociale'), 'Azur');
    await waitFor(() => expect(queries.at(-1)?.get('legalname')).toBe('Azur'));

    await userEvent.click(await screen.findByText('Mutuelle Azur 4'));
    await waitFor(() => expect(location?.pathname).toBe('/mutuelles/4'));
  });

  it('says the French message of §8 when the list cannot be loaded', async () => {
    server.use(http.get('*/api/insuranceOfCompanies', () => hydraProblem(500, 'boom')));
    const { container } = list();
    const found = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des compagnies',
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
  });
});

const show = (at: string) =>
  renderScreen(<InsuranceCompanyShow title="Compagnie" />, {
    route: '/mutuelles/:id?',
    at,
    resource: 'insuranceCompanies',
  });

describe('/mutuelles/{id}', () => {
  it('shows the company (no ORIAS, empty values empty), its contracts and products', async () => {
    const asked: Record<string, URLSearchParams> = {};
    server.use(
      http.get('*/api/insuranceOfCompanies/5', () =>
        Response.json(company(5, { legalForm: '', ape: '' })),
      ),
      http.get('*/api/contrats', ({ request }) => {
        asked.contracts = new URL(request.url).searchParams;
        return hydraCollection([{ id: 12, lbContrat: 'CT-0012', dateDebVal: '2024-01-01' }]);
      }),
      http.get('*/api/products', ({ request }) => {
        asked.products = new URL(request.url).searchParams;
        return hydraCollection([{ id: 3, lbProduit: 'Santé Entreprise', lbType: 'S' }]);
      }),
    );
    const rendered = show('/mutuelles/5');
    expect(await screen.findByText('Mutuelle Azur 5')).toBeInTheDocument();
    expect(screen.getByText('3 place Bellecour')).toBeInTheDocument();
    expect(screen.queryByText('ORIAS')).not.toBeInTheDocument();
    const { container } = rendered;
    for (const source of ['legalForm', 'ape', 'streetAddress2'] as const) {
      expect(container.querySelector(`[data-fact="${source}"]`)?.textContent).toBe('');
      // Labelled by the declaration.
      expect(screen.getByText(InsuranceCompany.properties[source].label)).toBeInTheDocument();
    }
    expect(screen.queryByText('error')).not.toBeInTheDocument();
    expect(await screen.findByText('CT-0012')).toBeInTheDocument();
    expect(await screen.findByText('Santé Entreprise')).toBeInTheDocument();
    expect(asked.contracts.get('contractCompanies.organization')).toBe('5');
    expect(asked.contracts.has('id')).toBe(false);
    expect(asked.products.get('contracts.organizations.organization.id')).toBe('5');
  });

  it("says the contracts' own §8 message", async () => {
    server.use(
      http.get('*/api/insuranceOfCompanies/5', () => Response.json(company(5))),
      http.get('*/api/contrats', () => hydraProblem(500, 'boom')),
      http.get('*/api/products', () => hydraCollection([])),
    );
    show('/mutuelles/5');
    const found = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des contrats de la compagnie',
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
  });

  it('says the id is missing', async () => {
    show('/mutuelles');
    expect(await screen.findByText('Identifiant de compagnie manquant')).toBeInTheDocument();
  });
});
