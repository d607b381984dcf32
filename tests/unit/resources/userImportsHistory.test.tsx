// The import history (spec administration §2 /users/imports/list and /users/imports/{id}, §3, §4,
// §8, §9) with the real data provider, msw answering: the list asks the latest first, 10 per
// page, shows OUI/NON, the status label coloured by its warning level, the timestamps DD/MM/YY
// HH:mm:ss and the duration, links each row to its detail, filters by status, and toasts the §8
// message on failure; the detail shows the log and its rows, filters them by status, links a
// row to its account, sends the owed invitations, and reads a running import again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { UserImportLogList } from '../../../src/resources/userImportLogs/UserImportLogList.tsx';
import { UserImportLogShow } from '../../../src/resources/userImportLogs/UserImportLogShow.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';
import { setViewportWidth } from '../support/viewport.ts';

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setBearerSource(async () => 'jwt-history');
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  setBearerSource(async () => null);
});

// Local times (no offset): shown the same whatever the machine's time zone.
const log = (id: number, extra: Record<string, unknown> = {}) => ({
  '@id': `/api/user_import_logs/${id}`,
  '@type': 'UserImportLog',
  id,
  importer: { id: 3, firstname: 'Claire', lastname: 'Martin', username: 'cmartin' },
  fileName: `equipe-${id}.csv`,
  comment: 'Rentrée',
  sendMailImmediatly: true,
  processStatus: 'success',
  startedAt: '2025-03-04T09:05:07',
  endedAt: '2025-03-04T10:07:12',
  errorMessage: null,
  rowCount: 3,
  processedCount: 3,
  successCount: 3,
  warningCount: 0,
  failedCount: 0,
  ...extra,
});

const row = (
  id: number,
  line: number,
  processStatus: string,
  extra: Record<string, unknown> = {},
) => ({
  '@id': `/api/user_import_histories/${id}`,
  '@type': 'UserImportHistory',
  id,
  line,
  organisation: { id: 1, legalname: 'Horizon Courtage' },
  userId: processStatus === 'failed' ? null : 100 + id,
  lastname: `Nom${line}`,
  firstname: `Prénom${line}`,
  email: `ligne${line}@example.fr`,
  username: `ligne${line}`,
  processStatus,
  errorMessage: processStatus === 'failed' ? "L'adresse e-mail est invalide." : null,
  emailSent: processStatus === 'success',
  emailSentAt: processStatus === 'success' ? '2025-03-04T09:06:01' : null,
  createdAt: '2025-03-04T09:06:00',
  author: 'Claire Martin',
  authorUsername: 'cmartin',
  regroupementKey: line === 2 ? 'GRP-7' : null,
  ...extra,
});

const renderList = () =>
  renderScreen(<UserImportLogList title="Historique des imports" />, {
    route: '/users/imports/list',
    at: '/users/imports/list',
    resource: 'userImportLogs',
    account: 'ageo',
  });

const renderDetail = (id = 12) =>
  renderScreen(<UserImportLogShow title="Détail de l'import" />, {
    route: '/users/imports/:id',
    at: `/users/imports/${id}`,
    resource: 'userImportLogs',
    account: 'ageo',
  });

describe('/users/imports/list', () => {
  it('lists the latest imports first, 10 per page, as the spec shows them', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/user_import_logs', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const all = [
          log(12, { processStatus: 'warning', warningCount: 1, successCount: 2 }),
          log(11, { sendMailImmediatly: false, processStatus: 'failed', comment: null }),
          log(10, { processStatus: 'started', endedAt: null }),
        ];
        const status = query.get('processStatus');
        return hydraCollection(status ? all.filter((l) => l.processStatus === status) : all);
      }),
    );
    const user = userEvent.setup();
    renderList();
    const link = await screen.findByRole('link', { name: 'equipe-12.csv' });
    expect(link).toHaveAttribute('href', '/users/imports/12');
    expect(queries[0].get('order[id]')).toBe('desc');
    expect(queries[0].get('itemsPerPage')).toBe('10');
    expect(queries[0].get('page')).toBe('1');

    const first = link.closest('tr') as HTMLElement;
    expect(within(first).getByText('Claire Martin')).toBeVisible();
    expect(within(first).getByText('OUI')).toBeVisible();
    expect(within(first).getByText('04/03/25 09:05:07')).toBeVisible();
    expect(within(first).getByText('04/03/25 10:07:12')).toBeVisible();
    expect(within(first).getByText('01:02:05')).toBeVisible();
    expect(within(first).getByText('Avertissement').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorWarning',
    );

    const second = screen.getByRole('link', { name: 'equipe-11.csv' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('NON')).toBeVisible();
    expect(within(second).getByText('Échec').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    const third = screen.getByRole('link', { name: 'equipe-10.csv' }).closest('tr') as HTMLElement;
    // Still running: level 3, no end, no duration.
    expect(within(third).getByText('En cours').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    expect(within(third).getAllByText('-')).toHaveLength(2);

    // Column headers from the class declaration.
    for (const header of [
      'Importé par',
      'Fichier',
      'Envoi immédiat des e-mails',
      'Début',
      'Fin',
      'Durée',
      'Créés',
    ]) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeVisible();
    }
    // Per-page choices 10, 25, 50, 100.
    await user.click(screen.getByRole('combobox', { name: /par page/i }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '10',
      '25',
      '50',
      '100',
    ]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Échec' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'equipe-12.csv' })).toBeNull());
    expect(queries.at(-1)?.get('processStatus')).toBe('failed');
    expect(screen.getByRole('link', { name: 'equipe-11.csv' })).toBeVisible();
  });

  it('sends the OUI/NON and comment filters', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/user_import_logs', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([log(12)]);
      }),
    );
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: 'equipe-12.csv' });
    await user.click(screen.getByRole('combobox', { name: 'Envoi immédiat des e-mails' }));
    await user.click(screen.getByRole('option', { name: 'NON' }));
    await waitFor(() => expect(queries.at(-1)?.get('sendMailImmediatly')).toBe('false'));
    await user.type(screen.getByRole('textbox', { name: 'Commentaire' }), 'Rentrée');
    await waitFor(() => expect(queries.at(-1)?.get('comment')).toBe('Rentrée'));
  });

  it('toasts the §8 message when the history cannot be loaded', async () => {
    server.use(http.get('*/api/user_import_logs', () => hydraProblem(500, 'boom')));
    renderList();
    expect(
      (await screen.findAllByText('Une erreur est survenue durant le chargement des utilisateurs'))
        .length,
    ).toBeGreaterThan(0);
  });
});

