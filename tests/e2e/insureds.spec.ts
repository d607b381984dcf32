import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// The insured screens against the running stack (spec partner-extranet §2, §3, §6): a seller
// filters the affiliates, opens one and goes through its tabs; an insured of another portfolio,
// opened by its address, is not found (while the operator sees it).

const account = (username: string) => {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found) throw new Error(`no demo account ${username}`);
  return found;
};

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
type Json = Record<string, any>;

/** Signs in at `path` and returns the bearer the SPA sends to the API. */
async function signInAt(page: Page, path: string, username: string): Promise<string> {
  const apiCall = page.waitForRequest(
    (r) => r.url().includes('/api/') && Boolean(r.headers().authorization),
  );
  await page.goto(path);
  await signIn(page, account(username));
  return (await apiCall).headers().authorization;
}

async function getJson(request: APIRequestContext, bearer: string, path: string) {
  const response = await request.get(path, {
    headers: { Authorization: bearer, Accept: 'application/ld+json' },
  });
  return { status: response.status(), body: (await response.json()) as Json };
}

/** An insured of the seller's scope with beneficiaries, premiums and benefits, some their own. */
async function richInsured(request: APIRequestContext, bearer: string) {
  const { body } = await getJson(request, bearer, '/api/prestations?itemsPerPage=40');
  const ids = [...new Set<number>(body['hydra:member'].map((b: Json) => b.insured.id))];
  for (const id of ids.slice(0, 12)) {
    const beneficiaries = await getJson(request, bearer, `/api/insureds/${id}/beneficiaires`);
    if (!beneficiaries.body['hydra:totalItems']) continue;
    const premiums = await getJson(request, bearer, `/api/insureds/${id}/cotisations`);
    if (!premiums.body['hydra:totalItems']) continue;
    const own = `/api/prestations?insured=${id}&beneficiary=/api/assures/${id}`;
    if (!(await getJson(request, bearer, own)).body['hydra:totalItems']) continue;
    const insured = await getJson(request, bearer, `/api/assures/${id}`);
    return { insured: insured.body, beneficiary: beneficiaries.body['hydra:member'][0] as Json };
  }
  throw new Error('no insured with beneficiaries, premiums and benefits in the seller scope');
}

test('vendeur: filters the affiliates by last name, opens one and goes through its tabs', async ({
  page,
}) => {
  const bearer = await signInAt(page, '/affilies/liste', 'vendeur');
  await expect(page.getByRole('columnheader', { name: 'N° de sécurité sociale' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const { insured, beneficiary } = await richInsured(page.request, bearer);

  await page.getByLabel('Nom', { exact: true }).fill(insured.lastname);
  await page.getByLabel('Prénom', { exact: true }).fill(insured.firstname);
  await expect(page).toHaveURL(/filter=.*assure/);
  // Every row left is of that name (the list reloads after the filter's debounce).
  const lastname = String(insured.lastname).toLowerCase();
  await expect
    .poll(async () => {
      const names = await page.locator('tbody tr td:first-child').allTextContents();
      return names.length > 0 && names.every((n) => n.toLowerCase().includes(lastname));
    })
    .toBe(true);
  const row = page
    .locator('tbody tr')
    .filter({ hasText: insured.lastname })
    .filter({ hasText: insured.firstname })
    .first();
  await expect(row).toBeVisible();
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/assures/${insured.id}`));
  await expect(page.getByRole('tab', { name: 'Identité' })).toBeVisible();
  await expect(page.getByText(/\(\d+ ans\)/).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Ayants droit' }).click();
  await expect(page).toHaveURL(/onglet=ayants-droit/);
  await expect(page.getByRole('cell', { name: beneficiary.firstname }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Adhésions' }).click();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(/En cours|Terminé|À venir/).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Cotisations' }).click();
  await expect(
    page.getByRole('cell', { name: /^(Impayé|Payé|Sans suite|Attente)$/ }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole('cell', { name: /^(Collective|Individuelle)$/ }).first(),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Prestations' }).click();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  // The insured's own care: every row left names the insured as the person cared for.
  const name = `${insured.firstname} ${insured.lastname}`;
  await page.getByRole('combobox', { name: 'Bénéficiaire des soins' }).click();
  await page.getByRole('option', { name: `${name} (assuré)` }).click();
  await expect(page).toHaveURL(/ayantDroit=assure/);
  await expect
    .poll(async () => {
      const cared = await page.locator('tbody tr td:nth-child(3)').allTextContents();
      return cared.length > 0 && cared.every((text) => text === name);
    })
    .toBe(true);

  await page.getByRole('tab', { name: 'Contrats' }).click();
  await expect(page.locator('tbody tr').first()).toBeVisible();

  // Usable at 375 px: the page itself does not scroll sideways (wide tables scroll inside).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('tab', { name: 'Cotisations' }).click();
  // A phone gets the premiums as cards (issue 17 #5).
  await expect(page.locator('main .SpecTable-cards > li').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
});

test('an insured outside the seller scope, opened by its address, is not found', async ({
  page,
  browser,
}) => {
  const operator = await browser.newContext();
  const operatorPage = await operator.newPage();
  const ageo = await signInAt(operatorPage, '/affilies/liste', 'ageo');
  const vendeur = await signInAt(page, '/affilies/liste', 'vendeur');

  const { body } = await getJson(page.request, ageo, '/api/assures?itemsPerPage=30&order[id]=asc');
  let outside: Json | undefined;
  for (const insured of body['hydra:member'] as Json[]) {
    const { status } = await getJson(page.request, vendeur, `/api/assures/${insured.id}`);
    if (status === 404) {
      outside = insured;
      break;
    }
  }
  expect(outside, 'an insured of another portfolio').toBeDefined();

  await operatorPage.goto(`/assures/${outside?.id}`);
  await expect(operatorPage.getByText(outside?.lastname).first()).toBeVisible();
  await operator.close();

  await page.goto(`/assures/${outside?.id}`);
  await expect(page.getByText('Cet assuré est introuvable.').first()).toBeVisible();
  await expect(page.getByText(/\(\d+ ans\)/)).toHaveCount(0);
});
