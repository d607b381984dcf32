// ExportButtons (src/components/export) and the export flow (src/providers/exports.ts) through
// the real HTTP and hub clients, msw answering the export, the hub's event stream and the
// download (spec partner-extranet §4, §5, §7, §8). Only the browser's own download (an object
// URL and a click on a link with `download`, which jsdom does not implement) is recorded here.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { ListContextProvider, type ListControllerResult, useNotificationContext } from 'ra-core';
import { AdminContext } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ExportButtons,
  type ExportButtonsProps,
} from '../../../src/components/export/ExportButtons.tsx';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { createExporter, dispositionName, exportFilters } from '../../../src/providers/exports.ts';
import { httpClient } from '../../../src/providers/httpClient.ts';
import { subscribe } from '../../../src/providers/hub.ts';
import { demoAccount, fakeAuthProvider } from '../layout/renderApp.tsx';

const encoder = new TextEncoder();
interface Call {
  path: string;
  body: Record<string, unknown>;
}
const calls: Call[] = [];
const streams = new Map<string, (text: string) => void>();
/** What the server does with the next export and download. */
let outcome: {
  export: 'ok' | 'refused' | 'busy';
  job: 'done' | 'error' | 'never';
  download: 'ok' | 'fail';
  hub?: 'full';
};
const BUSY = "Vous avez lancé trop d'exports en peu de temps. Réessayez dans 40 secondes.";

