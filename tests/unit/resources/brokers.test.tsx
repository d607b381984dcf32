// The sellers' screens (/brokers/list, /brokers/{id}, /brokers/create) with the real data
// provider, msw answering: each list state (loading, French load error, empty), the detail and
// its related lists, and the creation form showing the server's violations on their fields.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BrokerCreate } from '../../../src/resources/brokers/BrokerCreate.tsx';
import { BrokerList } from '../../../src/resources/brokers/BrokerList.tsx';
import { BrokerShow } from '../../../src/resources/brokers/BrokerShow.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const seller = (id: number, lastname: string) => ({
  '@id': `/api/brokers/${id}`,
  '@type': 'Broker',
  id,
  username: `claire.${lastname.toLowerCase()}`,
  email: `claire.${lastname.toLowerCase()}@horizon-courtage.fr`,
  enabled: id % 2 === 1,
  roles: ['PROFILE_SELLER'],
  userType: { id: 4, label: 'Vendeur' },
  sellerCode: `VD000${id}`,
  partnerId: 2,
  employee: {
    civility: 1,
    firstname: 'Claire',
    lastname,
    jobFunction: 'Conseillère commerciale',
    organization: { '@id': '/api/organizations/2', id: 2, legalname: 'Horizon Courtage' },
    managedBy: { '@id': '/api/supervisors/3', id: 3, firstname: 'Mathilde', lastname: 'Roux' },
  },
});

const list = (at = '/brokers/list', account = 'ageo') =>
  renderScreen(<BrokerList title="Vendeurs" />, {
    route: '/brokers/list',
    at,
    resource: 'brokers',
    account,
  });

describe('/brokers/list', () => {
  it('is busy while loading, then shows the columns of spec §3 sorted by last name', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/brokers', async ({ request }) => {
        query = new URL(request.url).searchParams;
        await delay(150);
        return hydraCollection([seller(1, 'Martin'), seller(2, 'Petit')]);
      }),
    );
    const { container } = list();
    await waitFor(() => expect(container.querySelector('[data-busy="true"]')).not.toBeNull());
    expect(await screen.findByText('Mme Claire Martin')).toBeInTheDocument();
    const row = screen.getByText('Mme Claire Martin').closest('tr') as HTMLElement;
    for (const text of ['claire.martin', 'VD0001', 'Horizon Courtage', 'Mathilde Roux', 'Oui']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(
      within(screen.getByText('Mme Claire Petit').closest('tr') as HTMLElement).getByText('Non'),
    ).toBeInTheDocument();
    expect(query?.get('order[employee.lastname]')).toBe('asc');
    expect(query?.get('itemsPerPage')).toBe('10');
    await waitFor(() => expect(container.querySelector('[data-busy="false"]')).not.toBeNull());
  });

  it('sends its filters and opens a seller at its spec path', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/brokers', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([seller(7, 'Martin')]);
      }),
    );
    let location: Location | undefined;
    renderScreen(<BrokerList title="Vendeurs" />, {
      route: '/brokers/list',
      at: '/brokers/list',
      resource: 'brokers',
      account: 'ageo',
      onLocation: (l) => {
        location = l;
      },
    });
    await userEvent.type(await screen.findByLabelText('Nom'), 'Mar');
    await waitFor(() => expect(queries.at(-1)?.get('employee.lastname')).toBe('Mar'));
    await userEvent.click(await screen.findByText('Mme Claire Martin'));
    await waitFor(() => expect(location?.pathname).toBe('/brokers/7'));
  });

  it('says the French message of §8 when the list cannot be loaded, emptied', async () => {
    server.use(http.get('*/api/brokers', () => hydraProblem(500, 'boom')));
    const { container } = list('/brokers/list?page=2');
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des vendeurs',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByRole('row')).not.toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
  });

  it('says there is no seller when the scope holds none', async () => {
    server.use(http.get('*/api/brokers', () => hydraCollection([])));
    list('/brokers/list', 'manager');
    expect(await screen.findByText('Aucun vendeur.')).toBeInTheDocument();
    expect(screen.queryByText('Mme Claire Martin')).not.toBeInTheDocument();
  });

  it('offers creation to a manager, at the spec path', async () => {
    server.use(http.get('*/api/brokers', () => hydraCollection([seller(1, 'Martin')])));
    list('/brokers/list', 'manager');
    expect(await screen.findByRole('link', { name: /Ajouter/ })).toHaveAttribute(
      'href',
      '/brokers/create',
    );
  });
});

