// The carte TP view of an insured person (spec administration §2, §7, §8): the component
// src/resources/insureds/CarteTp.tsx and its client src/providers/carteTp.ts, through the real
// HTTP client, msw answering the four calls as the server does.
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useNotificationContext } from 'ra-core';
import { AdminContext } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CarteTpPeriod } from '../../../src/domain/carteTp.ts';
import { createCarteTpClient } from '../../../src/providers/carteTp.ts';
import { createHttpClient } from '../../../src/providers/httpClient.ts';
import { CarteTp } from '../../../src/resources/insureds/CarteTp.tsx';
import { demoAccount, fakeAuthProvider } from '../layout/renderApp.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const P2025: CarteTpPeriod = {
  debval: '2025-01-01',
  debfin: '2025-12-31',
  datenvoi: '2024-12-20',
  heure: '08:31:27',
  contract: { id: 4, lbContrat: 'CT-2021-000123', lbProduit: 'Santé Sérénité' },
  current: true,
};
const P2024: CarteTpPeriod = {
  debval: '2024-03-15',
  debfin: '2024-12-31',
  datenvoi: '2024-02-28',
  heure: '16:54:00',
  contract: { id: 4, lbContrat: 'CT-2021-000123', lbProduit: 'Santé Sérénité' },
  current: false,
};

/** Every call the fake server received: path (as sent) and bearer. */
const calls: Array<{ url: string; authorization: string | null }> = [];
let periodsStatus = 200;
let emailStatus = 200;
let visuStatus = 200;

const record = (request: Request) => {
  const url = new URL(request.url);
  calls.push({ url: url.pathname, authorization: request.headers.get('authorization') });
};
const problem = (status: number, detail: string) =>
  HttpResponse.json(
    { 'hydra:description': detail, detail, status },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

const server = setupServer(
  http.get('*/api/assures/:id/availables_carte_tp', ({ request }) => {
    record(request);
    if (periodsStatus !== 200) return problem(periodsStatus, 'Erreur');
    return HttpResponse.json({ '@type': 'hydra:Collection', 'hydra:member': [P2025, P2024] });
  }),
  http.get('*/api/assures/:id/carte_tp/*', ({ request }) => {
    record(request);
    if (request.url.includes('/email/')) {
      if (emailStatus === 422) return problem(422, "email: n'est pas une adresse e-mail valide.");
      if (emailStatus !== 200) return problem(emailStatus, 'Erreur');
      return HttpResponse.json({ sent: true });
    }
    if (visuStatus !== 200) return problem(visuStatus, 'Cette carte est introuvable.');
    return new HttpResponse('%PDF-1.7 carte', {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'inline; filename="carte.pdf"',
      },
    });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no blob URLs.
  URL.createObjectURL = vi.fn(() => 'blob:carte-tp');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  calls.length = 0;
  periodsStatus = 200;
  emailStatus = 200;
  visuStatus = 200;
});
afterAll(() => server.close());

const client = () =>
  createCarteTpClient(
    createHttpClient({
      getBearer: async () => 'jwt-carte',
      navigate: vi.fn(),
      onMaintenance: () => undefined,
      backoffMs: () => 0,
    }),
  );

/** Every toast asked for, in order. */
function Toasts() {
  const { notifications } = useNotificationContext();
  return (
    <ul aria-label="toasts">
      {notifications.map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a log, never reordered.
        <li key={i}>{typeof n.message === 'string' ? n.message : ''}</li>
      ))}
    </ul>
  );
}

function renderCard(email?: string) {
  render(
    <AdminContext authProvider={fakeAuthProvider(demoAccount('vendeur'))}>
      <CarteTp insuredId={12} email={email} client={client()} />
      <Toasts />
    </AdminContext>,
  );
}

const toasts = () => screen.getByRole('list', { name: 'toasts' });

