// The contract screens (/contrats/liste, /contrats/{id}, the per-context ContractsOf) with the
// real data provider, msw answering: the default filters and sort of spec §4/§9, a §7 sort
// alias, page sizes, the statistics block, the French load errors of §8, the detail's tabs
// with the providers rule of §3, and the missing id.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Contract } from '../../../src/domain/schema/contract.ts';
import { ContractList, HIDDEN_BY_DEFAULT } from '../../../src/resources/contracts/ContractList.tsx';
import { ContractShow } from '../../../src/resources/contracts/ContractShow.tsx';
import { ContractsOf } from '../../../src/resources/contracts/ContractsOf.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer(
  // The list follows the hub (live updates): an open stream that says nothing.
  http.get('*/.well-known/mercure', () => {
    const body = new ReadableStream<Uint8Array>({ start: () => undefined });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const org = (id: number, legalname: string, type: number) => ({
  organization: { '@id': `/api/organizations/${id}`, id, legalname, type: { id: type } },
});

const contract = (id: number, extra: Record<string, unknown> = {}) => ({
  '@id': `/api/contracts/${id}`,
  '@type': 'Contract',
  id,
  lbContrat: `CT-2024-${String(id).padStart(4, '0')}`,
  lbProduit: 'Santé Collective Confort',
  lbSouscrip: 'Boulangerie Dupont SARL',
  idSouscrip: 41,
  lbCollege: 'Cadres',
  idCodCol: 'CAD24A',
  lbApporteur: 'Atlas Conseil',
  dateDebVal: '2024-03-09',
  dateFinVal: null,
  state: { id: 1, label: 'Actif' },
  contractType: { id: 1, label: 'Base' },
  type: 'Base',
  typeID: 1,
  lbType: 'S',
  risk: 'SANTE',
  blAni: false,
  blSurcomp: false,
  idContrat2: null,
  isActif: true,
  options: [{ choise: 'Option dentaire' }],
  organizations: [
    org(3, 'Zénith Courtage', 3),
    org(2, 'Atlas Conseil', 3),
    org(9, 'Mutuelle Azur', 5),
  ],
  customerPortfolios: [
    {
      id: 1,
      broker: {
        id: 5,
        firstname: 'Claire',
        lastname: 'Martin',
        username: 'vendeur',
        sellerCode: 'VD0005',
        organization: { legalname: 'Horizon Courtage' },
      },
    },
  ],
  nbrSuscription: 12,
  nbrSubscriptionInactive: 1,
  nbrInsured: 11,
  nbrInsuredInactive: 2,
  nbrBeneficiary: 7,
  nbrBeneficiaryInactive: 0,
  nbrTotalAffiliate: 18,
  nbrTotalAffiliateInactive: 2,
  ...extra,
});

const statistics = {
  '@id': '/api/nbr_insured_active_by_contracts_search',
  '@type': 'ContractStatistics',
  nbrContracts: 77,
  nbrInsured: 1234,
  nbrInsuredInactive: 56,
  nbrBeneficiary: 789,
  nbrTotalAffiliate: 2023,
};

/** The reference lists of the always-shown filters. */
const optionLists = () => [
  http.get('*/api/contratStates', () =>
    hydraCollection([
      { id: 1, label: 'Actif' },
      { id: 2, label: 'Impayé' },
      { id: 3, label: 'Résilié' },
      { id: 4, label: 'À venir' },
    ]),
  ),
  http.get('*/api/contratTypes', () =>
    hydraCollection([
      { id: 1, label: 'Base', code: 'B' },
      { id: 3, label: 'Surco', code: 'S' },
    ]),
  ),
  // The two dropdown menus of the list's toolbar (ContractMenus).
  http.get('*/api/menus_contracts', () => hydraCollection([])),
  http.get('*/api/menus_ccn', () => hydraCollection([])),
];

const openList = (at = '/contrats/liste', account = 'vendeur') =>
  renderScreen(<ContractList title="Contrats" />, {
    route: '/contrats/liste',
    at,
    resource: 'contracts',
    account,
  });

describe('/contrats/liste', () => {
  it('sends the default filters and sort, shows the columns and the statistics of the same filters', async () => {
    const queries: URLSearchParams[] = [];
    let statsQuery: URLSearchParams | undefined;
    server.use(
      ...optionLists(),
      http.get('*/api/contrats', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection(
          [
            contract(1),
            contract(2, { lbApporteur: 'Cabinet Roy et Associés', dateFinVal: '2025-12-31' }),
          ],
          77,
        );
      }),
      http.get('*/api/nbr_insured_active_by_contracts_search', ({ request }) => {
        statsQuery = new URL(request.url).searchParams;
        return HttpResponse.json(statistics);
      }),
    );
    openList();
    expect(await screen.findByText('CT-2024-0001')).toBeInTheDocument();
    const query = queries[0];
    expect(query.getAll('state[]')).toEqual(['1', '2', '4']);
    expect(query.getAll('contractType[]')).toEqual(['1', '3']);
    expect(query.get('nbrInsured')).toBe('true');
    expect(query.get('order[dateDebVal]')).toBe('desc');
    expect(query.get('itemsPerPage')).toBe('10');

    let row = screen.getByText('CT-2024-0001').closest('tr') as HTMLElement;
    for (const text of ['Santé Collective Confort', 'Boulangerie Dupont SARL']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText('SANTE')).toBeInTheDocument();
    expect(within(row).getByText('09/03/24')).toBeInTheDocument();
    expect(within(row).getByText('-')).toBeInTheDocument();
    // Issue 17 #3: the key columns first, the wide ones hidden until chosen ("Colonnes").
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(
      (
        [
          'lbContrat',
          'lbSouscrip',
          'lbProduit',
          'state',
          'dateDebVal',
          'dateFinVal',
          'risk',
          'nbrInsured',
        ] as const
      ).map((source) => Contract.properties[source].label),
    );
    for (const text of ['Cadres', 'Base', 'Mutuelle Azur', 'Claire Martin']) {
      expect(within(row).queryByText(text)).not.toBeInTheDocument();
    }
    expect(within(row).queryByTitle('Apporteur principal')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Colonnes' }));
    for (const source of HIDDEN_BY_DEFAULT) {
      const label = Contract.properties[source as keyof typeof Contract.properties]?.label;
      await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: label ?? source }));
    }
    await userEvent.keyboard('{Escape}');
    row = screen.getByText('CT-2024-0001').closest('tr') as HTMLElement;
    expect(headers()).toHaveLength(13);
    for (const text of ['Cadres', 'Base']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText('Mutuelle Azur')).toBeInTheDocument();
    expect(within(row).getByText('Claire Martin')).toBeInTheDocument();
    // Providers: by legalname, the main referrer marked.
    expect(within(row).getByTitle('Apporteur principal')).toHaveTextContent('Atlas Conseil');
    expect(within(row).getByTitle('Co-apporteur')).toHaveTextContent('Zénith Courtage');
    // No linked provider bears the lbApporteur name: one is added as the main referrer.
    const second = screen.getByText('CT-2024-0002').closest('tr') as HTMLElement;
    expect(within(second).getByTitle('Apporteur principal')).toHaveTextContent(
      'Cabinet Roy et Associés',
    );
    expect(within(second).getByText('31/12/25')).toBeInTheDocument();

    const block = screen.getByRole('region', { name: 'Statistiques' });
    await waitFor(() => expect(within(block).getByText(/1\s234/)).toBeInTheDocument());
    expect(within(block).getByText('77')).toBeInTheDocument();
    // Named as the contract's own columns are (« Ayants droit actifs », not « Ayants-droit »;
    // « Affiliés actifs », not « au total »: the count leaves the inactive ones out).
    for (const count of ['nbrInsured', 'nbrBeneficiary', 'nbrTotalAffiliate'] as const) {
      expect(within(block).getByText(Contract.properties[count].label)).toBeInTheDocument();
    }
    expect(within(block).queryByText(/au total/)).toBeNull();
    expect(statsQuery?.getAll('state[]')).toEqual(['1', '2', '4']);
    expect(statsQuery?.getAll('contractType[]')).toEqual(['1', '3']);
    expect(statsQuery?.get('nbrInsured')).toBe('true');
    expect(screen.getByText(/1-10 sur 77/)).toBeInTheDocument();
  });

  it('sorts a derived column by its §7 alias and changes the page size', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      ...optionLists(),
      http.get('*/api/contrats', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([contract(1)], 77);
      }),
      http.get('*/api/nbr_insured_active_by_contracts_search', () => HttpResponse.json(statistics)),
    );
    openList();
    expect(await screen.findByText('CT-2024-0001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Trier par risque/ }));
    await waitFor(() => expect(queries.at(-1)?.get('order[lbType]')).toBe('asc'));
    expect(queries.at(-1)?.get('order[risk]')).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: /par page/i }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(queries.at(-1)?.get('itemsPerPage')).toBe('50'));
  });

  it('a failed load: emptied, error flag, the French message of §8', async () => {
    server.use(
      ...optionLists(),
      http.get('*/api/contrats', () => hydraProblem(500, 'boom')),
      http.get('*/api/nbr_insured_active_by_contracts_search', () => HttpResponse.json(statistics)),
    );
    const { container } = openList('/contrats/liste?page=2');
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des contrats',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(container.querySelector('[data-error="true"]')).not.toBeNull());
    expect(screen.queryByText('CT-2024-0001')).not.toBeInTheDocument();
  });

  it('the statistics block says its own §8 message when it cannot be read', async () => {
    server.use(
      ...optionLists(),
      http.get('*/api/contrats', () => hydraCollection([contract(1)], 1)),
      http.get('*/api/nbr_insured_active_by_contracts_search', () => hydraProblem(500, 'boom')),
    );
    openList();
    expect(await screen.findByText('CT-2024-0001')).toBeInTheDocument();
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des statistiques',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
  });

  it('a filter the API refuses is told once, by the list: no statistics toast beside it', async () => {
    let statisticsAsked = false;
    server.use(
      ...optionLists(),
      http.get('*/api/contrats', async () => {
        // The list answers last, as a long list does: the statistics' refusal comes first.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return hydraProblem(400, 'dateEffet[after] : date invalide');
      }),
      http.get('*/api/nbr_insured_active_by_contracts_search', () => {
        statisticsAsked = true;
        return hydraProblem(400, 'dateEffet[after] : date invalide');
      }),
    );
    openList('/contrats/liste?filter=%7B%22dateEffet%22%3A%7B%22after%22%3A%222025-13-45%22%7D%7D');
    expect(
      await screen.findByRole('button', { name: 'Afficher la liste par défaut' }),
    ).toBeVisible();
    expect(statisticsAsked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      screen.queryByText('Une erreur est survenue durant le chargement des statistiques'),
    ).not.toBeInTheDocument();
  });

  it('offers the states 1, 2 and 4 only, and says when the types cannot be read', async () => {
    server.use(
      optionLists()[0],
      ...optionLists().slice(2),
      http.get('*/api/contratTypes', () => hydraProblem(500, 'boom')),
      http.get('*/api/contrats', () => hydraCollection([contract(1)], 1)),
      http.get('*/api/nbr_insured_active_by_contracts_search', () => HttpResponse.json(statistics)),
    );
    openList();
    expect(await screen.findByText('CT-2024-0001')).toBeInTheDocument();
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des types de contrat',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
    await userEvent.click(screen.getByRole('combobox', { name: /État/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Actif', 'Impayé', 'À venir']);
  });

  it('offers the seller filter to managers only (spec §6)', async () => {
    server.use(
      ...optionLists(),
      http.get('*/api/contrats', () => hydraCollection([contract(1)], 1)),
      http.get('*/api/nbr_insured_active_by_contracts_search', () => HttpResponse.json(statistics)),
    );
    const vendeur = openList();
    expect(await screen.findByText('CT-2024-0001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un filtre' }));
    expect(await screen.findByText('Apporteur')).toBeInTheDocument();
    expect(screen.queryByText('Vendeur')).not.toBeInTheDocument();
    vendeur.unmount();

    openList('/contrats/liste', 'manager');
    expect(await screen.findByText('CT-2024-0001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un filtre' }));
    expect(await screen.findByText('Vendeur')).toBeInTheDocument();
  });
});

