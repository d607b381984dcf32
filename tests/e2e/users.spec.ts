import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { menuLabels, signIn } from './support.ts';

// Sign-in for the people an administrator creates (issue 13), against the running stack: the
// partner administrator creates a seller with a password, signs out, and that seller signs in
// and sees the seller's menu; the operator administrator disables it and its next sign-in is
// refused; a user created without a password gets an invitation e-mail (an .eml in the
// server's outbox) whose link sets a password that then signs in.

const account = (username: string) => {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found) throw new Error(`No demo account ${username}`);
  return found;
};
const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The e2e server's outbox (scripts/e2e-server.mjs: DATA_DIR=var/e2e/<port>). */
const OUTBOX = join('var', 'e2e', String(PORT), 'outbox');
const PASSWORD = 'Vendeur2026bis';
const stamp = Date.now().toString(36);
const seller = { username: `lea.vente.${stamp}`, password: PASSWORD };

async function session(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  await signIn(page, account(username));
  return page;
}

/** Fills the Compte tab of the creation form. */
async function fillAccount(page: Page, who: { first: string; last: string; username: string }) {
  await page.getByRole('textbox', { name: 'Prénom' }).fill(who.first);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(who.last);
  await page.getByRole('textbox', { name: "Nom d'utilisateur" }).fill(who.username);
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(`${who.username}@exemple.fr`);
}

test.describe.configure({ mode: 'serial' });

test('the partner administrator creates a seller with a password, who then signs in', async ({
  browser,
}) => {
  const admin = await session(browser, 'partenaire', '/users/create');
  await expect(admin.getByRole('textbox', { name: 'Prénom' })).toBeVisible();
  await fillAccount(admin, { first: 'Léa', last: 'Vente', username: seller.username });
  await admin.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await admin.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
  await admin.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(admin).toHaveURL(/\/users\/\d+$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Léa Vente' })).toBeVisible();

  // Signs out, and the seller signs in on the same browser.
  await admin.getByRole('link', { name: 'Se déconnecter' }).first().click();
  await signIn(admin, seller);
  const menu = await menuLabels(admin);
  expect(menu).toEqual(await sellerMenu(browser));
  expect(menu).not.toContain('users');
});

test('the operator administrator disables that seller: its next sign-in is refused', async ({
  browser,
}) => {
  const admin = await session(browser, 'ageo', `/users/list`);
  await admin.getByRole('textbox', { name: 'Nom', exact: true }).fill('Vente');
  await admin.getByRole('link', { name: 'Léa Vente' }).click();
  await admin.getByRole('link', { name: 'Modifier' }).click();
  await expect(admin).toHaveURL(/\/users\/\d+\/update$/);
  const enabled = admin
    .getByRole('switch', { name: 'Actif' })
    .or(admin.getByRole('checkbox', { name: 'Actif' }));
  await expect(enabled).toBeChecked();
  await enabled.uncheck();
  await admin.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(admin.getByText("L'utilisateur a été enregistré.")).toBeVisible();

  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signIn(page, seller);
  await expect(
    page.getByText('Votre compte est désactivé. Contactez votre administrateur.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('a user created without a password gets an invitation whose link sets one', async ({
  browser,
}) => {
  const invited = `hugo.invite.${stamp}`;
  const admin = await session(browser, 'ageo', '/users/create');
  await fillAccount(admin, { first: 'Hugo', last: 'Invité', username: invited });
  await admin.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(admin).toHaveURL(/\/users\/\d+$/);

  const link = await invitationLink(`${invited}@exemple.fr`);
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByText('Bonjour Hugo,')).toBeVisible();
  await page.locator('input[name="plainPassword"]').fill('Bienvenue2026ok');
  await page.locator('input[name="repeatPassword"]').fill('Bienvenue2026ok');
  await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(page.getByText('Votre mot de passe est enregistré.')).toBeVisible();
  await page
    .getByRole('button', { name: 'Se connecter' })
    .or(page.getByRole('link', { name: 'Se connecter' }))
    .first()
    .click();
  // The provider's sign-in page (its own 'Se connecter' button, and the login field).
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await signIn(page, { username: invited, password: 'Bienvenue2026ok' });
  expect(await menuLabels(page)).toEqual(await sellerMenu(browser));

  // The link worked once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByText("Ce lien n'est plus valable.", { exact: false })).toBeVisible();
});

/** The menu of the demo seller: what any seller sees. */
let sellerMenuOnce: string[] | undefined;
async function sellerMenu(browser: Browser): Promise<string[]> {
  if (!sellerMenuOnce) {
    const page = await session(browser, 'vendeur', '/');
    sellerMenuOnce = await menuLabels(page);
    await page.context().close();
  }
  return sellerMenuOnce;
}

/** The link of the newest invitation addressed to this address, read from its .eml. */
async function invitationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(OUTBOX).catch(() => [])).filter((f) => f.endsWith('.eml'));
      for (const file of files.sort().reverse()) {
        const text = (await readFile(join(OUTBOX, file), 'utf8')).replace(/=\r?\n/g, '');
        if (!text.includes(address)) continue;
        link = /https?:\/\/[^\s"<>]+\/finalise-account\?token=[A-Za-z0-9_=-]+/.exec(
          text.replace(/=3D/g, '='),
        )?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link as string;
}
