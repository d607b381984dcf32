import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { IMPORT_COLUMNS } from '../../src/domain/userImport.ts';
import { signIn } from './support.ts';

// Bulk user imports (issue 15) in the browser, as the partner administrator: a CSV made here
// (3 sellers of one of its agencies, a bad e-mail, an unknown organisation) chosen on
// /users/imports reached from the menu, its progress and its result, its detail with the rows'
// French messages and the status filter, the history, the invitations in the outbox; the same
// file again (no duplicate); a PNG named .csv refused with the server's 415 words; the
// documentation's columns and its CSV template.

const partenaire = DEMO_ACCOUNTS.find((a) => a.username === 'partenaire');
const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The e2e server's outbox (scripts/e2e-server.mjs: DATA_DIR=var/e2e/<port>). */
const OUTBOX = join('var', 'e2e', String(PORT), 'outbox');
const tag = Date.now().toString(36);
const FILE_NAME = `vendeurs-${tag}.csv`;
const COMMENT = `Agence test ${tag}`;
const UNKNOWN_ORGANIZATION = '999999';
const sellers = [1, 2, 3].map((n) => ({
  last: `Import${n}`,
  first: 'Vendeur',
  email: `import.${tag}.${n}@exemple.fr`,
}));
const BAD_EMAIL = `pas-une-adresse-${tag}`;
const UNKNOWN_ORG_EMAIL = `inconnue.${tag}@exemple.fr`;

type Json = Record<string, unknown>;

/** The access token of the signed-in SPA (oidc-client-ts keeps it in sessionStorage). */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) {
        return JSON.parse(sessionStorage.getItem(key) ?? '{}').access_token as string;
      }
    }
    return '';
  });
}

async function signedIn(browser: Browser): Promise<Page> {
  if (!partenaire) throw new Error('No demo account partenaire');
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signIn(page, partenaire);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  return page;
}

