import { expect, type Page, type Request, test } from '@playwright/test';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// The contract screens against the running stack, as the seller `vendeur`: the list with the
// default filters of spec §4, a page size, a filter by state and by type, a sort; a contract,
// its providers and insured; an insured's premiums and benefits. Every contract number shown
// belongs to vendeur's portfolio (77 contracts in the seed); another portfolio's contract opened
// by its address shows the server's not-found words; a failing list load its French message.

const account = (username: string) => {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found) throw new Error(`No demo account ${username}`);
  return found;
};

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
type Json = Record<string, any>;

const isList = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/contrats';

/** The contract numbers in the list's table. */
const shownNumbers = (page: Page) =>
  page
    .locator('table tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));

/** The list request the action leads to (the first whose query passes `wanted`), answered. */
async function nextList(
  page: Page,
  action: () => Promise<unknown>,
  wanted: (query: URLSearchParams) => boolean,
) {
  const [request] = await Promise.all([
    page.waitForRequest((r) => isList(r) && wanted(new URL(r.url()).searchParams)),
    action(),
  ]);
  const response = await request.response();
  expect(response?.status()).toBe(200);
  const body = (await response?.json()) as Json;
  return { query: new URL(request.url()).searchParams, body };
}

/** Every contract of a scope, read from the API with that user's token. */
async function allContracts(page: Page, token: string): Promise<Json[]> {
  const members: Json[] = [];
  for (let p = 1; p < 30; p++) {
    const response = await page.request.get(`/api/contrats?itemsPerPage=100&page=${p}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as Json;
    members.push(...body['hydra:member']);
    if (!body['hydra:view']?.['hydra:next']) break;
  }
  return members;
}

/** ageo's access token, signed in through the embedded identity provider's real form. */
async function operatorToken(): Promise<string> {
  const base = test.info().project.use.baseURL ?? '';
  const config = (await (await fetch(`${base}/api/config`)).json()) as Json;
  const browser = new OidcBrowser(base, config.oidc.clientId);
  return (await browser.login('ageo', 'demo')).access_token;
}

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

test('vendeur: the contract list, a contract, its insured, their premiums and benefits', async ({
  page,
}) => {
  await page.goto('/contrats/liste');
  const [first] = await Promise.all([
    page.waitForRequest(isList),
    signIn(page, account('vendeur')),
  ]);
  await expect(page).toHaveURL(/\/contrats\/liste/);

  // The default filters and order of spec §4, §9.
  const query = new URL(first.url()).searchParams;
  expect(query.getAll('state[]')).toEqual(['1', '2', '4']);
  expect(query.getAll('contractType[]')).toEqual(['1', '3']);
  expect(query.get('nbrInsured')).toBe('true');
  expect(query.get('order[dateDebVal]')).toBe('desc');
  expect(query.get('itemsPerPage')).toBe('10');

  // vendeur's whole portfolio, asked with the page's own token.
  const token = first.headers().authorization?.replace(/^Bearer /, '') ?? '';
  const portfolio = await allContracts(page, token);
  expect(portfolio).toHaveLength(77);
  const mine = new Set(portfolio.map((c) => c.lbContrat as string));
  const expectMine = async () => {
    const numbers = await shownNumbers(page);
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(mine, n).toContain(n);
  };

  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expectMine();
  // The risk, which the lean page leaves to the SPA (Contract.derived), reads as the server
  // derives it in a full answer.
  const full = new Map(portfolio.map((c) => [c.lbContrat as string, c.risk]));
  const risks = await page
    .locator('table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('td')?.textContent ?? '',
        row.querySelector('td.column-risk')?.textContent ?? '',
      ]),
    );
  expect(risks.some(([, risk]) => risk !== '')).toBe(true);
  for (const [number, risk] of risks) expect(risk, number).toBe(full.get(number) ?? '');
  await expect(page.getByRole('region', { name: 'Statistiques' })).not.toContainText('…');

  // Page size 50.
  const bigger = await nextList(
    page,
    async () => {
      await page.getByRole('combobox', { name: /par page/i }).click();
      await page.getByRole('option', { name: '50' }).click();
    },
    (q) => q.get('itemsPerPage') === '50',
  );
  expect(bigger.query.get('itemsPerPage')).toBe('50');
  const total = bigger.body['hydra:totalItems'] as number;
  await expect(page.locator('table tbody tr')).toHaveCount(Math.min(50, total));
  await expectMine();

  // By state: Actif only.
  const byState = await nextList(
    page,
    () => chooseOnly(page, 'État', ['Actif']),
    (q) => q.getAll('state[]').join() === '1',
  );
  expect(byState.query.getAll('state[]')).toEqual(['1']);
  await expect(page).toHaveURL(/filter=/);
  const states = await page
    .locator('table tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td.column-state')?.textContent));
  expect(new Set(states)).toEqual(new Set(['Actif']));
  await expectMine();

  // By type: Base only.
  const byType = await nextList(
    page,
    () => chooseOnly(page, 'Type de contrat', ['Base']),
    (q) => q.getAll('contractType[]').join() === '1',
  );
  expect(byType.query.getAll('contractType[]')).toEqual(['1']);
  expect(byType.query.getAll('state[]')).toEqual(['1']);
  await expect(page.locator('table tbody tr')).toHaveCount(
    Math.min(50, byType.body['hydra:totalItems']),
  );
  await expectMine();

  // Sorted by the risk column: the §7 alias.
  const byRisk = await nextList(
    page,
    () => page.getByRole('button', { name: /Trier par risque/ }).click(),
    (q) => q.has('order[lbType]'),
  );
  expect(byRisk.query.get('order[lbType]')).toBe('asc');
  await expectMine();
  const numbers = await shownNumbers(page);

  // A contract: its fields, its providers, its insured.
  await page.locator('table tbody tr').first().click();
  await expect(page).toHaveURL(/\/contrats\/\d+$/);
  await expect(page.getByText(numbers[0], { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Apporteurs' }).click();
  await expect(page.getByText('Apporteur principal')).toBeVisible();
  await page.getByRole('tab', { name: 'Assurés' }).click();
  const insuredRow = page.locator('table tbody tr').first();
  await expect(insuredRow).toBeVisible();
  await insuredRow.click();

  // The insured, their premiums and benefits (the insured screens of helper INSUREDS).
  await expect(page).toHaveURL(/\/assures\/\d+/);
  await page.getByRole('tab', { name: 'Cotisations' }).click();
  await expect(
    page.locator('table tbody tr').first().or(page.getByText('Aucune cotisation.')),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Prestations' }).click();
  await expect(
    page
      .locator('table tbody tr')
      .first()
      .or(page.getByText(/Aucune prestation/)),
  ).toBeVisible();

  // Another portfolio's contract, opened by its address: the server's not-found words.
  const everything = await allContracts(page, await operatorToken());
  const foreign = everything.find((c) => !mine.has(c.lbContrat));
  expect(foreign).toBeDefined();
  await page.goto(`/contrats/${foreign?.id}`);
  await expect(page.getByText('Ce contrat est introuvable.').first()).toBeVisible();
  await expect(page.getByText(foreign?.lbContrat)).toHaveCount(0);
});

test('vendeur: a failing list load shows its French message', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/api/contrats',
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ title: 'Erreur', detail: 'boom', status: 500 }),
      }),
  );
  await page.goto('/contrats/liste');
  await signIn(page, account('vendeur'));
  await expect(
    page.getByText('Une erreur est survenue durant le chargement des contrats').first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-error="true"]').first()).toBeAttached();
});

test('vendeur: at 375 px the contracts are cards with their links, the page never scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/contrats/liste');
  await signIn(page, account('vendeur'));
  // Issue 17 #5: a phone gets a list of cards (SpecTable), each titled by its contract's link.
  const card = page.locator('main .SpecTable-cards > li').first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('link')).toHaveAttribute('href', /^\/contrats\/\d+$/);
  const widths = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widths).toBeLessThanOrEqual(376);
  // The rows come first: the five filter inputs fold behind one button counting the defaults
  // (states, types, active insured), and the first card is on the first screen.
  const filters = page.getByRole('button', { name: 'Filtres (3)' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('N° de contrat')).toBeHidden();
  const addFilter = page.getByRole('button', { name: 'Ajouter un filtre' });
  await expect(addFilter).toBeHidden();
  expect((await card.boundingBox())?.y ?? Infinity).toBeLessThan(800);
  await filters.click();
  // « Add a filter » opens with the inputs, once, on the toggle's row (not on a row of its own).
  await expect(addFilter).toBeVisible();
  const [toggleBox, addBox] = [await filters.boundingBox(), await addFilter.boundingBox()];
  expect(
    Math.abs(
      (addBox?.y ?? 0) +
        (addBox?.height ?? 0) / 2 -
        ((toggleBox?.y ?? 0) + (toggleBox?.height ?? 0) / 2),
    ),
  ).toBeLessThan(12);
  await page.getByLabel('N° de contrat').fill('CT-');
  await expect(page).toHaveURL(/CT-/);
  await expect(page.getByRole('button', { name: 'Filtres (4)' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  // A contract's detail: its tabs wider than the phone scroll, with an arrow saying so (MUI
  // hides the arrows on touch screens unless told: allowScrollButtonsMobile).
  await card.getByRole('link').click();
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab').first()).toBeVisible();
  await expect(page.locator('main .MuiTabs-root .MuiTabScrollButton-root').last()).toBeVisible();
});