describe('/brokers/{id}', () => {
  const show = (at: string) =>
    renderScreen(<BrokerShow title="Vendeur" />, {
      route: '/brokers/:id?',
      at,
      resource: 'brokers',
      account: 'ageo',
    });

  it('shows the seller, its contracts and its products, each filtered by the seller', async () => {
    const asked: Record<string, URLSearchParams> = {};
    server.use(
      http.get('*/api/brokers/5', () => HttpResponse.json(seller(5, 'Martin'))),
      http.get('*/api/contrats', ({ request }) => {
        asked.contracts = new URL(request.url).searchParams;
        return hydraCollection([
          {
            id: 12,
            lbContrat: 'CT-0012',
            lbProduit: 'Santé Pro',
            lbSouscrip: 'Boulangerie Dupont',
          },
        ]);
      }),
      http.get('*/api/products', ({ request }) => {
        asked.products = new URL(request.url).searchParams;
        return hydraCollection([{ id: 3, lbProduit: 'Prévoyance Cadres', blBloqueDec: false }]);
      }),
    );
    show('/brokers/5');
    expect(await screen.findByText('Mme Claire Martin')).toBeInTheDocument();
    expect(screen.getByText('VD0005')).toBeInTheDocument();
    expect(screen.getByText('Mathilde Roux')).toBeInTheDocument();
    expect(await screen.findByText('Boulangerie Dupont')).toBeInTheDocument();
    expect(await screen.findByText('Prévoyance Cadres')).toBeInTheDocument();
    expect(asked.contracts.get('customerPortfolios.broker')).toBe('5');
    expect(asked.contracts.get('order[dateDebVal]')).toBe('asc');
    expect(asked.products.get('contracts.customerPortfolios.broker')).toBe('5');
  });

  it("says when the seller's contracts or products cannot be loaded", async () => {
    server.use(
      http.get('*/api/brokers/5', () => HttpResponse.json(seller(5, 'Martin'))),
      http.get('*/api/contrats', () => hydraProblem(500, 'boom')),
      http.get('*/api/products', () => hydraProblem(500, 'boom')),
    );
    show('/brokers/5');
    expect(
      (
        await screen.findAllByText(
          'Une erreur est survenue durant le chargement des contrats pour ce vendeur',
        )
      ).length,
    ).toBeGreaterThanOrEqual(1);
    expect(
      (await screen.findAllByText('Une erreur est survenue durant le chargement des produits'))
        .length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('says the seller cannot be loaded', async () => {
    server.use(http.get('*/api/brokers/5', () => hydraProblem(500, 'boom')));
    show('/brokers/5');
    expect(
      (await screen.findAllByText('Une erreur est survenue durant le chargement du vendeur'))
        .length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('says the id is missing at /brokers', async () => {
    show('/brokers');
    expect(await screen.findByText('Identifiant de vendeur manquant')).toBeInTheDocument();
  });
});

describe('/brokers/create', () => {
  it("shows the server's violations on their fields, saves nothing, then creates once fixed", async () => {
    const posted: Array<Record<string, unknown>> = [];
    server.use(
      http.get('*/api/organizations', () =>
        hydraCollection([{ id: 2, legalname: 'Horizon Courtage' }]),
      ),
      http.post('*/api/brokers', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted.push(body);
        if (body.username === 'vendeur') {
          return HttpResponse.json(
            {
              '@type': 'ConstraintViolationList',
              'hydra:description':
                "username: Ce nom d'utilisateur est déjà utilisé.\nemployee.lastname: Le nom ne doit pas dépasser 100 caractères.",
              violations: [
                { propertyPath: 'username', message: "Ce nom d'utilisateur est déjà utilisé." },
                {
                  propertyPath: 'employee.lastname',
                  message: 'Le nom ne doit pas dépasser 100 caractères.',
                },
              ],
            },
            { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
          );
        }
        return HttpResponse.json({ ...seller(42, 'Martin'), ...body, id: 42 }, { status: 201 });
      }),
      http.get('*/api/brokers/42', () => HttpResponse.json(seller(42, 'Martin'))),
    );
    let location: Location | undefined;
    renderScreen(<BrokerCreate title="Nouveau vendeur" />, {
      route: '/brokers/create',
      at: '/brokers/create',
      resource: 'brokers',
      account: 'manager',
      onLocation: (l) => {
        location = l;
      },
    });

    await userEvent.click(await screen.findByLabelText(/Civilité/));
    await userEvent.click(await screen.findByRole('option', { name: 'Mme' }));
    await userEvent.type(screen.getByLabelText(/Prénom/), 'Claire');
    await userEvent.type(screen.getByLabelText(/^Nom \*/), 'Martin');
    await userEvent.type(screen.getByLabelText(/Nom d'utilisateur/), 'vendeur');
    await userEvent.type(screen.getByLabelText(/Adresse e-mail/), 'claire.martin@horizon.fr');
    await userEvent.type(screen.getByLabelText(/Code vendeur/), 'VD0100');
    // Every input labelled by the declaration (resources.brokers.fields.*).
    for (const label of ['Fonction', 'Organisation', 'Actif']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));

    expect(await screen.findByText("Ce nom d'utilisateur est déjà utilisé.")).toBeInTheDocument();
    expect(screen.getByText('Le nom ne doit pas dépasser 100 caractères.')).toBeInTheDocument();
    expect(
      await screen.findByText('Le formulaire contient des erreurs : corrigez les champs signalés.'),
    ).toBeInTheDocument();
    expect(location?.pathname).toBe('/brokers/create');
    expect(posted[0]).toMatchObject({
      username: 'vendeur',
      email: 'claire.martin@horizon.fr',
      sellerCode: 'VD0100',
      enabled: true,
      employee: { civility: 1, firstname: 'Claire', lastname: 'Martin' },
    });
    // A manager's sellers are its own: no manager to choose.
    expect(screen.queryByLabelText(/^Manager/)).not.toBeInTheDocument();

    const username = screen.getByLabelText(/Nom d'utilisateur/);
    await userEvent.clear(username);
    await userEvent.type(username, 'claire.martin');
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(location?.pathname).toBe('/brokers/42'));
    expect(posted.at(-1)?.username).toBe('claire.martin');
  });
});
