import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// The generic screens of a plain class against the running stack: the operator lists the
// suppliers (made from the Supplier declaration alone), filters them, creates one, sees the
// server's French refusal of a duplicate on its field, corrects a name and deletes the record.

const ageo = DEMO_ACCOUNTS.find((a) => a.username === 'ageo');

test('ageo: the suppliers listed, filtered, created, refused, edited and deleted', async ({
  page,
}) => {
  if (!ageo) throw new Error('No demo account ageo');
  await page.goto('/admin/fournisseurs');
  await signIn(page, ageo);
  await expect(page).toHaveURL(/\/admin\/fournisseurs/);
  await expect(page.getByRole('columnheader', { name: 'Nom' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Alptis');

  await page.getByLabel('Nom', { exact: true }).fill('néol');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText('Néoliane');
  await page.getByLabel('Nom', { exact: true }).clear();

  await page.getByRole('link', { name: 'Créer' }).click();
  await expect(page).toHaveURL(/\/admin\/fournisseurs\/create$/);
  await page.getByLabel('Nom').fill('april');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Cette valeur est déjà utilisée.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau fournisseur' })).toBeVisible();
  await page.getByLabel('Nom').fill('Groupe Tessier');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/fournisseurs\/\d+$/);
  // The class's own words, not react-admin's « Élément créé ».
  await expect(page.getByText('Fournisseur créé', { exact: true })).toBeVisible();
  // Exact: the page's h1 names the record too ('Fournisseur Groupe Tessier').
  await expect(page.getByText('Groupe Tessier', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(/\/admin\/fournisseurs\/\d+\/edit$/);
  await page.getByLabel('Nom').fill('Groupe Tessier Courtage');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/fournisseurs\/\d+$/);
  await expect(page.getByText('Groupe Tessier Courtage', { exact: true })).toBeVisible();
  await expect(page.getByText('Fournisseur enregistré', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Supprimer' }).click();
  const asked = page.getByRole('dialog', {
    name: 'Supprimer le fournisseur « Groupe Tessier Courtage » ?',
  });
  await asked.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Fournisseur supprimé', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/fournisseurs(\?.*)?$/);
  await expect(page.getByText('Groupe Tessier Courtage')).toHaveCount(0);
});
