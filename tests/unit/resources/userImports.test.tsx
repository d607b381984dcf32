// The import screens (spec administration §2 /users/imports and /users/imports/documentation)
// with the real HTTP client and the real hub stream, msw answering: the upload sends a multipart
// body (file, comment, sendMailImmediatly, uuid) after listening on login/{login}/{uuid}, shows
// the hub's progress then the counts; a refused file (413, 415, 422) shows the server's French
// words and keeps the form; without the hub the log is polled; the documentation lists every
// column of IMPORT_COLUMNS and downloads the templates with the bearer token.
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  columnLabel,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  templateName,
} from '../../../src/domain/userImport.ts';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { UserImportDocumentation } from '../../../src/resources/userImportLogs/UserImportDocumentation.tsx';
import { UserImportPage } from '../../../src/resources/userImportLogs/UserImportPage.tsx';
import { renderScreen } from '../support/renderScreen.tsx';

const encoder = new TextEncoder();
/** The open hub streams, by topic: push an SSE event to the page. */
const streams = new Map<string, (text: string) => void>();
/** Topics subscribed, in order, with what had been posted at that time. */
const subscribed: { topic: string; postsBefore: number }[] = [];
interface Post {
  fields: Record<string, string>;
  file?: { name: string; size: number; text: string };
}
const posts: Post[] = [];
const bearers: (string | null)[] = [];

const problem = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Erreur', status, ...body },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

const acceptedLog = (extra: Record<string, unknown> = {}) => ({
  '@id': '/api/user_import_logs/12',
  '@type': 'UserImportLog',
  id: 12,
  fileName: 'equipe.csv',
  processStatus: 'started',
  rowCount: 3,
  processedCount: 0,
  successCount: 0,
  warningCount: 0,
  failedCount: 0,
  ...extra,
});

/** What POST /api/user_import_logs answers next. */
let answer: () => Response;

