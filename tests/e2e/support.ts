import { expect, type Page } from '@playwright/test';
import type { DemoAccount } from '../../src/domain/demoAccounts.ts';

/** Signs in through the embedded identity provider's real sign-in page. */
export async function signIn(page: Page, account: Pick<DemoAccount, 'username' | 'password'>) {
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.locator('input[name="login"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The top-level entries of the side menu, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav).toBeVisible();
  const labels = await nav
    .locator('[data-menu-entry]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-menu-entry') ?? ''));
  return labels;
}