describe('/users/imports/{id}', () => {
  const rows = [row(1, 2, 'success'), row(2, 3, 'warning'), row(3, 4, 'failed')];

  function serve(logExtra: Record<string, unknown> = {}) {
    const rowQueries: URLSearchParams[] = [];
    const sends: string[] = [];
    let reads = 0;
    server.use(
      http.get('*/api/user_import_logs/12', () => {
        reads++;
        return HttpResponse.json(
          log(12, {
            processStatus: 'failed',
            successCount: 1,
            warningCount: 1,
            failedCount: 1,
            errorMessage: 'Une ligne a échoué.',
            ...logExtra,
          }),
        );
      }),
      http.get('*/api/user_import_logs/12/user_import_histories', ({ request }) => {
        const query = new URL(request.url).searchParams;
        rowQueries.push(query);
        const status = query.get('processStatus');
        const sent = query.get('emailSent');
        return hydraCollection(
          rows.filter(
            (r) =>
              (!status || r.processStatus === status) &&
              (sent === null || String(r.emailSent) === sent),
          ),
        );
      }),
      http.post('*/api/user_import_logs/12/send_mails', () => {
        sends.push('send');
        return HttpResponse.json({ sent: 2, failed: 1 }, { status: 202 });
      }),
    );
    return { rowQueries, sends, reads: () => reads };
  }

  it('shows the log, then its rows in file order, and filters them by status', async () => {
    const { rowQueries } = serve();
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'equipe-12.csv' })).toBeVisible();
    const summary = screen.getByRole('region', { name: "Résumé de l'import" });
    expect(within(summary).getByText('Claire Martin')).toBeVisible();
    expect(within(summary).getByText('OUI')).toBeVisible();
    expect(within(summary).getByText('04/03/25 09:05:07')).toBeVisible();
    expect(within(summary).getByText('01:02:05')).toBeVisible();
    expect(within(summary).getByText('Une ligne a échoué.')).toBeVisible();
    // Sent immediately: nothing owed.
    expect(screen.queryByRole('button', { name: 'Envoyer les e-mails' })).toBeNull();

    const rowsSection = screen.getByRole('region', { name: "Lignes d'import" });
    await within(rowsSection).findByText('ligne2@example.fr');
    expect(rowQueries[0].get('order[line]')).toBe('asc');
    expect(rowQueries[0].get('itemsPerPage')).toBe('10');
    const successRow = within(rowsSection)
      .getByText('ligne2@example.fr')
      .closest('tr') as HTMLElement;
    expect(within(successRow).getByText('Horizon Courtage')).toBeVisible();
    expect(within(successRow).getByText('GRP-7')).toBeVisible();
    expect(within(successRow).getByText('OUI')).toBeVisible();
    expect(within(successRow).getByText('04/03/25 09:06:01')).toBeVisible();
    expect(within(successRow).getByText('Réussi').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorSuccess',
    );
    expect(
      within(successRow).getByRole('link', { name: 'Voir le compte de Prénom2 Nom2' }),
    ).toHaveAttribute('href', '/users/101');
    const warningRow = within(rowsSection)
      .getByText('ligne3@example.fr')
      .closest('tr') as HTMLElement;
    expect(within(warningRow).getByText('Avertissement').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorWarning',
    );
    const failedRow = within(rowsSection)
      .getByText('ligne4@example.fr')
      .closest('tr') as HTMLElement;
    expect(within(failedRow).getByText("L'adresse e-mail est invalide.")).toBeVisible();
    expect(within(failedRow).getByText('NON')).toBeVisible();
    expect(within(failedRow).queryByRole('link')).toBeNull();

    await user.click(within(rowsSection).getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Échec' }));
    await waitFor(() => expect(within(rowsSection).queryByText('ligne2@example.fr')).toBeNull());
    expect(rowQueries.at(-1)?.get('processStatus')).toBe('failed');
    expect(within(rowsSection).getByText('ligne4@example.fr')).toBeVisible();

    await user.type(within(rowsSection).getByRole('textbox', { name: 'Nom' }), 'Nom4');
    await waitFor(() => expect(rowQueries.at(-1)?.get('lastname')).toBe('Nom4'));
  });

  it("offers the rest of spec §3's row through « Colonnes »: its date, author and author's login", async () => {
    serve();
    const user = userEvent.setup();
    renderDetail();
    const rowsSection = await screen.findByRole('region', { name: "Lignes d'import" });
    const line2 = () =>
      within(within(rowsSection).getByText('ligne2@example.fr').closest('tr') as HTMLElement);
    await within(rowsSection).findByText('ligne2@example.fr');
    expect(line2().queryByText('cmartin')).toBeNull();
    await user.click(within(rowsSection).getByRole('button', { name: 'Colonnes' }));
    for (const label of ['Créé le', 'Auteur', "Nom d'utilisateur de l'auteur"]) {
      await user.click(await screen.findByRole('menuitemcheckbox', { name: label }));
    }
    await user.keyboard('{Escape}');
    expect(line2().getByText('cmartin')).toBeVisible();
    expect(line2().getByText('Claire Martin')).toBeVisible();
    expect(line2().getByText('04/03/25 09:06:00')).toBeVisible();
  });

  it('sends the invitations an import without immediate e-mails still owes', async () => {
    const { sends, rowQueries } = serve({ sendMailImmediatly: false });
    rows[0].emailSent = false;
    const user = userEvent.setup();
    try {
      renderDetail();
      const button = await screen.findByRole('button', { name: 'Envoyer les e-mails' });
      expect(
        rowQueries.some(
          (q) => q.get('processStatus') === 'success' && q.get('emailSent') === 'false',
        ),
      ).toBe(true);
      // Asked first: cancelled, nothing is sent.
      await user.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Envoyer les invitations ?' });
      expect(dialog).toHaveTextContent(/Le compte créé par cet import .* la recevra maintenant/);
      await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(sends).toHaveLength(0);
      // Confirmed: sent once.
      await user.click(button);
      await user.click(await screen.findByRole('button', { name: 'Envoyer' }));
      expect(await screen.findByText("2 e-mails d'invitation envoyés, 1 en échec.")).toBeVisible();
      expect(sends).toHaveLength(1);
    } finally {
      rows[0].emailSent = true;
    }
  });

  it('offers no sending when every created account has had its e-mail', async () => {
    const { rowQueries } = serve({ sendMailImmediatly: false });
    renderDetail();
    await screen.findByText('ligne2@example.fr');
    await waitFor(() => expect(rowQueries.some((q) => q.get('emailSent') === 'false')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Envoyer les e-mails' })).toBeNull();
  });

  it('reads a running import again every 2 s', async () => {
    const { reads } = serve({ processStatus: 'started', endedAt: null });
    renderDetail();
    await screen.findByText('En cours');
    const first = reads();
    await waitFor(() => expect(reads()).toBeGreaterThan(first), { timeout: 5000 });
  });
});

