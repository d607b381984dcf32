import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// The user administration screens against the running stack (issue 13): the partner
// administrator lists its users, creates one through the four-tab form (POST /api/users/create),
// lands on its detail, edits it (the changed tab flagged, the answer shown after the save) and
// sends it a reset link.

const partenaire = DEMO_ACCOUNTS.find((a) => a.username === 'partenaire');

test('partenaire lists, creates, edits a user and sends it a reset link', async ({ page }) => {
  if (!partenaire) throw new Error('No demo account partenaire');
  await page.goto('/users/list');
  await signIn(page, partenaire);
  await expect(page.getByRole('columnheader', { name: "Nom d'utilisateur" })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // Each row's name is a real link to its detail.
  await expect(page.getByRole('row').nth(1).getByRole('link')).toHaveAttribute(
    'href',
    /^\/users\/\d+$/,
  );

  await page.getByRole('main').getByRole('link', { name: 'Ajouter' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  const stamp = Date.now().toString(36);
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Inès');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Essai');
  await page.getByRole('textbox', { name: "Nom d'utilisateur" }).fill(`ines.essai.${stamp}`);
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(`ines.${stamp}@exemple.fr`);
  await page.getByRole('tab', { name: /Droits/ }).click();
  // What the chosen profile gives, read-only: a manager's rights, then a seller's (none).
  const profile = page.getByRole('combobox', { name: 'Profil de droits' });
  await profile.click();
  await page.getByRole('option', { name: 'Manageur', exact: true }).click();
  const given = page.getByRole('list', { name: 'Droits donnés par le profil' });
  await expect(given).toContainText('Consulter les commissions');
  await profile.click();
  await page.getByRole('option', { name: 'Vendeur', exact: true }).click();
  await expect(page.getByText('Ce profil ne donne aucun droit.')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inès Essai' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Droits' })).toContainText('Vendeur');

  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/update$/);
  const job = page.getByRole('textbox', { name: 'Fonction' });
  await job.fill('Chargée de clientèle');
  await expect(page.getByRole('tab', { name: /Compte.*modifié/ })).toBeVisible();
  // Saved with the keyboard: the button, disabled once the form is saved, gives the focus to
  // the page's heading, not to the document's body.
  await page.getByRole('button', { name: 'Enregistrer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText("L'utilisateur a été enregistré.")).toBeVisible();
  await expect(page.getByRole('tab', { name: /Compte.*modifié/ })).toHaveCount(0);
  await expect(job).toHaveValue('Chargée de clientèle');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
    .toBe('react-admin-title');

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Inès Essai' })).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer un lien de réinitialisation' }).click();
  const asked = page.getByRole('dialog', { name: 'Envoyer un lien de réinitialisation ?' });
  await expect(asked).toContainText(`Inès Essai recevra à ines.${stamp}@exemple.fr un lien`);
  await asked.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(
    page.getByText(
      `Un lien pour choisir un nouveau mot de passe a été envoyé à ines.${stamp}@exemple.fr.`,
    ),
  ).toBeVisible();
});

test('partenaire on a phone tells an open account from a closed one on the list', async ({
  page,
}) => {
  if (!partenaire) throw new Error('No demo account partenaire');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/users/list');
  await signIn(page, partenaire);
  const card = page.locator('main .SpecTable-cards > li').first();
  await expect(card).toBeVisible();
  await expect(card.locator('.MuiChip-label').getByText(/^(Actif|Inactif)$/)).toBeVisible();
  await expect(card.getByText('Dernière connexion')).toBeVisible();
});

test('partenaire on a phone reaches every tab of the user form', async ({ page }) => {
  if (!partenaire) throw new Error('No demo account partenaire');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/users/create');
  await signIn(page, partenaire);
  const access = page.getByRole('tab', { name: /Accès/ });
  await expect(page.getByRole('tab', { name: /Compte/ })).toBeInViewport();
  // The directory search takes the width, its button under it: its label is read whole.
  const search = page.getByRole('search', { name: "Rechercher dans l'annuaire" });
  const field = await search.getByRole('textbox').boundingBox();
  const button = await search.getByRole('button', { name: 'Rechercher' }).boundingBox();
  expect((button?.y ?? 0) > (field?.y ?? 0) + (field?.height ?? 0)).toBe(true);
  // The four tabs do not fit: an arrow says there are more, and brings the last one in view.
  await expect(access).not.toBeInViewport({ ratio: 1 });
  await page.locator('.MuiTabs-root .MuiTabScrollButton-root').last().click();
  await expect(access).toBeInViewport({ ratio: 0.9 });
  await access.click();
  await expect(page.getByRole('combobox', { name: 'Groupe partenaire' })).toBeVisible();
});
