import { expect, test } from '@playwright/test';
import { type CarteTpPeriod, periodChoice } from '../../src/domain/carteTp.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// The carte TP tab of an insured person against the running stack (spec administration §2, §8):
// a seller picks a period, sees the card in the page, downloads it and sends it by e-mail.

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
type Json = Record<string, any>;

test('vendeur: sees, downloads and e-mails the carte TP of an insured person', async ({ page }) => {
  const vendeur = DEMO_ACCOUNTS.find((a) => a.username === 'vendeur');
  if (!vendeur) throw new Error('no demo account vendeur');
  const apiCall = page.waitForRequest(
    (r) => r.url().includes('/api/') && Boolean(r.headers().authorization),
  );
  await page.goto('/affilies/liste');
  await signIn(page, vendeur);
  const bearer = (await apiCall).headers().authorization;
  const get = async (path: string) =>
    (await (await page.request.get(path, { headers: { Authorization: bearer } })).json()) as Json;

  // An insured person of the seller's scope with at least two cards.
  const insured = await get('/api/assures?itemsPerPage=50');
  let found: { id: number; periods: CarteTpPeriod[] } | undefined;
  for (const member of insured['hydra:member'] as Json[]) {
    const periods = (await get(`/api/assures/${member.id}/availables_carte_tp`))['hydra:member'];
    if (periods.length >= 2) {
      found = { id: member.id, periods };
      break;
    }
  }
  if (!found) throw new Error('no insured person with two cards in the seller scope');

  await page.goto(`/assures/${found.id}?onglet=carte-tp`);
  await expect(page.getByRole('tab', { name: 'Carte TP', selected: true })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Période' });
  await expect(select).toHaveText(periodChoice(found.periods[0]));
  await select.click();
  await page.getByRole('option', { name: periodChoice(found.periods[1]) }).click();
  await expect(select).toHaveText(periodChoice(found.periods[1]));

  const visu = page.waitForResponse((r) => r.url().includes('/visu'));
  await page.getByRole('button', { name: 'Voir' }).click();
  expect((await visu).headers()['content-type']).toBe('application/pdf');
  await expect(page.locator('iframe[title="Carte de tiers payant"]')).toHaveAttribute(
    'src',
    /^blob:/,
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger' }).click();
  expect((await download).suggestedFilename()).toMatch(/^carte_tiers_payant_.*\.pdf$/);

  await page.getByLabel('Adresse e-mail').fill('assure.e2e@exemple.fr');
  await page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
  await expect(page.getByText('La carte tiers payant a été envoyée')).toBeVisible();
});