describe('on a phone (375 px)', () => {
  const jsdomMatchMedia = window.matchMedia;
  const jsdomWidth = window.innerWidth;
  afterEach(() => {
    window.matchMedia = jsdomMatchMedia;
    window.innerWidth = jsdomWidth;
  });

  it('shows on each import card its status, when it ran and its counts', async () => {
    setViewportWidth(375);
    server.use(
      http.get('*/api/user_import_logs', () =>
        hydraCollection([
          log(11, { processStatus: 'failed', successCount: 1, warningCount: 0, failedCount: 2 }),
        ]),
      ),
    );
    renderList();
    const card = within(
      (await screen.findByRole('link', { name: 'equipe-11.csv' })).closest('li') as HTMLElement,
    );
    expect(card.getByText('Statut')).toBeInTheDocument();
    expect(card.getByText('Échec')).toBeInTheDocument();
    expect(card.getByText('04/03/25 09:05:07')).toBeInTheDocument();
    expect(card.getByText('Échecs')).toBeInTheDocument();
    expect(card.getByText('2')).toBeInTheDocument();
  });

  it("shows on each line's card its status and its message", async () => {
    setViewportWidth(375);
    server.use(
      http.get('*/api/user_import_logs/12', () => HttpResponse.json(log(12))),
      http.get('*/api/user_import_logs/12/user_import_histories', () =>
        hydraCollection([row(3, 4, 'failed')]),
      ),
    );
    renderDetail();
    const message = await screen.findByText("L'adresse e-mail est invalide.");
    const card = within(message.closest('li') as HTMLElement);
    expect(card.getByText('Échec')).toBeInTheDocument();
    expect(card.getByText('Nom4')).toBeInTheDocument();
  });
});
