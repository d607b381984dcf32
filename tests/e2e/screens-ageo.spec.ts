import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// Spec partner-extranet §2 as the operator administrator (ageo, who sees everything): every list
// opens with rows and no error, and the first row of each opens its detail, which loads without
// an error; at a phone's width the burger opens the menu overlay and a list fits the page.

const ageo = DEMO_ACCOUNTS.find((a) => a.username === 'ageo');
if (!ageo) throw new Error('No demo account ageo');

const LOAD_ERROR = /Une erreur est survenue|introuvable/;
const PLACEHOLDER = 'Cette page sera disponible prochainement.';

/** Each list of spec §2, and the detail its first row opens (none for the commissions). */
const SCREENS: { list: string; detail?: RegExp }[] = [
  { list: '/contrats/liste', detail: /\/contrats\/\d+$/ },
  { list: '/affilies/liste', detail: /\/assures\/\d+$/ },
  { list: '/apporteurs/liste', detail: /\/apporteurs\/\d+$/ },
  { list: '/brokers/list', detail: /\/brokers\/\d+$/ },
  { list: '/Clients/liste', detail: /\/Clients\/\d+$/ },
  { list: '/Commission/list' },
  { list: '/managers/liste', detail: /\/managers\/\d+$/ },
  { list: '/mutuelles/liste', detail: /\/mutuelles\/\d+$/ },
  { list: '/Produits/liste', detail: /\/Produits\/\d+$/ },
];

/** Opens a deep link, signs in on the way, and waits to be back on it. */
async function openSignedIn(page: Page, path: string) {
  await page.goto(path);
  await signIn(page, ageo as (typeof DEMO_ACCOUNTS)[number]);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

/** The page is a built screen, done loading, and says no error. */
async function expectLoadedWithoutError(page: Page) {
  await expect(page.getByText(PLACEHOLDER)).toHaveCount(0);
  await expect(page.locator('[data-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[data-error="true"]')).toHaveCount(0);
  await expect(page.getByText(LOAD_ERROR)).toHaveCount(0);
}

/** The main table's first data row (row 0 is the header). */
// A list's first row: a table's, or on a phone (under 600 px) its first card (issue 17 #5).
const firstRow = (page: Page) =>
  page.locator('main table tbody tr, main .SpecTable-cards > li').first();

/**
 * A detail is loaded: its record is shown without an error, on every tab when it has tabs, and
 * its related lists show rows (at least one of them).
 */
async function expectDetailLoaded(page: Page) {
  const main = page.locator('main');
  await expect(main.locator('[role="tab"], table, .RaLabeled-label').first()).toBeAttached();
  await expectLoadedWithoutError(page);
  const visibleRows = () => main.locator('table tbody tr').filter({ visible: true }).count();
  const tabs = main.getByRole('tab');
  // Tabs appear with the record: wait for them or for a related row before choosing the path.
  await expect
    .poll(async () => (await tabs.count()) > 0 || (await visibleRows()) > 0, {
      message: 'the detail shows its tabs or its related rows',
    })
    .toBe(true);
  if ((await tabs.count()) === 0) {
    // The related lists start loading once the record is there: wait for their rows.
    await expect.poll(visibleRows, { message: 'rows in the related lists' }).toBeGreaterThan(0);
    await expectLoadedWithoutError(page);
    return;
  }
  let rows = 0;
  for (let i = 0; i < (await tabs.count()); i += 1) {
    await tabs.nth(i).click();
    await expectLoadedWithoutError(page);
    // A tab's related list loads after the click; a tab without a table (identity) has none.
    await expect
      .poll(visibleRows, { timeout: 5_000 })
      .toBeGreaterThan(0)
      .catch(() => undefined);
    rows += await visibleRows();
  }
  expect(rows, 'rows in the related lists').toBeGreaterThan(0);
}

for (const { list, detail } of SCREENS) {
  test(`ageo: ${list} has rows${detail ? ', its first row opens its detail' : ''}`, async ({
    page,
  }) => {
    await openSignedIn(page, list);
    await expect(firstRow(page)).toBeVisible();
    await expectLoadedWithoutError(page);
    if (!detail) return;

    await firstRow(page).click();
    await expect(page).toHaveURL(detail);
    await expectDetailLoaded(page);
  });
}

test('ageo at 375 px: the burger opens the menu overlay, a list and a detail fit the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page, '/Clients/liste');
  await expect(firstRow(page)).toBeVisible();

  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const overlay = page.getByRole('dialog', { name: 'Menu principal' });
  await expect(overlay).toBeVisible();
  await overlay.getByRole('link', { name: 'Produits' }).click();
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/Produits\/liste$/);
  await expect(firstRow(page)).toBeVisible();
  await expectLoadedWithoutError(page);

  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  // Wide tables scroll inside their card; the page itself never scrolls sideways.
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The filters are usable: folded behind « Filtres » (rows first), opened, typing narrows.
  const filters = page.getByRole('button', { name: /^Filtres/ });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Produit').first()).toBeHidden();
  await filters.click();
  await page.getByLabel('Produit').first().fill('Santé');
  await expect(page).toHaveURL(/Sant/);
  await expect(firstRow(page)).toBeVisible();

  await firstRow(page).click();
  await expect(page).toHaveURL(/\/Produits\/\d+$/);
  await expectLoadedWithoutError(page);
  expect(await overflow()).toBeLessThanOrEqual(0);
});
