// PremiumsOf (src/resources/premiums): the premiums of a contract, customer or insured, with the
// display rules of spec partner-extranet §3 "Premium" applied on screen, the §8 load error and
// the missing parent ids of §5.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { PremiumsOf } from '../../../src/resources/premiums/PremiumsOf.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const contrat = { id: 3, lbContrat: 'CT-0003', lbSouscrip: 'Boulangerie Martin' };
const premium = (id: number, fields: Record<string, unknown>) => ({
  id,
  status: 'P',
  dtDebVal: '2026-01-01',
  dtFinVal: '2026-03-31',
  dtLimReg: '2026-01-15',
  dtPaiement: null,
  paidByClient: false,
  numMontant: 100,
  numFraisImpay: 0,
  amountPaid: 0,
  lbModePaie: 'CHEQUE',
  insured: { id: 5, firstname: 'Jeanne', lastname: 'Durand' },
  contrat,
  ...fields,
});

const PREMIUMS = [
  // Unpaid: shown with no payment mode, total = 1 200,50 + 15,25, nothing paid.
  premium(1, { status: 'I', numMontant: 1200.5, numFraisImpay: 15.25, lbModePaie: 'VIREMENT' }),
  // Paid by the company: Collective; no insured: the subscriber is the recipient.
  premium(2, {
    status: 'P',
    paidByClient: true,
    insured: null,
    numMontant: 80,
    amountPaid: 80,
    lbModePaie: 'PRELEVEMENT',
    dtPaiement: '2026-02-03',
  }),
  premium(3, { status: 'S', numMontant: 10.1, numFraisImpay: 0.2, amountPaid: 0.3 }),
  premium(4, { status: 'A', numMontant: 55 }),
];