/** One agency of the partner (an organisation whose parent is Horizon Courtage), from the API. */
let agencyOnce: { id: number; legalname: string } | undefined;
async function agency(page: Page) {
  if (agencyOnce) return agencyOnce;
  const token = await accessToken(page);
  expect(token).not.toBe('');
  const query = new URLSearchParams({ legalname: 'Horizon Courtage – Agence', itemsPerPage: '5' });
  const response = await page.request.get(`/api/organizations?${query}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
  });
  expect(response.status()).toBe(200);
  const [first] = ((await response.json()) as Json)['hydra:member'] as Json[];
  expect(first?.legalname).toMatch(/^Horizon Courtage – Agence/);
  agencyOnce = { id: first.id as number, legalname: first.legalname as string };
  return agencyOnce;
}

/** The file: UTF-8 with BOM, ';', 3 valid sellers then a bad e-mail and an unknown organisation. */
function importFile(organization: number): Buffer {
  const lines = [
    ['nom', 'prenom', 'email', 'organisation'],
    ...sellers.map((s) => [s.last, s.first, s.email, String(organization)]),
    ['Faux', 'Courriel', BAD_EMAIL, String(organization)],
    ['Inconnue', 'Organisation', UNKNOWN_ORG_EMAIL, UNKNOWN_ORGANIZATION],
  ];
  return Buffer.from(`\ufeff${lines.map((cells) => cells.join(';')).join('\r\n')}\r\n`, 'utf8');
}

/** Opens Utilisateurs > Importer in the side menu. */
async function openImportPage(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  const users = nav.locator('[data-menu-entry="Utilisateurs"]');
  if ((await users.getAttribute('aria-expanded')) !== 'true') await users.click();
  await nav.getByRole('link', { name: 'Importer', exact: true }).click();
  await expect(page).toHaveURL(/\/users\/imports$/);
  await expect(page.getByRole('button', { name: 'Importer', exact: true })).toBeDisabled();
}

/** Chooses the file, types the comment, submits; the POST held back a little so the progress shows. */
async function submitImport(page: Page, file: Buffer, comment: string) {
  await page.route('**/api/user_import_logs', async (route) => {
    if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
    await route.fallback();
  });
  await page.locator('input[type="file"][name="file"]').setInputFiles({
    name: FILE_NAME,
    mimeType: 'text/csv',
    buffer: file,
  });
  await expect(page.getByText(`Fichier choisi : ${FILE_NAME}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Commentaire' }).fill(comment);
  await expect(
    page.getByRole('checkbox', { name: 'Envoyer les e-mails immédiatement' }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: "Progression de l'import" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importer', exact: true })).toBeDisabled();
  const result = page.getByRole('status').filter({ hasText: 'Import terminé' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: "Progression de l'import" })).toHaveCount(0);
  await page.unroute('**/api/user_import_logs');
  return result;
}

/** The .eml files of the outbox addressed to `address`. */
async function mailsTo(address: string): Promise<string[]> {
  const files = (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) =>
    f.endsWith('.eml'),
  );
  const found: string[] = [];
  for (const file of files) {
    const text = (await readFile(join(OUTBOX, file), 'utf8')).replace(/=\r?\n/g, '');
    if (text.includes(address)) found.push(text);
  }
  return found;
}

test.describe.configure({ mode: 'serial' });

test('the partner administrator imports a mixed file: result, detail, filter, history, invitations', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  const organization = await agency(page);
  await openImportPage(page);

  const result = await submitImport(page, importFile(organization.id), COMMENT);
  await expect(result).toContainText('Import terminé : Échec');
  await expect(result.locator('[data-count="total"]')).toHaveText('5');
  await expect(result.locator('[data-count="success"]')).toHaveText('3');
  await expect(result.locator('[data-count="warning"]')).toHaveText('0');
  await expect(result.locator('[data-count="failed"]')).toHaveText('2');
  // Imported: the form is ready for another file.
  await expect(page.getByRole('textbox', { name: 'Commentaire' })).toHaveValue('');
  await expect(page.getByText('Aucun fichier choisi.')).toBeVisible();

  await result.getByRole('link', { name: 'Voir le détail' }).click();
  await expect(page).toHaveURL(/\/users\/imports\/\d+$/);
  const id = /\/users\/imports\/(\d+)$/.exec(page.url())?.[1];
  const summary = page.getByRole('region', { name: "Résumé de l'import" });
  await expect(summary.getByRole('heading', { name: FILE_NAME })).toBeVisible();
  await expect(summary).toContainText(COMMENT);
  await expect(summary).toContainText('OUI');
  await expect(summary).toContainText('Paul Lefèvre');

  const rows = page.getByRole('region', { name: "Lignes d'import" });
  await expect(rows.getByRole('row')).toHaveCount(6);
  const line = (n: number) => rows.getByRole('row').nth(n);
  for (const [index, seller] of sellers.entries()) {
    await expect(line(index + 1)).toContainText(String(index + 2));
    await expect(line(index + 1)).toContainText(seller.email);
    await expect(line(index + 1)).toContainText(organization.legalname);
    await expect(line(index + 1)).toContainText('Réussi');
    await expect(line(index + 1).getByRole('link', { name: /Voir le compte de/ })).toBeVisible();
  }
  await expect(line(4)).toContainText(BAD_EMAIL);
  await expect(line(4)).toContainText('Échec');
  await expect(line(4)).toContainText(/Adresse e-mail.*n'est pas une adresse e-mail valide/);
  await expect(line(5)).toContainText(UNKNOWN_ORG_EMAIL);
  await expect(line(5)).toContainText('Échec');
  await expect(line(5)).toContainText("Cette organisation n'existe pas.");

  // The rows filtered by status: the two failed ones only.
  await rows.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Échec' }).click();
  await expect(rows.getByRole('row')).toHaveCount(3);
  await expect(line(1)).toContainText(BAD_EMAIL);
  await expect(line(2)).toContainText(UNKNOWN_ORG_EMAIL);
  await expect(rows.getByText('Réussi')).toHaveCount(0);

  // The history, reached from the menu: this import first, with OUI, its comment and Échec.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Historique' })
    .click();
  await expect(page).toHaveURL(/\/users\/imports\/list/);
  const first = page.getByRole('row').nth(1);
  await expect(first.getByRole('link', { name: FILE_NAME })).toHaveAttribute(
    'href',
    `/users/imports/${id}`,
  );
  await expect(first).toContainText(COMMENT);
  await expect(first).toContainText('OUI');
  await expect(first).toContainText('Échec');
  await expect(first).toContainText('Paul Lefèvre');

  // Each created account got its invitation; the failed lines none.
  for (const seller of sellers) {
    await expect.poll(async () => (await mailsTo(seller.email)).length).toBe(1);
    const [mail] = await mailsTo(seller.email);
    expect(mail.replace(/=3D/g, '=')).toMatch(/\/finalise-account\?token=/);
  }
  expect(await mailsTo(UNKNOWN_ORG_EMAIL)).toEqual([]);
  await page.context().close();
});

test('the same file again creates no duplicate: the known accounts are warnings', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  const organization = await agency(page);
  await openImportPage(page);
  const result = await submitImport(page, importFile(organization.id), `${COMMENT} (bis)`);
  await expect(result.locator('[data-count="total"]')).toHaveText('5');
  await expect(result.locator('[data-count="success"]')).toHaveText('0');
  await expect(result.locator('[data-count="warning"]')).toHaveText('3');
  await expect(result.locator('[data-count="failed"]')).toHaveText('2');

  await result.getByRole('link', { name: 'Voir le détail' }).click();
  const rows = page.getByRole('region', { name: "Lignes d'import" });
  await expect(rows.getByRole('row')).toHaveCount(6);
  for (const n of [1, 2, 3]) {
    await expect(rows.getByRole('row').nth(n)).toContainText('Avertissement');
    await expect(rows.getByRole('row').nth(n)).toContainText('La ligne est ignorée');
  }
  // Still one invitation each.
  for (const seller of sellers) expect(await mailsTo(seller.email)).toHaveLength(1);
  await page.context().close();
});

