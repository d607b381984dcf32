import { expect, type Page, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { focusState } from './support.ts';

// Issue 17, "Checks to keep": the keyboard alone takes the operator administrator through sign
// in, a list, its filter, a detail, an export and sign out: Tab, Shift+Tab, Enter and typing,
// no mouse. Every stop it acts on shows where the focus is (an outline or a box-shadow).

const ageo = DEMO_ACCOUNTS.find((a) => a.username === 'ageo');
if (!ageo) throw new Error('No demo account ageo');

interface Focused {
  tag: string;
  name: string | null;
  href: string | null;
  text: string;
  label: string | null;
}

const focused = (page: Page) =>
  page.evaluate((): Focused => {
    const element = document.activeElement as HTMLElement | null;
    const labelled = element?.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      name: element?.getAttribute('name') ?? null,
      href: element instanceof HTMLAnchorElement ? new URL(element.href).pathname : null,
      text: (element?.textContent ?? '').trim(),
      label: labelled?.textContent?.trim() ?? element?.getAttribute('aria-label') ?? null,
    };
  });

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, at most `max` times, then
 * checks that its focus is visible.
 */
async function tabTo(
  page: Page,
  what: string,
  matches: (element: Focused) => boolean,
  { backwards = false, max = 80 } = {},
) {
  const stops: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const element = await focused(page);
    stops.push(`${element.tag} ${element.label ?? element.text.slice(0, 30)}`);
    if (matches(element)) {
      const focus = await focusState(page);
      expect(focus.visible, `the focus on ${what} (${focus.described}) is visible`).toBe(true);
      return element;
    }
  }
  throw new Error(`${what} not reached with the keyboard; the focus went to: ${stops.join(' | ')}`);
}

test('keyboard only: sign in, a list, its filter, a detail, an export, sign out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/contrats/liste');

  // Sign in: the identifier has the focus, Tab to the password, Enter sends.
  await expect(page.locator('input[name="login"]')).toBeFocused();
  expect((await focusState(page)).visible, 'the focus on the identifier is visible').toBe(true);
  await page.keyboard.type(ageo.username);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name="password"]')).toBeFocused();
  await page.keyboard.type(ageo.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contrats\/liste/);
  const rows = page.locator('main table tbody tr');
  await expect(rows.first()).toBeVisible();

  // Filter: the contract number filter, typed; the list follows.
  const number = ((await rows.first().locator('td').first().textContent()) ?? '').trim();
  expect(number, 'the first row shows its contract number').not.toBe('');
  await tabTo(page, 'the contract number filter', (e) => e.name === 'lbContrat');
  await page.keyboard.type(number);
  await expect(page).toHaveURL(/lbContrat/);
  await expect(rows.first()).toContainText(number);

  // The row is a link: Tab reaches it, Enter opens its detail.
  await tabTo(page, "the first row's link", (e) => /^\/contrats\/\d+$/.test(e.href ?? ''));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contrats\/\d+$/);
  await expect(page.locator('main')).toContainText(number);
  // The row that held the focus is gone: the focus is at the top of the new page (its h1, or
  // the main content before the title), not lost to the document's body.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
    .toMatch(/^(react-admin-title|main-content)$/);

  // Export: Tab to the detail's Excel button, Enter downloads the file.
  await tabTo(page, 'the Excel export button', (e) => e.tag === 'button' && e.text === 'Excel');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.keyboard.press('Enter'),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  // Sign out: back up to the header's link, Enter; the sign-in page is shown again.
  await tabTo(page, 'the sign-out link', (e) => e.text === 'Se déconnecter', {
    backwards: true,
    max: 120,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('a page chosen in the menu with the keyboard takes the focus to its top', async ({ page }) => {
  await page.goto('/');
  await page.locator('input[name="login"]').fill(ageo.username);
  await page.locator('input[name="password"]').fill(ageo.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await tabTo(page, 'the menu link « Assurés »', (e) => e.href === '/affilies/liste');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/affilies\/liste/);
  // The next Tab reaches the page, not the rest of the menu.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
    .toMatch(/^(react-admin-title|main-content)$/);
});
