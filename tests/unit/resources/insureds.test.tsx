// The insured screens (src/resources/insureds): /affilies/liste and /assures/{id} with its tabs,
// the display rules of spec partner-extranet §3 on screen, the filters of §5, the §8 messages,
// the beneficiary selector and the missing id.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { InsuredList } from '../../../src/resources/insureds/InsuredList.tsx';
import { InsuredShow } from '../../../src/resources/insureds/InsuredShow.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Ages are counted to "today": the seed's day.
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-09-01T10:00:00') }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const text = (node: Element | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The text of the cell under `header` in the row holding the cell `rowText`. */
function cell(rowText: string, header: string): string {
  const row = screen.getAllByText(rowText, { selector: 'td, td *' })[0].closest('tr');
  const headers = [...(row?.closest('table')?.querySelectorAll('thead th') ?? [])].map(text);
  expect(headers).toContain(header);
  return text(row?.querySelectorAll('td')[headers.indexOf(header)]);
}

const JEANNE = {
  '@id': '/api/assures/5',
  id: 5,
  firstname: 'Jeanne',
  lastname: 'Durand',
  gender: 'Mme',
  lbGender: 'Madame',
  idGender: 1,
  sex: 'F',
  lbSex: 'Femme',
  postalCode: '69003',
  addressLocality: 'Lyon',
  link: 'A',
  lbLien: 'Assuré',
  lbSitFam: null,
  dtBirthday: '1980-03-12',
  noss: '2800369123456',
  nossKey: '7',
  startAt: '2024-02-01',
  beneficiaires: [
    { id: 11, firstname: 'Léo', lastname: 'Durand', startAt: '2024-02-01', endAt: null },
    { id: 12, firstname: 'Zoé', lastname: 'Durand', startAt: '2024-02-01', endAt: '2026-06-30' },
    { id: 11, firstname: 'Léo', lastname: 'Durand', startAt: '2025-01-01', endAt: null },
  ],
  subscriptions: [],
};

const PAUL = {
  ...JEANNE,
  '@id': '/api/assures/6',
  id: 6,
  firstname: 'Paul',
  lastname: 'Bernard',
  gender: 'M.',
  idGender: 2,
  sex: 'M',
  lbSex: 'Homme',
  lbSitFam: 'Marié',
  dtBirthday: '1990-09-02',
  noss: '1900975000001',
  nossKey: '42',
};

