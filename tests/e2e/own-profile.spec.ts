import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// The signed-in user's own profile (spec administration §2 /user/profile) against the running
// stack: the seller opens it from the user menu of the header, changes its job, saves, and
// finds it kept after a reload.

const vendeur = DEMO_ACCOUNTS.find((a) => a.username === 'vendeur');
if (!vendeur) throw new Error('No demo account vendeur');

const jobField = (page: Page) => page.getByRole('textbox', { name: 'Fonction' });

/** Types the job and saves it, waiting for the server's yes. */
async function saveJob(page: Page, job: string) {
  await jobField(page).fill(job);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Vos informations ont été enregistrées.')).toBeVisible();
}

test('vendeur changes its job function on its own profile, and it is kept', async ({ page }) => {
  await page.goto('/');
  await signIn(page, vendeur);
  await page.getByRole('button', { name: `${vendeur.firstname} ${vendeur.lastname}` }).click();
  await page.getByRole('menuitem', { name: 'Mon profil' }).click();

  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  const information = page.getByRole('region', { name: 'Mes informations' });
  // Its rights are shown, not given to it to change.
  // Named as the rights tree names them (« Vendeur » for PROFILE_SELLER).
  await expect(information.getByRole('list', { name: 'Mes droits' })).toContainText('Vendeur');
  await expect(information.getByRole('list', { name: 'Mes droits' })).not.toContainText(
    'PROFILE_SELLER',
  );
  await expect(page.getByRole('region', { name: 'Mon mot de passe' })).toBeVisible();

  const before = await jobField(page).inputValue();
  const job = `Conseiller commercial ${Date.now()}`;
  await saveJob(page, job);

  await page.reload();
  await expect(jobField(page)).toHaveValue(job);

  // As the seed had it, for the specs after this one.
  await saveJob(page, before);
  await page.reload();
  await expect(jobField(page)).toHaveValue(before);
});

test('the header names the person as just saved, in this tab and after a reload', async ({
  page,
}) => {
  await page.goto('/user/profile');
  await signIn(page, vendeur);
  const firstname = page.getByRole('textbox', { name: 'Prénom' });
  const save = async (value: string) => {
    await firstname.fill(value);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Vos informations ont été enregistrées.').first()).toBeVisible();
  };
  const header = (name: string) =>
    page.getByRole('button', { name: `${name} ${vendeur.lastname}`, exact: true });
  await expect(header(vendeur.firstname)).toBeVisible();

  await save('Victorien');
  await expect(header('Victorien')).toBeVisible();
  await page.reload();
  await expect(header('Victorien')).toBeVisible();

  // As the seed had it, for the specs after this one.
  await save(vendeur.firstname);
  await expect(header(vendeur.firstname)).toBeVisible();
});