const text = (node: Element | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The text of the cell under `header` in the row holding the cell `rowText`. */
function cell(rowText: string, header: string): string {
  const row = screen.getAllByText(rowText, { selector: 'td, td *' })[0].closest('tr');
  const headers = [...(row?.closest('table')?.querySelectorAll('thead th') ?? [])].map(text);
  expect(headers).toContain(header);
  return text(row?.querySelectorAll('td')[headers.indexOf(header)]);
}

describe('PremiumsOf', () => {
  it("an insured's premiums: newest first, with the display rules of §3", async () => {
    let query: URL | undefined;
    server.use(
      http.get('*/api/insureds/5/cotisations', ({ request }) => {
        query = new URL(request.url);
        return hydraCollection(PREMIUMS);
      }),
    );
    renderScreen(<PremiumsOf of="insured" id={5} />, {
      route: '/assures/:id?',
      at: '/assures/5',
      resource: 'insureds',
    });
    expect(await screen.findByText('Impayé')).toBeInTheDocument();
    expect(query?.searchParams.get('order[dtDebVal]')).toBe('desc');
    expect(query?.searchParams.get('itemsPerPage')).toBe('10');

    for (const label of ['Payé', 'Sans suite', 'Attente']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(cell('Impayé', 'Mode de paiement')).toBe('');
    expect(cell('Impayé', 'Type de cotisation')).toBe('Individuelle');
    expect(cell('Impayé', 'Total')).toBe('1 215,75');
    expect(cell('Impayé', 'Reste à payer')).toBe('1 215,75');
    expect(cell('Impayé', 'Destinataire')).toBe('Jeanne Durand');
    expect(cell('Impayé', 'Début')).toBe('01/01/26');
    expect(cell('Impayé', 'Contrat')).toBe('CT-0003');

    expect(cell('Payé', 'Destinataire')).toBe('Boulangerie Martin');
    expect(cell('Payé', 'Type de cotisation')).toBe('Collective');
    expect(cell('Payé', 'Mode de paiement')).toBe('Prélèvement');
    expect(cell('Payé', 'Reste à payer')).toBe('0,00');
    expect(cell('Payé', 'Payée le')).toBe('03/02/26');

    // Cents, not floating point: 10,10 + 0,20 = 10,30, less 0,30 paid = 10,00.
    expect(cell('Sans suite', 'Total')).toBe('10,30');
    expect(cell('Sans suite', 'Reste à payer')).toBe('10,00');
    expect(cell('Attente', 'Mode de paiement')).toBe('Chèque');
    // One insured's own premiums: no filter by the insured's names.
    expect(screen.queryByLabelText("Nom de l'assuré")).toBeNull();
    expect(screen.queryByLabelText("Prénom de l'assuré")).toBeNull();
  });

  it('a contract and a customer read their own endpoints', async () => {
    const paths: string[] = [];
    server.use(
      http.get('*/api/contracts/3/cotisations', ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return hydraCollection([premium(7, { status: 'A' })]);
      }),
      http.get('*/api/cotisations_by_customers', ({ request }) => {
        const url = new URL(request.url);
        paths.push(`${url.pathname}?${url.searchParams.get('contrat.customer')}`);
        return hydraCollection([premium(8, { status: 'S' })]);
      }),
    );
    const contract = renderScreen(<PremiumsOf of="contract" id={3} />, {
      route: '/contrats/:id?',
      at: '/contrats/3',
      resource: 'contracts',
    });
    expect(await screen.findByText('Attente')).toBeInTheDocument();
    // The contract's own list has no contract column.
    expect(screen.queryByText('CT-0003')).toBeNull();
    contract.unmount();
    renderScreen(<PremiumsOf of="customer" id={12} />, {
      route: '/Clients/:id?',
      at: '/Clients/12',
      resource: 'customers',
    });
    expect(await screen.findByText('Sans suite')).toBeInTheDocument();
    expect(paths).toEqual(['/api/contracts/3/cotisations', '/api/cotisations_by_customers?12']);
  });

  it("refetches when the hub announces changed premiums ('contributions')", async () => {
    const topics: (string | null)[] = [];
    let push: ((text: string) => void) | undefined;
    let loads = 0;
    server.use(
      http.get('*/.well-known/mercure', ({ request }) => {
        topics.push(new URL(request.url).searchParams.get('topic'));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(new TextEncoder().encode(text));
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
      http.get('*/api/insureds/5/cotisations', () => {
        loads += 1;
        return hydraCollection([premium(1, { status: loads === 1 ? 'I' : 'P' })]);
      }),
    );
    setBearerSource(async () => 'jwt-live');
    try {
      renderScreen(<PremiumsOf of="insured" id={5} />, {
        route: '/assures/:id?',
        at: '/assures/5',
        resource: 'insureds',
      });
      expect(await screen.findByText('Impayé')).toBeInTheDocument();
      await waitFor(() => expect(push).toBeDefined());
      expect(topics).toEqual(['contributions']);
      push?.('data: {}\n\n');
      expect(await screen.findByText('Payé')).toBeInTheDocument();
    } finally {
      setBearerSource(async () => null);
    }
  });

  it('filters by status, type and names, the names as assure.* or insured.* (§5)', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/contracts/3/cotisations', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection(PREMIUMS);
      }),
    );
    renderScreen(<PremiumsOf of="contract" id={3} />, {
      route: '/contrats/:id?',
      at: '/contrats/3',
      resource: 'contracts',
    });
    await screen.findByText('Sans suite');
    await userEvent.click(screen.getByRole('combobox', { name: 'Statut' }));
    await userEvent.click(screen.getByRole('option', { name: 'Impayé' }));
    await userEvent.click(screen.getByRole('option', { name: 'Attente' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(queries.at(-1)?.getAll('status[]')).toEqual(['I', 'A']));

    await userEvent.type(screen.getByLabelText("Nom de l'assuré"), 'Dur');
    await waitFor(() => expect(queries.at(-1)?.get('assure.lastname')).toBe('Dur'));
    expect(queries.at(-1)?.get('paidByClient')).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Type de cotisation' }));
    await userEvent.click(screen.getByRole('option', { name: 'Collective' }));
    await waitFor(() => expect(queries.at(-1)?.get('paidByClient')).toBe('true'));
    const last = queries.at(-1);
    expect(last?.get('insured.lastname')).toBe('Dur');
    expect(last?.get('assure.lastname')).toBeNull();
    expect(last?.getAll('status[]')).toEqual(['I', 'A']);
    expect(last?.get('page')).toBe('1');
  });

  it('a failed load says the §8 message', async () => {
    server.use(http.get('*/api/insureds/5/cotisations', () => hydraProblem(500, 'boom')));
    renderScreen(<PremiumsOf of="insured" id={5} />, {
      route: '/assures/:id?',
      at: '/assures/5',
      resource: 'insureds',
    });
    const messages = await screen.findAllByText(
      'Une erreur est survenue durant le chargement des cotisations',
    );
    expect(messages.length).toBeGreaterThanOrEqual(1);
  });

  it('says which id is missing, without calling the API', async () => {
    const view = renderScreen(<PremiumsOf of="contract" id={null} />, {
      route: '/contrats/:id?',
      at: '/contrats',
      resource: 'contracts',
    });
    expect(await screen.findByText('Identifiant de contrat manquant')).toBeInTheDocument();
    view.unmount();
    renderScreen(<PremiumsOf of="customer" id={null} />, {
      route: '/Clients/:id?',
      at: '/Clients',
      resource: 'customers',
    });
    expect(await screen.findByText('Identifiant de souscripteur manquant')).toBeInTheDocument();
  });
});