test('a PNG named .csv is refused with the French 415 message and the form is kept', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await openImportPage(page);
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  await page
    .locator('input[type="file"][name="file"]')
    .setInputFiles({ name: 'image.csv', mimeType: 'text/csv', buffer: png });
  await expect(page.getByText('Fichier choisi : image.csv')).toBeVisible();
  const comment = `Une image ${tag}`;
  await page.getByRole('textbox', { name: 'Commentaire' }).fill(comment);
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/user_import_logs'),
  );
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  expect((await answer).status()).toBe(415);
  await expect(page.getByRole('alert')).toContainText(
    "Ce fichier n'est ni un fichier CSV ni un classeur Excel (.xlsx) : enregistrez-le dans l'un de ces formats.",
  );
  await expect(page.getByRole('textbox', { name: 'Commentaire' })).toHaveValue(comment);
  await expect(page.getByText('Fichier choisi : image.csv')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importer', exact: true })).toBeEnabled();
  await page.context().close();
});

test('the documentation lists the columns and its CSV template downloads', async ({ browser }) => {
  const page = await signedIn(browser);
  await openImportPage(page);
  await page.getByRole('link', { name: 'Format du fichier et modèles à télécharger' }).click();
  await expect(page).toHaveURL(/\/users\/imports\/documentation$/);
  const columns = page.getByRole('table', { name: 'Colonnes du fichier' });
  await expect(columns.getByRole('row')).toHaveCount(IMPORT_COLUMNS.length + 1);
  for (const column of IMPORT_COLUMNS) {
    await expect(
      columns.getByRole('rowheader', { name: column.header, exact: true }),
    ).toBeVisible();
  }

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Télécharger le modèle CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('modele-import-utilisateurs.csv');
  const path = await download.path();
  const text = (await readFile(path, 'utf8')).replace(/^\ufeff/, '');
  expect(text.split(/\r?\n/)[0]).toBe(IMPORT_COLUMNS.map((c) => c.header).join(';'));
  await page.context().close();
});
