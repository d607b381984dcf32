// The managers' screens (/managers/liste, /managers/{id}, /managers/create) with the real data
// provider, msw answering: each list state, the detail with the team's contracts and products
// (contracts_by_supervisor, products_by_supervisor), and the creation form's violations.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManagerCreate } from '../../../src/resources/managers/ManagerCreate.tsx';
import { ManagerList } from '../../../src/resources/managers/ManagerList.tsx';
import { ManagerShow } from '../../../src/resources/managers/ManagerShow.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const manager = (id: number, lastname: string) => ({
  '@id': `/api/supervisors/${id}`,
  '@type': 'Supervisor',
  id,
  username: `mathilde.${lastname.toLowerCase()}`,
  email: `mathilde.${lastname.toLowerCase()}@horizon-courtage.fr`,
  enabled: true,
  roles: ['PROFILE_MANAGER', 'VIEW_SELLER', 'VIEW_COMMISSIONS'],
  userType: { id: 3, label: 'Manager' },
  sellerCode: null,
  partnerId: 2,
  employee: {
    civility: 1,
    firstname: 'Mathilde',
    lastname,
    jobFunction: 'Responsable commerciale',
    organization: { '@id': '/api/organizations/2', id: 2, legalname: 'Horizon Courtage' },
    managedBy: null,
  },
});

const list = (at = '/managers/liste') =>
  renderScreen(<ManagerList title="Managers" />, {
    route: '/managers/liste',
    at,
    resource: 'managers',
    account: 'partenaire',
  });

describe('/managers/liste', () => {
  it('is busy while loading, then lists the managers by last name', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/supervisors', async ({ request }) => {
        query = new URL(request.url).searchParams;
        await delay(150);
        return hydraCollection([manager(3, 'Roux')]);
      }),
    );
    const { container } = list();
    await waitFor(() => expect(container.querySelector('[data-busy="true"]')).not.toBeNull());
    const row = (await screen.findByText('Mme Mathilde Roux')).closest('tr') as HTMLElement;
    for (const text of ['mathilde.roux', 'mathilde.roux@horizon-courtage.fr', 'Horizon Courtage']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    // The sellers' own columns (their code, their manager) are not the managers'.
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.filter((header) => /Code vendeur|^Manager/.test(header ?? ''))).toEqual([]);
    expect(within(row).getAllByRole('cell')).toHaveLength(5);
    expect(query?.get('order[employee.lastname]')).toBe('asc');
    expect(screen.getByRole('link', { name: /Ajouter/ })).toHaveAttribute(
      'href',
      '/managers/create',
    );
  });

  it('says the French message of §8 when the list cannot be loaded, emptied', async () => {
    server.use(http.get('*/api/supervisors', () => hydraProblem(500, 'boom')));
    const { container } = list('/managers/liste?page=2');
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des managers',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
  });

  it('says there is no manager', async () => {
    server.use(http.get('*/api/supervisors', () => hydraCollection([])));
    list();
    expect(await screen.findByText('Aucun manager.')).toBeInTheDocument();
  });
});