const openShow = (at: string, onLocation?: (l: Location) => void) =>
  renderScreen(<ContractShow title="Contrat" />, {
    route: '/contrats/:id?',
    at,
    resource: 'contracts',
    onLocation,
  });

describe('/contrats/{id}', () => {
  it('shows the contract, its derived values in both views, and its tabs', async () => {
    server.use(
      http.get('*/api/contracts/12', () =>
        HttpResponse.json(
          contract(12, {
            blAni: true,
            lbApporteur: 'Cabinet Roy et Associés',
            dateFinVal: '2026-12-31',
          }),
        ),
      ),
    );
    let search = '';
    openShow('/contrats/12', (l) => {
      search = l.search;
    });
    expect(await screen.findByText('CT-2024-0012')).toBeInTheDocument();
    expect(screen.getByText('09/03/2024')).toBeInTheDocument();
    expect(screen.getByText('31/12/2026')).toBeInTheDocument();
    expect(screen.getByText('Portabilité')).toBeInTheDocument();
    expect(screen.getByText('Base/Ani')).toBeInTheDocument();
    expect(screen.getByText('SANTE')).toBeInTheDocument();
    expect(screen.getByText('Option dentaire')).toBeInTheDocument();
    // Every value is labelled by its property's one label, from the declaration.
    for (const source of [
      'lbContrat',
      'lbCollege',
      'idCodCol',
      'dateDebVal',
      'blAni',
      'nbrBeneficiary',
    ] as const) {
      expect(screen.getByText(Contract.properties[source].label)).toBeInTheDocument();
    }
    for (const tab of [
      'Contrat',
      'Apporteurs',
      'Compagnies',
      'Vendeurs',
      'Assurés',
      'Adhésions',
      'Cotisations',
    ]) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }

    await userEvent.click(screen.getByRole('tab', { name: 'Apporteurs' }));
    // The open tab lives in the address, so that the view can be shared.
    expect(new URLSearchParams(search).get('onglet')).toBe('apporteurs');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Atlas ConseilCo-apporteur',
      'Cabinet Roy et AssociésApporteur principal',
      'Zénith CourtageCo-apporteur',
    ]);
    // The linked providers open their detail; the added one is no organisation.
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/apporteurs/2');
    expect(within(rows[1]).queryByRole('link')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Compagnies' }));
    expect(await screen.findByRole('link', { name: 'Mutuelle Azur' })).toHaveAttribute(
      'href',
      '/mutuelles/9',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Vendeurs' }));
    expect(await screen.findByText('VD0005')).toBeInTheDocument();
  });

  it("links a Surco contract's base contract: the list filtered on its number", async () => {
    server.use(
      http.get('*/api/contracts/12', () =>
        HttpResponse.json(contract(12, { blSurcomp: true, idContrat2: 'CT-2022-001244' })),
      ),
    );
    openShow('/contrats/12');
    const base = await screen.findByRole('link', { name: 'CT-2022-001244' });
    const href = new URL(base.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/contrats/liste');
    expect(JSON.parse(href.searchParams.get('filter') ?? '')).toEqual({
      lbContrat: 'CT-2022-001244',
    });
  });

  it('lists the insured of the contract, linking to /assures/{id}, with its §8 message', async () => {
    let insuredQuery: URLSearchParams | undefined;
    server.use(
      http.get('*/api/contracts/12', () => HttpResponse.json(contract(12))),
      http.get('*/api/insured_with_beneficiaries', ({ request }) => {
        insuredQuery = new URL(request.url).searchParams;
        return hydraCollection([
          {
            id: 301,
            firstname: 'Lucie',
            lastname: 'Bernard',
            lbSex: 'Féminin',
            dtBirthday: '1985-06-02',
            lbNoss: '285067512345678',
            lbCless: '42',
            startAt: '2024-03-09',
            endAt: null,
            beneficiaires: [{ id: 1 }, { id: 2 }],
          },
        ]);
      }),
      http.get('*/api/subscriptions_by_contract', () => hydraProblem(500, 'boom')),
    );
    openShow('/contrats/12');
    await userEvent.click(await screen.findByRole('tab', { name: 'Assurés' }));
    expect(await screen.findByText('Lucie Bernard')).toBeInTheDocument();
    expect(insuredQuery?.get('contract')).toBe('12');
    expect(insuredQuery?.get('order[startAt]')).toBe('desc');

    await userEvent.click(screen.getByRole('tab', { name: 'Adhésions' }));
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des adhésions',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
  });

  it('reads the premiums of the contract, newest period first', async () => {
    let premiumsQuery: URLSearchParams | undefined;
    server.use(
      http.get('*/api/contracts/12', () => HttpResponse.json(contract(12))),
      http.get('*/api/contracts/12/cotisations', ({ request }) => {
        premiumsQuery = new URL(request.url).searchParams;
        return hydraCollection([]);
      }),
    );
    // Opened at its tab by the address, as a shared link opens it.
    openShow('/contrats/12?onglet=cotisations');
    expect(await screen.findByRole('tab', { name: 'Cotisations', selected: true })).toBeVisible();
    await waitFor(() => expect(premiumsQuery?.get('order[dtDebVal]')).toBe('desc'));
  });

  it('says the id is missing', async () => {
    openShow('/contrats');
    expect(await screen.findByText('Identifiant de contrat manquant')).toBeInTheDocument();
  });

  it("an id outside the user's scope shows the server's words", async () => {
    server.use(
      http.get('*/api/contracts/999', () => hydraProblem(404, "Ce contrat n'existe pas.")),
    );
    openShow('/contrats/999');
    const found = await screen.findAllByText("Ce contrat n'existe pas.");
    expect(found.length).toBeGreaterThanOrEqual(1);
  });
});