const server = setupServer(
  http.get('*/.well-known/mercure', ({ request }) => {
    const topic = new URL(request.url).searchParams.get('topic') ?? '';
    if (outcome.hub === 'full') {
      return HttpResponse.json(
        { detail: 'Trop de connexions de mise à jour en direct ouvertes pour ce compte.' },
        { status: 429, headers: { 'retry-after': '30' } },
      );
    }
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.set(topic, (text) => controller.enqueue(encoder.encode(text)));
        controller.enqueue(encoder.encode(':\n\n'));
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
  http.post('*/export/:kind', async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ path: `/export/${params.kind}`, body });
    if (outcome.export === 'busy') {
      return HttpResponse.json({ detail: BUSY }, { status: 429, headers: { 'retry-after': '40' } });
    }
    if (outcome.export === 'refused') {
      return HttpResponse.json({ detail: 'Le paramètre « state » est invalide.' }, { status: 400 });
    }
    const id = String(body.uuid);
    const format = String(params.kind).endsWith('Csv') ? 'csv' : 'xlsx';
    if (outcome.job !== 'never') {
      const message =
        outcome.job === 'done'
          ? { id, status: 'done', format, rows: 3 }
          : { id, status: 'error', format, message: 'échec' };
      setTimeout(() =>
        streams.get(`login/vendeur/${id}`)?.(`data: ${JSON.stringify(message)}\n\n`),
      );
    }
    return HttpResponse.json({ accepted: true, id }, { status: 202 });
  }),
  http.post('*/downloads/:format', async ({ request, params }) => {
    calls.push({
      path: `/downloads/${params.format}?id=${new URL(request.url).searchParams.get('id')}`,
      body: (await request.json()) as Record<string, unknown>,
    });
    if (outcome.download === 'fail') return HttpResponse.json({}, { status: 404 });
    return new HttpResponse('a;b\r\n', {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="assures_12.csv"; filename*=UTF-8''assur%C3%A9s_12.csv`,
      },
    });
  }),
);

const saved: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setBearerSource(async () => 'jwt-export');
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
beforeEach(() => {
  outcome = { export: 'ok', job: 'done', download: 'ok' };
});
afterEach(() => {
  calls.length = 0;
  saved.length = 0;
  streams.clear();
});
afterAll(() => {
  server.close();
  setBearerSource(async () => null);
  vi.restoreAllMocks();
});

/** Every toast asked for, in order (MUI's Snackbar shows them one at a time, 5 s each). */
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

function renderButtons(
  props: ExportButtonsProps,
  filterValues: Record<string, unknown> = {},
  shown: Partial<ListControllerResult> = {},
) {
  const list = { filterValues, ...shown } as unknown as ListControllerResult;
  return render(
    <AdminContext authProvider={fakeAuthProvider(demoAccount('vendeur'))}>
      <ListContextProvider value={list}>
        <ExportButtons {...props} />
      </ListContextProvider>
      <Toasts />
    </AdminContext>,
  );
}

const button = async (name: 'Excel' | 'CSV') => {
  const found = await screen.findByRole('button', { name });
  await vi.waitFor(() => expect(found).toBeEnabled());
  return found;
};

describe('ExportButtons', () => {
  it('exports the list filters, shows progress, downloads and says so', async () => {
    renderButtons(
      { kind: 'insureds', defaultName: 'assures_12' },
      { sex: ['F'], dtBirthday: { after: '1970-01-01' }, assure: { lastname: 'Mar' }, noss: '' },
    );
    outcome.job = 'never';
    fireEvent.click(await button('CSV'));
    expect(await screen.findByText('Votre demande est en cours de traitement !')).toBeVisible();
    // The indicator changes at most every 200 ms (spec §9): it catches up.
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Création du fichier…'),
    );
    expect(screen.getByRole('button', { name: 'Excel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'CSV' })).toBeDisabled();
    const id = String(calls[0].body.uuid);
    streams.get(`login/vendeur/${id}`)?.(
      `data: ${JSON.stringify({ id, status: 'done', format: 'csv', rows: 3 })}\n\n`,
    );
    expect(await screen.findByText('Votre fichier est téléchargé !')).toBeVisible();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'CSV' })).toBeEnabled());

    const [started, download] = calls;
    expect(started.path).toBe('/export/insuredsCsv');
    expect(started.body).toEqual({
      sex: ['F'],
      'dtBirthday[after]': '1970-01-01',
      'assure.lastname': 'Mar',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(download).toEqual({
      path: `/downloads/csv?id=${started.body.uuid}`,
      body: { name: 'assures_12.csv' },
    });
    expect(saved).toEqual(['assurés_12.csv']);
  });

  it("exports in the list's order", async () => {
    // Sorted on screen by subscriber.
    renderButtons(
      { kind: 'contracts' },
      {},
      {
        resource: 'contracts',
        sort: { field: 'lbSouscrip', order: 'ASC' },
      },
    );
    fireEvent.click(await button('CSV'));
    expect(await screen.findByText('Votre fichier est téléchargé !')).toBeVisible();
    expect(calls[0].body).toMatchObject({ 'order[lbSouscrip]': 'asc' });
  });

  it('leaves out an order the class does not sort by (an edited address)', async () => {
    renderButtons(
      { kind: 'contracts' },
      {},
      {
        resource: 'contracts',
        sort: { field: 'password_hash', order: 'DESC' },
      },
    );
    fireEvent.click(await button('CSV'));
    expect(await screen.findByText('Votre fichier est téléchargé !')).toBeVisible();
    expect(Object.keys(calls[0].body).filter((k) => k.startsWith('order'))).toEqual([]);
  });

  it('sends the typed file name', async () => {
    renderButtons({ kind: 'contracts' });
    fireEvent.change(await screen.findByLabelText('Nom du fichier'), {
      target: { value: 'Mes contrats' },
    });
    fireEvent.click(await button('Excel'));
    expect(await screen.findByText('Votre fichier est téléchargé !')).toBeVisible();
    expect(calls[0].path).toBe('/export/contracts');
    expect(calls[1].body).toEqual({ name: 'Mes contrats.xlsx' });
  });

  it('says the creation failed when the export is refused, or the job fails', async () => {
    outcome.export = 'refused';
    const { unmount } = renderButtons({ kind: 'contracts' });
    fireEvent.click(await button('CSV'));
    expect(
      await screen.findByText('Une erreur est survenue durant la création du fichier CSV'),
    ).toBeVisible();
    unmount();

    outcome = { export: 'ok', job: 'error', download: 'ok' };
    renderButtons({ kind: 'cotisations' });
    fireEvent.click(await button('Excel'));
    expect(
      await screen.findByText('Une erreur est survenue durant la création du fichier Excel'),
    ).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('/downloads'))).toBe(false);
  });

  it('cancels a running export with « Annuler »: a CSV silently, an Excel file said not made', async () => {
    outcome.job = 'never';
    renderButtons({ kind: 'contracts' });
    for (const format of ['CSV', 'Excel'] as const) {
      fireEvent.click(await button(format));
      await vi.waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('Création du fichier…'),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
      // Both buttons are offered again, and nothing is downloaded.
      await button('CSV');
      await button('Excel');
      expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
    }
    const errors = within(screen.getByRole('list', { name: 'toasts' }))
      .queryAllByText(/^Une erreur/)
      .map((toast) => toast.textContent);
    expect(errors).toEqual(['Une erreur est survenue durant la création du fichier Excel']);
    expect(calls.some((c) => c.path.startsWith('/downloads'))).toBe(false);
    expect(saved).toEqual([]);
  });

  it('says the download failed', async () => {
    outcome.download = 'fail';
    renderButtons({ kind: 'contracts' });
    fireEvent.click(await button('Excel'));
    expect(await screen.findByText('Erreur lors du téléchargement du fichier Excel')).toBeVisible();
    expect(saved).toEqual([]);
  });

  it('refuses a per-contract or per-customer export without its id (spec §5)', async () => {
    const { unmount } = renderButtons({ kind: 'insureds', requires: { contract: undefined } });
    fireEvent.click(await button('Excel'));
    expect(await screen.findByText('Identifiant de contrat manquant')).toBeVisible();
    unmount();
    renderButtons({ kind: 'cotisations', requires: { customer: '' } });
    fireEvent.click(await button('CSV'));
    expect(await screen.findByText('Identifiant de souscripteur manquant')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('says there is nothing to export when the list is empty, asking the server nothing', async () => {
    const { unmount } = renderButtons({ kind: 'contracts' }, { lbContrat: 'zzz' }, { total: 0 });
    fireEvent.click(await button('Excel'));
    expect(await screen.findByText('Aucun contrat à exporter avec ces filtres.')).toBeVisible();
    unmount();
    renderButtons({ kind: 'cotisations' }, {}, { total: 0 });
    fireEvent.click(await button('CSV'));
    expect(await screen.findByText('Aucune cotisation à exporter avec ces filtres.')).toBeVisible();
    expect(calls).toEqual([]);
    expect(saved).toEqual([]);
  });
});

describe('the export flow', () => {
  const run = (notes: string[], openWaitMs = 300) =>
    createExporter({
      http: httpClient,
      subscribe: (topic, onMessage, options) => subscribe(topic, onMessage, options),
      save: (_blob, name) => saved.push(name),
      notify: (message) => notes.push(message),
      uuid: () => crypto.randomUUID(),
      openWaitMs,
    });
  const contracts = { kind: 'contracts', filters: {}, login: 'vendeur' } as const;

  it('asks nothing and says why when the progress stream cannot open (too many pages open)', async () => {
    outcome.hub = 'full';
    const notes: string[] = [];
    // Said as soon as the hub refuses, not after the wait for a stream (a minute here).
    expect(await run(notes, 60_000)({ ...contracts, format: 'csv' })).toBe('failed');
    expect(notes).toEqual([
      "Le fichier CSV n'a pas été demandé : le suivi de sa création n'a pas pu démarrer. Fermez des onglets inutiles et réessayez dans quelques instants.",
    ]);
    expect(calls).toEqual([]);
  });

  it("says the server's reason when it asks to wait (429), and sends the request once", async () => {
    outcome.export = 'busy';
    const notes: string[] = [];
    expect(await run(notes)({ ...contracts, format: 'xlsx' })).toBe('failed');
    expect(notes).toEqual([`Une erreur est survenue durant la création du fichier Excel. ${BUSY}`]);
    expect(calls).toHaveLength(1);
  });

  it('stays silent when a CSV export is cancelled, and tells when an Excel one is', async () => {
    outcome.job = 'never';
    for (const format of ['csv', 'xlsx'] as const) {
      const notes: string[] = [];
      const abort = new AbortController();
      const result = run(notes)({
        kind: 'contracts',
        format,
        filters: {},
        login: 'vendeur',
        signal: abort.signal,
        onStage: (stage) => stage === 'processing' && abort.abort(),
      });
      expect(await result).toBe('cancelled');
      expect(notes.filter((n) => n.startsWith('Une erreur'))).toEqual(
        format === 'csv' ? [] : ['Une erreur est survenue durant la création du fichier Excel'],
      );
    }
    expect(saved).toEqual([]);
  });

  it('flattens filters as a list query does, and reads RFC 5987 names', () => {
    expect(
      exportFilters({ state: [1, 2], nbrInsured: true, dtDebVal: { after: '2024-01-01' }, x: '' }),
    ).toEqual({ state: ['1', '2'], nbrInsured: 'true', 'dtDebVal[after]': '2024-01-01' });
    expect(dispositionName(`attachment; filename="a.csv"; filename*=UTF-8''assur%C3%A9s.csv`)).toBe(
      'assurés.csv',
    );
    expect(dispositionName('attachment; filename="a.csv"')).toBe('a.csv');
    expect(dispositionName(null)).toBeUndefined();
  });
});
