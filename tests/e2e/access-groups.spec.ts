import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// Partner access groups against the running stack (issue 13): the demo partner administrator
// opens "Groupes partenaires" from its Utilisateurs menu, sees its partner's seeded groups only,
// creates a group holding its own organisation chosen in the autocomplete, and finds it in its
// detail (organisations read from /with_organizations) and in the list.

const partenaire = DEMO_ACCOUNTS.find((a) => a.username === 'partenaire');

test('partenaire creates a group with one of its organisations, then sees it in the list and its detail', async ({
  page,
}) => {
  if (!partenaire) throw new Error('No demo account partenaire');
  await page.goto('/admin/groups/list');
  await signIn(page, partenaire);
  await expect(page.getByRole('heading', { name: 'Groupes partenaires' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Créé par' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: "Nombre d'organisations" })).toBeVisible();
  // The seeded groups of its own partner, never another partner's.
  await expect(page.getByRole('row', { name: /Horizon Courtage – Siège/ })).toBeVisible();
  await expect(page.getByText(/Atlantique Prévoyance Conseil/)).toHaveCount(0);

  await page.getByRole('link', { name: 'Nouveau groupe' }).click();
  await expect(page).toHaveURL(/\/admin\/groups\/create$/);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Équipe Horizon test');
  await page.getByRole('combobox', { name: 'Organisations' }).fill('Horizon Courtage');
  await page.getByRole('option', { name: 'Horizon Courtage', exact: true }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page).toHaveURL(/\/admin\/groups\/\d+$/);
  // Exact: the page's h1 names the group too ('Groupe partenaire Équipe Horizon test').
  await expect(
    page.getByRole('main').getByText('Équipe Horizon test', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByText('Paul Lefèvre')).toBeVisible();
  const organizations = page.getByRole('table', { name: 'Organisations du groupe' });
  await expect(organizations.getByRole('row')).toHaveCount(2);
  await expect(organizations.getByRole('row').nth(1)).toContainText('Horizon Courtage');
  // Its members: none yet; then a user placed in it through the user form, a link back.
  await expect(page.getByText('Aucun utilisateur dans ce groupe.')).toBeVisible();
  const group = page.url();
  await page.goto('/users/list');
  await page.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  const member = page.url();
  await page.getByRole('link', { name: 'Modifier' }).click();
  await page.getByRole('tab', { name: /Accès/ }).click();
  await page.getByRole('combobox', { name: 'Groupe partenaire' }).click();
  await page.getByRole('option', { name: 'Équipe Horizon test' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText("L'utilisateur a été enregistré.")).toBeVisible();
  await page.goto(group);
  const link = page.getByRole('main').locator(`a[href="${new URL(member).pathname}"]`);
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(member);
  // Out of the group again: the other tests find the user as seeded.
  await page.goto(`${member}/update`);
  await page.getByRole('tab', { name: /Accès/ }).click();
  await page.getByRole('combobox', { name: 'Groupe partenaire' }).click();
  await page.getByRole('option', { name: 'Vider le champ' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText("L'utilisateur a été enregistré.")).toBeVisible();

  await page.goto('/admin/groups/list');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('horizon test');
  // The filter applied (the header and one group) before a row is opened.
  await expect(page.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: /Équipe Horizon test/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Paul Lefèvre');
  await expect(row).toContainText('Oui');
  await row.click();
  await expect(page).toHaveURL(/\/admin\/groups\/\d+$/);
  await expect(
    page.getByRole('table', { name: 'Organisations du groupe' }).getByRole('row').nth(1),
  ).toContainText('Horizon Courtage');
});