describe('/affilies/liste', () => {
  it('shows the columns of §3, newest affiliation first, 10 a page', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/assures', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([JEANNE, PAUL], 2);
      }),
    );
    renderScreen(<InsuredList title="Assurés" />, {
      route: '/affilies/liste',
      at: '/affilies/liste',
      resource: 'insureds',
    });
    expect(await screen.findByText('Jeanne')).toBeInTheDocument();
    expect(queries[0].get('order[startAt]')).toBe('desc');
    expect(queries[0].get('itemsPerPage')).toBe('10');

    expect(cell('Jeanne', 'Date de naissance')).toBe('12 mars 1980 (46 ans)');
    // The day before a birthday: one year less.
    expect(cell('Paul', 'Date de naissance')).toBe('02 sept. 1990 (35 ans)');
    expect(cell('Jeanne', 'N° de sécurité sociale')).toBe('2800369123456 07');
    expect(cell('Paul', 'N° de sécurité sociale')).toBe('1900975000001 42');
    expect(cell('Jeanne', 'Situation de famille')).toBe('-');
    expect(cell('Paul', 'Situation de famille')).toBe('Marié');
    expect(cell('Jeanne', 'Civilité')).toBe('Mme');
    expect(cell('Paul', 'Civilité')).toBe('M.');
    expect(cell('Jeanne', 'Sexe')).toBe('Femme');
    expect(cell('Jeanne', 'Lien')).toBe('Assuré');
    expect(cell('Jeanne', 'Code postal')).toBe('69003');
    expect(cell('Jeanne', 'Ville')).toBe('Lyon');
    expect(cell('Jeanne', "Date d'affiliation")).toBe('01/02/2024');

    // Sorting by a column sends its field.
    await userEvent.click(screen.getByText('Date de naissance', { selector: 'th *' }));
    await waitFor(() => expect(queries.at(-1)?.get('order[dtBirthday]')).toBeTruthy());
  });

  it('sends the names as assure.lastname / assure.firstname (§5) and keeps them in the URL', async () => {
    // The filter form's debounce reads the clock: let it run.
    vi.useRealTimers();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/assures', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([JEANNE]);
      }),
    );
    let search = '';
    renderScreen(<InsuredList title="Assurés" />, {
      route: '/affilies/liste',
      at: '/affilies/liste',
      resource: 'insureds',
      onLocation: (location) => {
        search = location.search;
      },
    });
    await screen.findByText('Jeanne');
    await userEvent.type(screen.getByLabelText('Nom'), 'Dur');
    await waitFor(() => expect(queries.at(-1)?.get('assure.lastname')).toBe('Dur'));
    await userEvent.type(screen.getByLabelText('Prénom'), 'Jea');
    await waitFor(() => expect(queries.at(-1)?.get('assure.firstname')).toBe('Jea'));
    expect(queries.at(-1)?.get('lastname')).toBeNull();
    await waitFor(() => expect(decodeURIComponent(search)).toContain('"lastname":"Dur"'));
  });

  it('the other filters of §5/§7: postal code, NIR, sex, birth date bounds, contract', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/assures', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([JEANNE]);
      }),
    );
    const filter = {
      postalCode: '69',
      noss: '280',
      sex: ['F'],
      dtBirthday: { after: '1980-01-01', before: '1989-12-31' },
      contrat: { id: '3' },
    };
    renderScreen(<InsuredList title="Assurés" />, {
      route: '/affilies/liste',
      at: `/affilies/liste?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      resource: 'insureds',
    });
    await screen.findByText('Jeanne');
    const query = queries.at(-1);
    expect(query?.get('postalCode')).toBe('69');
    expect(query?.get('noss')).toBe('280');
    expect(query?.getAll('sex[]')).toEqual(['F']);
    expect(query?.get('dtBirthday[after]')).toBe('1980-01-01');
    expect(query?.get('dtBirthday[before]')).toBe('1989-12-31');
    expect(query?.get('contrat.id')).toBe('3');
    // Each filter is shown as an input the user can change, labelled as its declaration says.
    expect(screen.getByLabelText('Code postal (début)')).toHaveValue('69');
    expect(screen.getByLabelText('N° de sécurité sociale (début)')).toHaveValue('280');
    expect(screen.getByLabelText('Identifiant du contrat')).toHaveValue('3');
  });

  /** The hub as the list meets it: the topics asked, and a way to push an event. */
  function liveHub() {
    const hub: { topics: (string | null)[]; push?: (text: string) => void } = { topics: [] };
    server.use(
      http.get('*/.well-known/mercure', ({ request }) => {
        hub.topics.push(new URL(request.url).searchParams.get('topic'));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            hub.push = (text) => controller.enqueue(new TextEncoder().encode(text));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    return hub;
  }

  /** The insured list, signed in (the hub needs a bearer). */
  async function openLiveList(check: () => Promise<void>) {
    setBearerSource(async () => 'jwt-live');
    try {
      renderScreen(<InsuredList title="Assurés" />, {
        route: '/affilies/liste',
        at: '/affilies/liste',
        resource: 'insureds',
      });
      await check();
    } finally {
      setBearerSource(async () => null);
    }
  }

  it("refetches the page when the hub announces changed insured persons ('insureds')", async () => {
    const hub = liveHub();
    let loads = 0;
    server.use(
      http.get('*/api/assures', () => {
        loads += 1;
        return hydraCollection(loads === 1 ? [JEANNE] : [JEANNE, PAUL]);
      }),
    );
    await openLiveList(async () => {
      await screen.findByText('Jeanne');
      await waitFor(() => expect(hub.push).toBeDefined());
      expect(hub.topics).toEqual(['insureds']);
      hub.push?.('data: {"changed":[6]}\n\n');
      expect(await screen.findByText('Paul')).toBeInTheDocument();
      expect(loads).toBe(2);
    });
  });

  it('a list whose load failed still follows the hub, and recovers at the next change', async () => {
    const hub = liveHub();
    let back = false;
    server.use(
      // Down (every retry of the HTTP client too) until the server is back.
      http.get('*/api/assures', () =>
        back ? hydraCollection([JEANNE]) : hydraProblem(500, 'boom'),
      ),
    );
    await openLiveList(async () => {
      const failed = await screen.findAllByText(
        'Une erreur est survenue durant le chargement des affiliés',
      );
      expect(failed.length).toBeGreaterThanOrEqual(1);
      await waitFor(() => expect(hub.push).toBeDefined());
      back = true;
      hub.push?.('data: {"changed":[6]}\n\n');
      expect(await screen.findByText('Jeanne')).toBeInTheDocument();
    });
  });

  it('on a failed load: the §8 message of the affiliates', async () => {
    server.use(http.get('*/api/assures', () => hydraProblem(500, 'boom')));
    renderScreen(<InsuredList title="Assurés" />, {
      route: '/affilies/liste',
      at: '/affilies/liste',
      resource: 'insureds',
    });
    const found = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des affiliés',
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
  });
});

let search = '';

function openInsured(at: string) {
  server.use(http.get('*/api/assures/5', () => Response.json(JEANNE)));
  return renderScreen(<InsuredShow title="Assuré" />, {
    route: '/assures/:id?',
    at,
    resource: 'insureds',
    onLocation: (location) => {
      search = location.search;
    },
  });
}

const tab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));

describe('/assures/{id}', () => {
  it('shows the identity by the rules of §3', async () => {
    openInsured('/assures/5');
    expect(await screen.findByText('12 mars 1980 (46 ans)')).toBeInTheDocument();
    expect(screen.getByText('2800369123456 07')).toBeInTheDocument();
    expect(screen.getByText('Mme')).toBeInTheDocument();
    expect(screen.getByText('-')).toBeInTheDocument(); // situation de famille
    expect(screen.getByText('01/02/2024')).toBeInTheDocument();
  });

  it('says the id is missing', async () => {
    renderScreen(<InsuredShow title="Assuré" />, {
      route: '/assures/:id?',
      at: '/assures',
      resource: 'insureds',
    });
    expect(await screen.findByText("Identifiant d'assuré manquant")).toBeInTheDocument();
  });

  it("an insured outside the scope shows the server's words", async () => {
    server.use(
      http.get('*/api/assures/99', () => hydraProblem(404, 'Cet assuré est introuvable.')),
    );
    renderScreen(<InsuredShow title="Assuré" />, {
      route: '/assures/:id?',
      at: '/assures/99',
      resource: 'insureds',
    });
    const found = await screen.findAllByText('Cet assuré est introuvable.');
    expect(found.length).toBeGreaterThanOrEqual(1);
  });

  it('beneficiaries: their list with the period state, in the order of the API', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/insureds/5/beneficiaires', ({ request }) => {
        query = new URL(request.url).searchParams;
        return hydraCollection([
          {
            ...JEANNE.beneficiaires[0],
            dateOfBirth: '2010-05-04',
            lbSex: 'Homme',
            lbLien: 'Enfant',
          },
          {
            ...JEANNE.beneficiaires[1],
            dateOfBirth: '2012-01-20',
            lbSex: 'Femme',
            lbLien: 'Enfant',
          },
          {
            id: 13,
            firstname: 'Max',
            lastname: 'Durand',
            startAt: '2026-10-01',
            endAt: '2027-01-01',
          },
          {
            id: 14,
            firstname: 'Ana',
            lastname: 'Durand',
            startAt: '2020-10-01',
            endAt: '2026-12-31',
          },
        ]);
      }),
    );
    openInsured('/assures/5');
    await screen.findByRole('tab', { name: 'Ayants droit' });
    await tab('Ayants droit');
    expect(await screen.findByText('Zoé')).toBeInTheDocument();
    expect([...(query?.keys() ?? [])].some((k) => k.startsWith('order['))).toBe(false);
    expect(cell('Léo', 'État')).toBe('En cours');
    expect(cell('Zoé', 'État')).toBe('Terminé');
    expect(cell('Max', 'État')).toBe('À venir');
    expect(cell('Ana', 'État')).toBe('En cours, fin prévue');
    expect(cell('Léo', 'Date de naissance')).toBe('04 mai 2010 (16 ans)');
    expect(cell('Léo', 'Lien')).toBe('Enfant');
  });

  it('the beneficiary selector: one option per id, and the benefits of the one chosen', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/insureds/5/beneficiaires', () =>
        hydraCollection(JEANNE.beneficiaires.slice(0, 2)),
      ),
      http.get('*/api/prestations', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const who = query.get('beneficiary.id') === '12' ? 'Zoé' : 'Léo';
        return hydraCollection([
          {
            id: 1,
            dateTreatment: '2026-05-02',
            datePayment: '2026-05-10',
            lbFamAct: 'Pharmacie',
            lbModPay: 'VIREMENT',
            beneficiary: { id: 11, firstname: who, lastname: 'Durand' },
          },
        ]);
      }),
    );
    openInsured('/assures/5?onglet=prestations');
    expect(await screen.findByText('Léo Durand', { selector: 'td, td *' })).toBeInTheDocument();
    expect(queries[0].get('insured')).toBe('5');
    expect(queries[0].get('beneficiary.id')).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Bénéficiaire des soins' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map(text);
    expect(options).toEqual([
      'Tous les bénéficiaires',
      `${JEANNE.firstname} ${JEANNE.lastname} (assuré)`,
      'Léo Durand',
      'Zoé Durand',
    ]);
    // The insured's own care: named by the insured's IRI, as the list shows it.
    await userEvent.click(
      screen.getByRole('option', { name: `${JEANNE.firstname} ${JEANNE.lastname} (assuré)` }),
    );
    await waitFor(() => expect(queries.at(-1)?.get('beneficiary')).toBe('/api/assures/5'));
    expect(queries.at(-1)?.get('beneficiary.id')).toBeNull();
    expect(new URLSearchParams(search).get('ayantDroit')).toBe('assure');

    await userEvent.click(screen.getByRole('combobox', { name: 'Bénéficiaire des soins' }));
    await userEvent.click(screen.getByRole('option', { name: 'Zoé Durand' }));
    await waitFor(() => expect(queries.at(-1)?.get('beneficiary.id')).toBe('12'));
    expect(queries.at(-1)?.get('beneficiary')).toBeNull();
    expect(await screen.findByText('Zoé Durand', { selector: 'td, td *' })).toBeInTheDocument();
    expect(queries.at(-1)?.get('insured')).toBe('5');
    // The tab and the choice live in the address; the beneficiaries tab shares the choice.
    expect(new URLSearchParams(search).get('ayantDroit')).toBe('12');
    await tab('Ayants droit');
    expect(new URLSearchParams(search).get('onglet')).toBe('ayants-droit');
    expect(screen.getByRole('combobox', { name: 'Bénéficiaire des soins' })).toHaveTextContent(
      'Zoé Durand',
    );
  });

  it('subscriptions: newest first, with their contract and period state', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('*/api/insureds/5/subscriptions', ({ request }) => {
        query = new URL(request.url).searchParams;
        return hydraCollection([
          { id: 2, startAt: '2025-01-01', endAt: null, contract: { id: 3, lbContrat: 'CT-0003' } },
        ]);
      }),
    );
    openInsured('/assures/5?onglet=adhesions');
    expect(await screen.findByText('CT-0003')).toBeInTheDocument();
    expect(query?.get('order[startAt]')).toBe('desc');
    expect(cell('CT-0003', 'État')).toBe('En cours');
    expect(cell('CT-0003', 'Début')).toBe('01/01/2025');
  });

  it('premiums and contracts of the insured', async () => {
    let contracts: URLSearchParams | undefined;
    server.use(
      http.get('*/api/insureds/5/cotisations', () =>
        hydraCollection([
          {
            id: 1,
            status: 'I',
            paidByClient: false,
            numMontant: 10,
            numFraisImpay: 0,
            amountPaid: 0,
            lbModePaie: 'CHEQUE',
            insured: JEANNE,
            contrat: { lbContrat: 'CT-0003' },
          },
        ]),
      ),
      http.get('*/api/contrats', ({ request }) => {
        contracts = new URL(request.url).searchParams;
        return hydraCollection([{ id: 3, lbContrat: 'CT-0009', state: { label: 'Actif' } }]);
      }),
    );
    openInsured('/assures/5?onglet=cotisations');
    expect(await screen.findByText('Impayé')).toBeInTheDocument();
    await tab('Contrats');
    expect(await screen.findByText('CT-0009')).toBeInTheDocument();
    expect(contracts?.get('subscriptions.insured.id')).toBe('5');
  });

  it.each([
    ['Ayants droit', '*/api/insureds/5/beneficiaires', 'des ayants-droit'],
    ['Adhésions', '*/api/insureds/5/subscriptions', 'des adhésions'],
    ['Cotisations', '*/api/insureds/5/cotisations', 'des cotisations'],
    ['Prestations', '*/api/prestations', 'des prestations'],
    ['Contrats', '*/api/contrats', 'des contrats pour cet assuré'],
  ])('the %s tab says its §8 message when its list fails', async (name, path, what) => {
    server.use(http.get(path, () => hydraProblem(500, 'boom')));
    openInsured('/assures/5');
    await screen.findByRole('tab', { name });
    await tab(name);
    const found = await screen.findAllByText(
      `Une erreur est survenue durant le chargement ${what}`,
    );
    expect(found.length).toBeGreaterThanOrEqual(1);
  });
});