describe('ContractsOf', () => {
  it('lists the contracts of a parent by its §7 filter, ascending dateDebVal, DD/MM/YYYY', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/contrats', ({ request }) => {
        query = new URL(request.url).searchParams;
        return hydraCollection([contract(5)]);
      }),
    );
    renderScreen(
      <ContractsOf
        target="customerPortfolios.broker"
        id={8}
        loadError="Une erreur est survenue durant le chargement des contrats pour ce vendeur"
      />,
      { route: '/brokers/:id', at: '/brokers/8', resource: 'brokers' },
    );
    expect(await screen.findByText('CT-2024-0005')).toBeInTheDocument();
    expect(screen.getByText('09/03/2024')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(
      (
        [
          'lbContrat',
          'lbProduit',
          'lbSouscrip',
          'type',
          'risk',
          'dateDebVal',
          'dateFinVal',
          'state',
          'nbrInsured',
        ] as const
      ).map((source) => Contract.properties[source].label),
    );
    expect(query?.get('customerPortfolios.broker')).toBe('8');
    expect(query?.get('order[dateDebVal]')).toBe('asc');
  });

  it('reads a per-parent endpoint and says its own message on failure', async () => {
    server.use(http.get('*/api/customers/41/contracts', () => hydraProblem(500, 'boom')));
    renderScreen(
      <ContractsOf
        path="/api/customers/41/contracts"
        id={41}
        loadError="Une erreur est survenue durant le chargement des contrats pour ce client"
      />,
      { route: '/Clients/:id', at: '/Clients/41', resource: 'customers' },
    );
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des contrats pour ce client',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
  });
});
