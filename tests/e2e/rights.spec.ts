import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { menuLabels, signIn } from './support.ts';

// Rights administration against the running stack (issue 14): the operator reorders the roles
// tree with the keyboard alone and the order survives a reload; a role given to the seller
// profile on its screen appears in the seller's menu at the next sign-in, and leaves it when
// taken back.

const account = (username: string) => {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found) throw new Error(`No demo account ${username}`);
  return found;
};

/** A fresh browser session signed in as the account, on the path. */
async function session(browser: Browser, username: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page, account(username));
  return page;
}

const teamRows = (page: Page) =>
  page
    .getByTestId('role-Équipes')
    .locator('li')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));

test('ageo reorders the roles tree with the keyboard, and the order stays after a reload', async ({
  browser,
}) => {
  const page = await session(browser, 'ageo', '/admin/droits/arbre');
  await expect(page.getByRole('heading', { level: 1, name: 'Arbre des droits' })).toBeVisible();
  await expect.poll(() => teamRows(page)).toEqual(['role-VIEW_SELLER', 'role-VIEW_MANAGER']);

  // dnd-kit's keyboard sensor: Espace saisit, la flèche déplace, Espace dépose.
  // Each step waits for what dnd-kit tells a screen reader.
  const heard = page.getByRole('status').filter({ hasText: '«' });
  await page.getByRole('button', { name: 'Déplacer « Voir les managers »' }).focus();
  await page.keyboard.press('Space');
  await expect(heard).toHaveText('« Voir les managers » saisi.');
  await page.keyboard.press('ArrowUp');
  await expect(heard).toHaveText('Au niveau de « Voir les vendeurs ».');
  await page.keyboard.press('Space');
  await expect(heard).toHaveText('Déposé au niveau de « Voir les vendeurs ».');
  await expect.poll(() => teamRows(page)).toEqual(['role-VIEW_MANAGER', 'role-VIEW_SELLER']);
  await page.getByRole('button', { name: "Enregistrer l'arbre" }).click();
  await expect(page.getByText("L'arbre des droits est enregistré.")).toBeVisible();

  await page.reload();
  await expect.poll(() => teamRows(page)).toEqual(['role-VIEW_MANAGER', 'role-VIEW_SELLER']);

  // Back as the seed had it, with the row's own button reached by the keyboard.
  await page.getByRole('button', { name: 'Monter « Voir les vendeurs »' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => teamRows(page)).toEqual(['role-VIEW_SELLER', 'role-VIEW_MANAGER']);
  await page.getByRole('button', { name: "Enregistrer l'arbre" }).click();
  await expect(page.getByText("L'arbre des droits est enregistré.")).toBeVisible();
  await page.context().close();
});

test("two administrators on the roles tree: one sees the other's save, and a stale save is refused", async ({
  browser,
}) => {
  const a = await session(browser, 'ageo', '/admin/droits/arbre');
  const b = await session(browser, 'ageo', '/admin/droits/arbre');
  for (const page of [a, b]) {
    await expect.poll(() => teamRows(page)).toEqual(['role-VIEW_SELLER', 'role-VIEW_MANAGER']);
  }
  const save = async (page: Page) =>
    page.getByRole('button', { name: "Enregistrer l'arbre" }).click();

  // A saves; B, with no change of its own, follows live.
  await a.getByRole('button', { name: 'Monter « Voir les managers »' }).click();
  await save(a);
  await expect(a.getByText("L'arbre des droits est enregistré.")).toBeVisible();
  await expect.poll(() => teamRows(b)).toEqual(['role-VIEW_MANAGER', 'role-VIEW_SELLER']);

  // B starts a change; A saves again meanwhile: B is told, and its save is refused.
  await b.getByRole('button', { name: 'Monter « Voir les vendeurs »' }).click();
  await a.getByRole('button', { name: 'Monter « Voir les vendeurs »' }).click();
  await save(a);
  await expect(a.getByText("L'arbre des droits est enregistré.")).toBeVisible();
  const elsewhere = /modifié par quelqu'un d'autre depuis son chargement/;
  await expect(b.getByRole('alert').filter({ hasText: elsewhere })).toBeVisible();
  await save(b);
  await expect(b.getByText(elsewhere).first()).toBeVisible();
  await b.getByRole('button', { name: "Recharger l'arbre" }).click();
  // A's order, the seed's again, is what B now shows.
  await expect.poll(() => teamRows(b)).toEqual(['role-VIEW_SELLER', 'role-VIEW_MANAGER']);
  await expect(b.getByRole('button', { name: "Enregistrer l'arbre" })).toBeDisabled();

  // On a phone, the rows wrap: a right's name and its buttons never overlap.
  await b.setViewportSize({ width: 390, height: 844 });
  const name = await b.getByRole('link', { name: 'Voir les managers' }).boundingBox();
  const up = await b.getByRole('button', { name: 'Monter « Voir les managers »' }).boundingBox();
  expect(name && up).toBeTruthy();
  if (name && up) {
    const apart =
      name.x + name.width <= up.x || up.y >= name.y + name.height || up.y + up.height <= name.y;
    expect(apart, JSON.stringify({ name, up })).toBe(true);
  }
  await a.context().close();
  await b.context().close();
});

/** The operator opens the seller profile's edit screen and gives or takes back a right. */
async function editSellerProfile(browser: Browser, change: (page: Page) => Promise<void>) {
  const page = await session(browser, 'ageo', '/admin/droits/profils');
  await page
    .getByRole('row', { name: /Vendeur/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/droits\/profils\/\d+$/);
  await page.getByRole('link', { name: 'Modifier' }).click();
  await change(page);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/droits\/profils\/\d+$/);
  await page.context().close();
}

test('a right given to the seller profile shows in the seller menu, and leaves it', async ({
  browser,
}) => {
  const before = await session(browser, 'vendeur', '/');
  expect(await menuLabels(before)).toEqual(account('vendeur').menu);
  await before.context().close();

  await editSellerProfile(browser, async (page) => {
    await page.getByLabel('Droits').click();
    await page.getByRole('option', { name: 'Consulter les commissions', exact: true }).click();
  });
  const granted = await session(browser, 'vendeur', '/');
  await expect.poll(() => menuLabels(granted)).toContain('Commissions');
  await granted.context().close();

  // The rights history tells the change in words: the newest is this profile's, its rights
  // before and after by their names, not as JSON.
  const history = await session(browser, 'ageo', '/admin/droits/historique');
  await history
    .getByRole('row', { name: /Modification/ })
    .first()
    .click();
  const changes = history.getByRole('table', { name: 'Changements' });
  const rights = changes
    .getByRole('row')
    .filter({ has: history.getByRole('rowheader', { name: 'Droits' }) });
  await expect(rights.getByRole('cell').last()).toContainText('Consulter les commissions');
  await expect(rights.getByRole('cell').first()).not.toContainText('Consulter les commissions');
  await history.context().close();

  await editSellerProfile(browser, async (page) => {
    await page.getByRole('button', { name: 'Consulter les commissions' }).locator('svg').click();
  });
  const revoked = await session(browser, 'vendeur', '/');
  await expect.poll(() => menuLabels(revoked)).toEqual(account('vendeur').menu);
  await revoked.context().close();
});

test('ageo reads the dashboards, charts and their numbers', async ({ browser }) => {
  const page = await session(browser, 'ageo', '/admin/dashboard');
  const profiles = page.getByRole('heading', { name: 'Utilisateurs par profil' });
  await expect(profiles).toBeVisible();
  const figure = page.locator('.MuiCard-root').filter({ has: profiles });
  await expect(figure.locator('svg').first()).toBeVisible();
  await figure.getByRole('button', { name: 'Voir les chiffres' }).click();
  await expect(figure.getByRole('table')).toBeVisible();
  await expect(figure.getByRole('row', { name: /Vendeur/ })).toBeVisible();
  // The 30-day chart names its last day, today, where the labels MUI spaced out could stop
  // short of it: a label every 7 days, counted back from the last of its table.
  const signIns = page.locator('.MuiCard-root').filter({
    has: page.getByRole('heading', { name: 'Connexions des 30 derniers jours' }),
  });
  await signIns.getByRole('button', { name: 'Voir les chiffres' }).click();
  const lastDay = await signIns.getByRole('row').last().getByRole('cell').first().textContent();
  const dayLabels = signIns.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
  await expect(dayLabels).toHaveCount(5);
  await expect(dayLabels.last()).toHaveText(lastDay ?? '');
  await page.screenshot({ path: 'test-results/admin-dashboard.png', fullPage: true });

  await page.goto('/admin/grossistes/dashboard');
  await expect(page.getByRole('heading', { name: 'Contrats par grossiste' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Alptis' }).first()).toBeAttached();
  await page.screenshot({ path: 'test-results/wholesalers-dashboard.png', fullPage: true });

  await page.goto('/admin/droits/dashboard');
  await page.getByRole('link', { name: /Historique des droits/ }).click();
  await expect(page).toHaveURL(/\/admin\/droits\/historique/);
  // Newest first: the installation's profiles, or a change an earlier test made; the element
  // in French (« Profil », never the class's name « Profile »).
  await expect(page.getByRole('columnheader', { name: 'Auteur' })).toBeVisible();
  await expect(page.getByRole('row', { name: /\bProfil\b/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Profile', exact: true })).toHaveCount(0);
  await page.context().close();
});
