import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// The sellers' and commissions' screens against the running stack: as the operator, the
// sellers' list, a seller's detail with its contracts and products, and the creation of a
// seller whose server-side violation shows on its field and is then fixed; as a manager, the
// commissions list, its dashboard and its download, at a phone's width too.

const account = (username: string) => {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found) throw new Error(`No demo account ${username}`);
  return found;
};

async function open(page: Page, path: string, username: string) {
  await page.goto(path);
  await signIn(page, account(username));
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

test('ageo: the sellers, a seller with its contracts and products, a seller created', async ({
  page,
}) => {
  await open(page, '/brokers/list', 'ageo');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('Nom', { exact: true }).fill('Morel');
  await expect(page).toHaveURL(/Morel/);
  const row = page.getByRole('row').filter({ hasText: 'Victor Morel' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('vendeur');
  await expect(row).toContainText('Horizon Courtage');
  await row.click();

  await expect(page).toHaveURL(/\/brokers\/\d+$/);
  // Exact: the page's h1 names the seller too ('Vendeur M. Victor Morel').
  await expect(page.getByText('M. Victor Morel', { exact: true })).toBeVisible();
  const contracts = page.locator('section').filter({ hasText: 'Contrats' });
  await expect(contracts.getByRole('row').nth(1)).toBeVisible();
  const products = page.locator('section').filter({ hasText: 'Produits' });
  await expect(products.getByRole('row').nth(1)).toBeVisible();

  await page.goto('/brokers/create');
  await page.getByLabel(/Civilité/).click();
  await page.getByRole('option', { name: 'Mme' }).click();
  await page.getByLabel(/Prénom/).fill('Claire');
  await page.getByRole('textbox', { name: /^Nom( \*)?$/ }).fill('Martin');
  const username = page.getByLabel(/Nom d'utilisateur/);
  await username.fill('vendeur');
  const unique = Date.now().toString(36);
  await page.getByLabel(/Adresse e-mail/).fill(`claire.martin.${unique}@horizon-courtage.fr`);
  await page.getByLabel(/Code vendeur/).fill(`E2E${unique}`.slice(0, 30));
  await page.getByLabel(/Organisation/).fill('Horizon');
  await page.getByRole('option', { name: 'Horizon Courtage' }).click();
  await page.getByRole('button', { name: /Enregistrer/ }).click();

  // The server refuses the taken user name: its words under the field, nothing saved.
  await expect(page.getByText("Ce nom d'utilisateur est déjà utilisé.")).toBeVisible();
  await expect(page).toHaveURL(/\/brokers\/create$/);

  await username.fill(`claire.martin.${unique}`);
  await page.getByRole('button', { name: /Enregistrer/ }).click();
  await expect(page).toHaveURL(/\/brokers\/\d+$/);
  await expect(page.getByText('Mme Claire Martin', { exact: true })).toBeVisible();
  await expect(page.getByText(`claire.martin.${unique}`, { exact: true })).toBeVisible();
});

test('manager: the commissions, their dashboard and download, also at 375 px', async ({ page }) => {
  await open(page, '/Commission/list', 'manager');
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: "Taux d'acquisition" })).toBeVisible();

  await page.getByText('Tableau de bord des commissions').click();
  const dashboard = page.getByRole('table', { name: 'Commissions par année et par apporteur' });
  await expect(dashboard.getByRole('row').nth(1)).toBeVisible();
  await expect(dashboard.getByText('Total')).toBeVisible();

  // The download: the file of the filtered list, then the toast of spec §8.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Télécharger/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^commissions_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Le téléchargement des commissions est terminé')).toBeVisible();

  // The menu's address reaches the same screen.
  await page.goto('/commission/list');
  await expect(rows.nth(1)).toBeVisible();

  for (const width of [375, 768, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    // A table's first row, or on a phone the first card (issue 17 #5).
    await expect(
      page.locator('main table tbody tr, main .SpecTable-cards > li').first(),
    ).toBeVisible();
    // Wide tables scroll inside their card; the page itself never scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(1);
  }
});