describe('/managers/{id}', () => {
  const show = (at: string) =>
    renderScreen(<ManagerShow title="Manager" />, {
      route: '/managers/:id?',
      at,
      resource: 'managers',
      account: 'ageo',
    });

  it("shows the manager and its team's contracts and products", async () => {
    const asked: Record<string, URLSearchParams> = {};
    server.use(
      http.get('*/api/supervisors/3', () => HttpResponse.json(manager(3, 'Roux'))),
      http.get('*/api/contracts_by_supervisor', ({ request }) => {
        asked.contracts = new URL(request.url).searchParams;
        return hydraCollection([{ id: 12, lbContrat: 'CT-0012', lbSouscrip: 'Garage Leroy' }]);
      }),
      http.get('*/api/products_by_supervisor', ({ request }) => {
        asked.products = new URL(request.url).searchParams;
        return hydraCollection([{ id: 4, lbProduit: 'Santé Famille', blBloqueDec: true }]);
      }),
    );
    show('/managers/3');
    expect(await screen.findByText('Mme Mathilde Roux')).toBeInTheDocument();
    expect(await screen.findByText('Garage Leroy')).toBeInTheDocument();
    expect(await screen.findByText('Santé Famille')).toBeInTheDocument();
    expect(asked.contracts.get('supervisor')).toBe('3');
    expect(asked.products.get('supervisor')).toBe('3');
  });

  it("says when the manager, or its team's contracts, cannot be loaded", async () => {
    server.use(
      http.get('*/api/supervisors/3', () => HttpResponse.json(manager(3, 'Roux'))),
      http.get('*/api/contracts_by_supervisor', () => hydraProblem(500, 'boom')),
      http.get('*/api/products_by_supervisor', () => hydraCollection([])),
    );
    show('/managers/3');
    expect(
      (
        await screen.findAllByText(
          'Une erreur est survenue durant le chargement des contrats pour ce manager',
        )
      ).length,
    ).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('Aucun produit.')).toBeInTheDocument();
  });

  it('says the manager cannot be loaded, and that an id is missing', async () => {
    server.use(http.get('*/api/supervisors/3', () => hydraProblem(500, 'boom')));
    show('/managers/3');
    expect(
      (await screen.findAllByText('Une erreur est survenue durant le chargement du manager'))
        .length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('says the id is missing at /managers', async () => {
    show('/managers');
    expect(await screen.findByText('Identifiant de manager manquant')).toBeInTheDocument();
  });
});

describe('/managers/create', () => {
  it("shows the server's violation on its field, then creates once fixed", async () => {
    const posted: Array<Record<string, unknown>> = [];
    server.use(
      http.get('*/api/organizations', () =>
        hydraCollection([{ id: 2, legalname: 'Horizon Courtage' }]),
      ),
      http.post('*/api/supervisors', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        if (String(body.email).endsWith('@taken.fr')) {
          return HttpResponse.json(
            {
              '@type': 'ConstraintViolationList',
              'hydra:description': 'email: Cette adresse e-mail est déjà utilisée.',
              violations: [
                { propertyPath: 'email', message: 'Cette adresse e-mail est déjà utilisée.' },
              ],
            },
            { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
          );
        }
        return HttpResponse.json({ ...manager(50, 'Roux'), id: 50 }, { status: 201 });
      }),
      http.get('*/api/supervisors/50', () => HttpResponse.json(manager(50, 'Roux'))),
    );
    let location: Location | undefined;
    renderScreen(<ManagerCreate title="Nouveau manager" />, {
      route: '/managers/create',
      at: '/managers/create',
      resource: 'managers',
      account: 'partenaire',
      onLocation: (l) => {
        location = l;
      },
    });
    await userEvent.click(await screen.findByLabelText(/Civilité/));
    await userEvent.click(await screen.findByRole('option', { name: 'M.' }));
    await userEvent.type(screen.getByLabelText(/Prénom/), 'Paul');
    await userEvent.type(screen.getByLabelText(/^Nom \*/), 'Roux');
    await userEvent.type(screen.getByLabelText(/Nom d'utilisateur/), 'paul.roux');
    const email = screen.getByLabelText(/Adresse e-mail/);
    await userEvent.type(email, 'paul.roux@taken.fr');
    // A manager has no seller code and no manager of its own.
    expect(screen.queryByLabelText(/Code vendeur/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Manager/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));

    expect(await screen.findByText('Cette adresse e-mail est déjà utilisée.')).toBeInTheDocument();
    expect(posted[0]).toMatchObject({
      username: 'paul.roux',
      employee: { civility: 2, firstname: 'Paul', lastname: 'Roux' },
    });
    expect(posted[0]).not.toHaveProperty('sellerCode');

    await userEvent.clear(email);
    await userEvent.type(email, 'paul.roux@horizon-courtage.fr');
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(location?.pathname).toBe('/managers/50'));
  });
});
