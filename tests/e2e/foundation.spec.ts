import { expect, test } from '@playwright/test';
import { MAINTENANCE_URL } from '../../playwright.config.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { menuLabels, signIn } from './support.ts';

// A guarded route each account lacks, and where the guard sends it (spec §6, administration §6).
const DENIED: Record<string, { path: string; lands: RegExp; message: string }> = {
  partenaire: { path: '/admin/dashboard', lands: /\/404$/, message: '404' },
  manager: {
    path: '/users/list',
    lands: /\/errors\/405\?msg=/,
    message: "Vous n'êtes pas autorisé à voir la liste des utilisateurs",
  },
  vendeur: {
    path: '/users/create',
    lands: /\/errors\/405\?msg=/,
    message: "Vous n'êtes pas autorisé à créer un nouvel utilisateur",
  },
};

for (const account of DEMO_ACCOUNTS) {
  test(`${account.username}: signs in, sees exactly its menu, is kept out, signs out`, async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, account);
    await expect(
      page.getByRole('heading', { name: 'Bienvenue sur votre espace partenaire' }),
    ).toBeVisible();
    await expect(page.getByText(`${account.firstname} ${account.lastname}`).first()).toBeVisible();
    expect(await menuLabels(page)).toEqual(account.menu);

    const denied = DENIED[account.username];
    if (denied) {
      await page.goto(denied.path);
      await expect(page).toHaveURL(denied.lands);
      await expect(page.getByText(denied.message).first()).toBeVisible();
    } else {
      // The operator administrator lacks nothing: the admin area opens.
      await page.goto('/admin/dashboard');
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    }

    await page.getByRole('link', { name: 'Se déconnecter' }).first().click();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    // Signed out for real: the app asks for credentials again.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  });
}

test('a deep link opened before sign-in is restored after it', async ({ page }) => {
  await page.goto('/contrats/liste?page=2');
  await signIn(page, DEMO_ACCOUNTS[3]);
  // Page 2 restored; the list then adds its default filters to the address (fixedAddress),
  // sometimes before the first look: either address is the deep link restored.
  await expect(page).toHaveURL(/\/contrats\/liste\?page=2(&|$)/);
  await expect(page.getByRole('main').locator('table tbody tr').first()).toBeVisible();
  // The browser's Back reaches the sign-in page, which is over: the application again, signed
  // in, where it was a dead end (« Demande de connexion expirée »).
  await page.goBack();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(page.getByText('Demande de connexion expirée')).toHaveCount(0);
});

test('a page opened while the server does not answer says so in French, and the app stays', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, DEMO_ACCOUNTS[3]);
  await expect(page.getByRole('main')).toBeVisible();
  // The server goes away: nothing it serves answers any more.
  await page.route('**/assets/**', (route) => route.abort('connectionrefused'));
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  // A reload would forget this mark (and land on the browser's own error page).
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // A screen not yet opened: its code must be fetched.
  await page.getByRole('link', { name: 'Apporteurs' }).first().click();
  await expect(page.getByText('Espace partenaire indisponible')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('maintenance on sends every route to /maintenance', async ({ page }) => {
  await page.goto(`${MAINTENANCE_URL}/contrats/liste`);
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByText('Site en maintenance').first()).toBeVisible();
});

test('an unknown route shows the not-found page with a link home', async ({ page }) => {
  await page.goto('/');
  await signIn(page, DEMO_ACCOUNTS[3]);
  await page.goto('/nulle/part');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cette page est introuvable' }),
  ).toBeVisible();
});

// A crafted deep link whose path is protocol-relative would leave the site if the remembered
// target were followed blindly after sign-in (spec §5 safe internal path rule).
for (const crafted of ['//evil.example/x', '/\\evil.example/x']) {
  test(`an unsafe target (${crafted}) is not followed after sign-in`, async ({ page, baseURL }) => {
    await page.goto(`${baseURL}${crafted}`);
    await signIn(page, DEMO_ACCOUNTS[3]);
    await expect(
      page.getByRole('heading', { name: 'Bienvenue sur votre espace partenaire' }),
    ).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL as string).origin);
    expect(new URL(page.url()).pathname).toBe('/');
  });
}