describe('CarteTp', () => {
  it('lists the periods labelled Du DD/MM/YY au DD/MM/YY with their contract, the newest chosen', async () => {
    renderCard();
    const select = await screen.findByRole('combobox', { name: 'Période' });
    expect(select).toHaveTextContent('Du 01/01/25 au 31/12/25 · CT-2021-000123');
    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Du 01/01/25 au 31/12/25 · CT-2021-000123',
      'Du 15/03/24 au 31/12/24 · CT-2021-000123',
    ]);
    expect(calls).toEqual([
      { url: '/api/assures/12/availables_carte_tp', authorization: 'Bearer jwt-carte' },
    ]);
    expect(screen.getByText('Contrat CT-2021-000123 · Santé Sérénité')).toBeVisible();
  });

  it('shows the chosen period’s card in the page', async () => {
    renderCard();
    const select = await screen.findByRole('combobox', { name: 'Période' });
    fireEvent.mouseDown(select);
    fireEvent.click(
      await screen.findByRole('option', { name: 'Du 15/03/24 au 31/12/24 · CT-2021-000123' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Voir' }));
    const frame = await screen.findByTitle('Carte de tiers payant');
    expect(frame.getAttribute('src')).toBe('blob:carte-tp');
    expect(calls.at(-1)).toEqual({
      url: '/api/assures/12/carte_tp/2024-03-15/2024-12-31/2024-02-28/16%3A54%3A00/visu',
      authorization: 'Bearer jwt-carte',
    });
  });

  it('says when the card cannot be loaded', async () => {
    visuStatus = 404;
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Voir' }));
    expect(
      await within(toasts()).findByText(
        'Une erreur est survenue durant le chargement de la carte TP',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('Carte de tiers payant')).toBeNull();
  });

  it('says when the periods cannot be loaded, once the loading is over', async () => {
    periodsStatus = 500;
    renderCard();
    expect(
      await within(toasts()).findByText(
        'Une erreur est survenue durant le chargement de la carte TP',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Chargement des cartes de tiers payant')).toBeNull();
    // The panel says the load failed, not that the insured has no card.
    expect(within(screen.getByRole('alert')).getByText(/chargement de la carte TP/)).toBeVisible();
    expect(screen.queryByText(/Aucune carte de tiers payant/)).toBeNull();
    // A 5xx is retried as every call is (spec §7), then reported once.
    expect(calls).toHaveLength(4);
    // « Réessayer » loads the periods again.
    periodsStatus = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('button', { name: 'Envoyer par e-mail' })).toBeInTheDocument();
    expect(calls).toHaveLength(5);
  });

  it('sends the card by e-mail to the address typed, and says so', async () => {
    renderCard('marie.durand@exemple.fr');
    const field = await screen.findByLabelText('Adresse e-mail');
    expect(field).toHaveValue('marie.durand@exemple.fr');
    fireEvent.change(field, { target: { value: ' jean+carte@exemple.fr ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer par e-mail' }));
    expect(
      await within(toasts()).findByText('La carte tiers payant a été envoyée'),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      url: '/api/assures/12/carte_tp/2025-01-01/2025-12-31/2024-12-20/08%3A31%3A27/email/jean%2Bcarte%40exemple.fr',
      authorization: 'Bearer jwt-carte',
    });
  });

  /** Sends the card to the insured's address with the server answering `status`: the toast. */
  async function sendFailing(status: number) {
    emailStatus = status;
    renderCard('marie.durand@exemple.fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer par e-mail' }));
    expect(
      await within(toasts()).findByText(
        "Une erreur est survenue durant l'envois de la carte tiers payant",
      ),
    ).toBeInTheDocument();
  }

  it('says when the e-mail could not be sent', async () => {
    await sendFailing(422);
    expect(within(toasts()).queryByText('La carte tiers payant a été envoyée')).toBeNull();
  });

  it('asks the server to send the mail once, even when it answers 5xx (no retry, no second mail)', async () => {
    await sendFailing(500);
    expect(calls.filter((c) => c.url.includes('/email/'))).toHaveLength(1);
  });

  it('sends nothing while the address is not an e-mail', async () => {
    renderCard();
    const field = await screen.findByLabelText('Adresse e-mail');
    expect(screen.getByRole('button', { name: 'Envoyer par e-mail' })).toBeDisabled();
    for (const value of ['pas-une-adresse', 'x@exemple.fr/../../evil', 'x@exemple..fr']) {
      fireEvent.change(field, { target: { value } });
      expect(screen.getByRole('button', { name: 'Envoyer par e-mail' })).toBeDisabled();
    }
    expect(screen.getByText("Cette adresse n'est pas une adresse e-mail valide.")).toBeVisible();
    expect(calls.filter((c) => c.url.includes('/email/'))).toEqual([]);
  });
});
