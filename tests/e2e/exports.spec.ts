import { readFileSync } from 'node:fs';
import { expect, type Page, type Request, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// Exports of issue 5 in Chromium against the running stack, as the seller `vendeur`: the
// contract list filtered by state, exported to Excel and to CSV through the hub; the browser
// receives each file under the typed (or default) name; the file holds one row per contract of
// the filtered list, all of them vendeur's.

const vendeur = DEMO_ACCOUNTS.find((a) => a.username === 'vendeur');

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
type Json = Record<string, any>;

const isList = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/contrats';

/** Chooses exactly `wanted` in a multi-select filter (MUI Select), then closes it. */
async function chooseOnly(page: Page, label: string, wanted: string[]) {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  for (const option of await listbox.getByRole('option').all()) {
    const name = (await option.textContent())?.trim() ?? '';
    const selected = (await option.getAttribute('aria-selected')) === 'true';
    if (selected !== wanted.includes(name)) await option.click();
  }
  await page.keyboard.press('Escape');
}

test('vendeur exports the filtered contract list to Excel and CSV', async ({ page }) => {
  if (!vendeur) throw new Error('No demo account vendeur');
  await page.goto('/contrats/liste');
  await Promise.all([page.waitForRequest(isList), signIn(page, vendeur)]);
  await expect(page.locator('table tbody tr').first()).toBeVisible();

  // Actif only: the list answers with the total the files must hold.
  const [request] = await Promise.all([
    page.waitForRequest(
      (r) => isList(r) && new URL(r.url()).searchParams.getAll('state[]').join() === '1',
    ),
    chooseOnly(page, 'État', ['Actif']),
  ]);
  const list = (await (await request.response())?.json()) as Json;
  const total = list['hydra:totalItems'] as number;
  expect(total).toBeGreaterThan(0);
  await expect(page.locator('table tbody tr').first()).toBeVisible();

  // Excel, under a typed name with an accent.
  await page.getByLabel('Nom du fichier').fill('contrats_actifs_été');
  const [excel] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Excel' }).click(),
  ]);
  expect(excel.suggestedFilename()).toBe('contrats_actifs_été.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await excel.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('N° de contrat');
  expect(sheet.actualRowCount - 1).toBe(total);
  await expect(page.getByText('Votre fichier est téléchargé !')).toBeVisible({ timeout: 15_000 });

  // CSV, under the default name of spec §5 (contrats_{id}).
  await page.getByLabel('Nom du fichier').fill('');
  const [csv] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^contrats_[0-9a-f-]{36}\.csv$/);
  const bytes = readFileSync(await csv.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0].split(';')[0]).toBe('N° de contrat');
  expect(lines).toHaveLength(total + 1);
  const states = new Set(lines.slice(1).map((line) => line.split(';')[6]));
  expect(states).toEqual(new Set(['Actif']));
});