const server = setupServer(
  http.get('*/.well-known/mercure', ({ request }) => {
    const topic = new URL(request.url).searchParams.get('topic') ?? '';
    subscribed.push({ topic, postsBefore: posts.length });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.set(topic, (text) => controller.enqueue(encoder.encode(text)));
        controller.enqueue(encoder.encode(':\n\n'));
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
  http.post('*/api/user_import_logs', async ({ request }) => {
    bearers.push(request.headers.get('authorization'));
    const form = await request.formData();
    const post: Post = { fields: {} };
    for (const [name, value] of form) {
      if (typeof value === 'string') post.fields[name] = value;
      else post.file = { name: value.name, size: value.size, text: await value.text() };
    }
    posts.push(post);
    return answer();
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom's FormData and File are not the ones Node's fetch serializes (it would send the file as
  // "undefined"): the page builds its multipart body with Node's own, as a browser uses its own.
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
  vi.stubGlobal('FormData', NodeFormData);
});
beforeEach(() => {
  setBearerSource(async () => 'jwt-import');
  answer = () => HttpResponse.json(acceptedLog(), { status: 202 });
});
afterEach(() => {
  server.resetHandlers();
  streams.clear();
  subscribed.length = 0;
  posts.length = 0;
  bearers.length = 0;
});
afterAll(() => {
  vi.unstubAllGlobals();
  server.close();
  setBearerSource(async () => null);
  vi.restoreAllMocks();
});

const CSV = 'nom;prenom;email\nMartin;Claire;claire.martin@example.fr\n';

const renderUpload = () =>
  renderScreen(<UserImportPage title="Importer des utilisateurs" />, {
    route: '/users/imports',
    at: '/users/imports',
    resource: 'userImportLogs',
    account: 'ageo',
  });

const fileInput = () => screen.getByLabelText('Fichier à importer (CSV ou XLSX)');
const importButton = () => screen.getByRole('button', { name: 'Importer' });

/** Chooses a file, types a comment, and sends. */
async function upload(
  user: ReturnType<typeof userEvent.setup>,
  file = new NodeFile([CSV], 'equipe.csv', { type: 'text/csv' }) as unknown as File,
) {
  await screen.findByRole('heading', { level: 1, name: 'Importer des utilisateurs' });
  await user.upload(fileInput(), file);
  await user.type(screen.getByLabelText('Commentaire'), 'Rentrée 2025');
  await waitFor(() => expect(importButton()).toBeEnabled());
  await user.click(importButton());
}

const push = (topic: string, data: unknown) =>
  streams.get(topic)?.(`data: ${JSON.stringify(data)}\n\n`);

describe('/users/imports', () => {
  it('offers a labelled file input, a comment and the e-mails checked by default', async () => {
    renderUpload();
    await screen.findByRole('heading', { level: 1, name: 'Importer des utilisateurs' });
    expect(fileInput()).toHaveAttribute('type', 'file');
    expect(fileInput().getAttribute('accept')).toContain('.xlsx');
    expect(screen.getByLabelText('Commentaire')).toHaveAttribute(
      'maxlength',
      String(IMPORT_LIMITS.maxComment),
    );
    expect(
      screen.getByRole('checkbox', { name: 'Envoyer les e-mails immédiatement' }),
    ).toBeChecked();
    expect(screen.getByRole('link', { name: /Format du fichier/ })).toHaveAttribute(
      'href',
      '/users/imports/documentation',
    );
    // Nothing to send yet.
    expect(importButton()).toBeDisabled();
  });

  it('sends the multipart body after listening on the hub, shows the progress, then the counts', async () => {
    const user = userEvent.setup();
    renderUpload();
    await upload(user);
    await waitFor(() => expect(posts).toHaveLength(1));

    const [post] = posts;
    expect(post.fields).toEqual({
      comment: 'Rentrée 2025',
      sendMailImmediatly: 'true',
      uuid: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    expect(post.file).toEqual({ name: 'equipe.csv', size: CSV.length, text: CSV });
    expect(bearers).toEqual(['Bearer jwt-import']);
    const topic = `login/ageo/${post.fields.uuid}`;
    // Subscribed BEFORE the file was sent.
    expect(subscribed).toEqual([{ topic, postsBefore: 0 }]);

    push(topic, { id: 12, status: 'progress', processed: 2, total: 3 });
    expect(await screen.findByText('2 / 3 lignes traitées')).toBeVisible();
    const bar = screen.getByRole('progressbar', { name: "Progression de l'import" });
    expect(bar).toHaveAttribute('aria-valuenow', '67');
    expect(importButton()).toBeDisabled();

    push(topic, {
      id: 12,
      status: 'done',
      processStatus: 'warning',
      total: 3,
      success: 1,
      warning: 1,
      failed: 1,
    });
    const result = await screen.findByText(/Import terminé : Avertissement/);
    const summary = result.closest('[role="status"]') as HTMLElement;
    expect(within(summary).getByText('Créés').nextElementSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Avertissements').nextElementSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Échecs').nextElementSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Lignes').nextElementSibling).toHaveTextContent('3');
    // Warning level 2: the warning colour.
    expect(summary.querySelector('[data-level="2"]')).toHaveClass('MuiChip-colorWarning');
    expect(within(summary).getByRole('link', { name: 'Voir le détail' })).toHaveAttribute(
      'href',
      '/users/imports/12',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a file above the size limit before sending it', async () => {
    const user = userEvent.setup();
    renderUpload();
    await screen.findByRole('heading', { level: 1, name: 'Importer des utilisateurs' });
    const big = new File(['x'], 'gros.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: IMPORT_LIMITS.maxBytes + 1 });
    await user.upload(fileInput(), big);
    expect(
      await screen.findByText("Le fichier dépasse 10 Mo, la taille maximale d'un import."),
    ).toBeVisible();
    expect(importButton()).toBeDisabled();
    expect(posts).toEqual([]);
  });

  it.each([
    [413, { detail: 'Le fichier dépasse 10 Mo.' }, ['Le fichier dépasse 10 Mo.']],
    [
      415,
      { detail: "Le fichier n'est ni un CSV ni un XLSX." },
      ["Le fichier n'est ni un CSV ni un XLSX."],
    ],
    [
      422,
      {
        detail: 'Le fichier est invalide.',
        violations: [
          { propertyPath: 'file', message: 'Colonne obligatoire manquante : nom.' },
          { propertyPath: 'file', message: 'Colonne obligatoire manquante : email.' },
        ],
      },
      [
        'Le fichier est invalide.',
        'Colonne obligatoire manquante : nom.',
        'Colonne obligatoire manquante : email.',
      ],
    ],
  ])('a %i answer shows its French words and keeps the form', async (status, body, shown) => {
    answer = () => problem(status, body);
    const user = userEvent.setup();
    renderUpload();
    await upload(user);
    const alert = await screen.findByRole('alert');
    for (const text of shown) expect(alert).toHaveTextContent(text);
    // The keyboard is not sent back to the page's start: the message holds the focus.
    await waitFor(() => expect(alert).toHaveFocus());
    // The chosen file and the comment are still there; the form can be sent again.
    expect(screen.getByText(`Fichier choisi : equipe.csv (${CSV.length} octets)`)).toBeVisible();
    expect(screen.getByLabelText('Commentaire')).toHaveValue('Rentrée 2025');
    expect(importButton()).toBeEnabled();
    expect(screen.queryByText('Voir le détail')).toBeNull();
  });

  it('says the generic French error when the server gives no words', async () => {
    answer = () => new HttpResponse(null, { status: 400 });
    const user = userEvent.setup();
    renderUpload();
    await upload(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Une erreur est survenue durant la requête',
    );
  });

  it('polls the log every 2 s when the hub cannot be followed', async () => {
    setBearerSource(async () => null);
    let reads = 0;
    server.use(
      http.get('*/api/user_import_logs/12', () => {
        reads++;
        return HttpResponse.json(
          reads === 1
            ? acceptedLog({ processedCount: 1 })
            : acceptedLog({
                processStatus: 'success',
                processedCount: 3,
                successCount: 3,
                endedAt: '2025-03-04T09:05:09',
              }),
        );
      }),
    );
    const user = userEvent.setup();
    renderUpload();
    await upload(user);
    expect(await screen.findByText('1 / 3 lignes traitées')).toBeVisible();
    const result = await screen.findByText(/Import terminé : Réussi/, {}, { timeout: 8000 });
    const summary = result.closest('[role="status"]') as HTMLElement;
    expect(within(summary).getByText('Créés').nextElementSibling).toHaveTextContent('3');
    expect(reads).toBe(2);
    expect(subscribed).toEqual([]);
  });
});

describe('/users/imports/documentation', () => {
  const saved: { name: string; text: string }[] = [];
  const blobs = new Map<string, Blob>();
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, text: this.href });
    });
  });

  const renderDoc = () =>
    renderScreen(<UserImportDocumentation title="Documentation de l'import" />, {
      route: '/users/imports/documentation',
      at: '/users/imports/documentation',
      resource: 'userImportLogs',
      account: 'ageo',
    });

  it('lists every column, the formats and the limits in French units', async () => {
    renderDoc();
    const table = await screen.findByRole('table', { name: 'Colonnes du fichier' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(IMPORT_COLUMNS.length);
    IMPORT_COLUMNS.forEach((column, i) => {
      const cells = rows[i].querySelectorAll('th, td');
      expect(cells[0]).toHaveTextContent(column.header);
      expect(cells[1]).toHaveTextContent(columnLabel(column));
      expect(cells[2]).toHaveTextContent(column.required ? 'Oui' : 'Non');
      expect(cells[3]).toHaveTextContent(column.help);
    });
    expect(screen.getByText(/Taille du fichier : 10 Mo au plus/)).toBeVisible();
    expect(screen.getByText(/Nombre de lignes : 20\s000 lignes au plus/)).toBeVisible();
    expect(screen.getByText(/UTF-8 \(avec ou sans BOM\) ou en Windows-1252/)).toBeVisible();
    expect(screen.getByText(/seule la première feuille/)).toBeVisible();
    // It quotes the form's checkbox in its own words.
    expect(
      screen.getByText(/part aussitôt si « Envoyer les e-mails immédiatement » est coché, sinon/),
    ).toBeVisible();
    expect(screen.getByText(/un fichier peut être\s+réimporté/)).toBeVisible();
  });

  it('downloads the templates with the bearer token', async () => {
    const asked: { path: string; auth: string | null }[] = [];
    server.use(
      http.get('*/api/user_import_logs/template.:format', ({ request, params }) => {
        asked.push({
          path: `template.${params.format}`,
          auth: request.headers.get('authorization'),
        });
        return new HttpResponse('civilite;nom\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const user = userEvent.setup();
    renderDoc();
    await user.click(await screen.findByRole('button', { name: 'Télécharger le modèle CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe(templateName('csv'));
    expect(await blobs.get(saved[0].text)?.text()).toBe('civilite;nom\r\n');
    await user.click(screen.getByRole('button', { name: 'Télécharger le modèle XLSX' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1].name).toBe(templateName('xlsx'));
    expect(asked).toEqual([
      { path: 'template.csv', auth: 'Bearer jwt-import' },
      { path: 'template.xlsx', auth: 'Bearer jwt-import' },
    ]);
  });

  it('says so when a template cannot be downloaded', async () => {
    server.use(
      http.get('*/api/user_import_logs/template.:format', () =>
        HttpResponse.json({ detail: 'x' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderDoc();
    await user.click(await screen.findByRole('button', { name: 'Télécharger le modèle CSV' }));
    expect(
      await screen.findByText('Une erreur est survenue durant le téléchargement du modèle CSV'),
    ).toBeVisible();
    expect(saved).toEqual([]);
  });
});
