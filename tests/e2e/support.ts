import { expect, type Page } from '@playwright/test';
import type { Brand } from '../../src/domain/brands.ts';
import type { DemoAccount } from '../../src/domain/demoAccounts.ts';
import type { PublicConfig } from '../../src/domain/session.ts';

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

/**
 * Shows the SPA in another brand without another server: GET /api/config, which the SPA reads
 * once at start to choose its theme (src/App.tsx, src/themes), answers with that brand. Call
 * before the first page.goto.
 */
export async function withBrand(page: Page, brand: Brand) {
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as PublicConfig;
    await route.fulfill({ response, json: { ...json, brand } });
  });
}

/** How far the page itself scrolls sideways (0 or less: it does not). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The focused element and whether its focus can be seen: an outline or a box-shadow that is
 * not "none" (on the element itself or, for an input, on the field around it).
 */
export async function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { described: 'body', visible: false };
    const shows = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      const outline =
        style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth || '0') > 0;
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
    };
    // MUI draws an input's focus on its wrapper (.Mui-focused): the ring around the field.
    const wrapper = element.closest('.Mui-focused, .Mui-focusVisible');
    const described = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
      element.getAttribute('aria-label')
        ? `[aria-label="${element.getAttribute('aria-label')}"]`
        : ''
    } "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    return { described, visible: shows(element) || shows(wrapper) };
  });
}
