import { expect, type Page, test } from '@playwright/test';
import { BRAND_COLOURS, type Brand } from '../../src/domain/brands.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// The built SPA under the server's Content-Security-Policy (issue 18, point 2), in the real
// browser: sign-in, the contract list, a contract, an admin form, the admin dashboard and its
// charts, the carte TP shown from a blob: URL; the browser reports no violation, and MUI's
// styles (inserted at run time with the page's nonce) apply. Then what the browser keeps
// (point 3): no answer of the API in localStorage or sessionStorage.

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
type Json = Record<string, any>;

const account = (username: string) => {
  const found = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!found) throw new Error(`no demo account ${username}`);
  return found;
};

/** Every violation the browser reports, in any page and frame, across navigations. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation?: (t: string) => void })
        .reportCspViolation;
      report?.(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** `#rrggbb` as getComputedStyle writes it. */
const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

test.setTimeout(120_000);

test('ageo: the screens run under the policy without a single violation, styled', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const apiCall = page.waitForRequest(
    (r) => r.url().includes('/api/') && Boolean(r.headers().authorization),
  );
  await page.goto('/contrats/liste');
  await signIn(page, account('ageo'));
  const bearer = (await apiCall).headers().authorization;
  const config = (await (await page.request.get('/api/config')).json()) as { brand: Brand };

  // The contract list: MUI's styles applied (the header in the brand's colour). The operator's
  // first list counts every contract: given time on a loaded machine.
  await expect(page.locator('table tbody tr').first()).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('header').first()).toHaveCSS(
    'background-color',
    rgb(BRAND_COLOURS[config.brand].primary),
  );
  // The nonce is in the page, emotion's <style> tags carry it.
  const styleTags = await page.evaluate(() => {
    const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
    const tags = [...document.querySelectorAll('style')];
    return { nonce, count: tags.length, withNonce: tags.filter((t) => t.nonce === nonce).length };
  });
  expect(styleTags.nonce).toBeTruthy();
  expect(styleTags.count).toBeGreaterThan(0);
  expect(styleTags.withNonce).toBe(styleTags.count);

  // A contract.
  await page.locator('table tbody tr').first().locator('a').first().click();
  await expect(page).toHaveURL(/\/contrats\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Contrat/);

  // An admin form.
  await page.goto('/admin/fournisseurs/create');
  await expect(page.getByLabel('Nom')).toBeVisible();

  // The admin dashboard and its charts (MUI X, SVG).
  await page.goto('/admin/dashboard');
  await expect(page.locator('svg .MuiBarChart-element').first()).toBeVisible({ timeout: 30_000 });

  // The carte TP of an insured person, shown in a frame from a blob: URL.
  let insuredId: number | undefined;
  const insureds = (await (
    await page.request.get('/api/assures?itemsPerPage=30', { headers: { Authorization: bearer } })
  ).json()) as Json;
  for (const member of insureds['hydra:member'] as Json[]) {
    const periods = (await (
      await page.request.get(`/api/assures/${member.id}/availables_carte_tp`, {
        headers: { Authorization: bearer },
      })
    ).json()) as Json;
    if (periods['hydra:member'].length) {
      insuredId = member.id;
      break;
    }
  }
  expect(insuredId, 'an insured person with a carte TP').toBeDefined();
  await page.goto(`/assures/${insuredId}?onglet=carte-tp`);
  await page.getByRole('button', { name: 'Voir' }).click();
  const frame = page.locator('iframe[title="Carte de tiers payant"]');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await frame.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const doc = (element as HTMLIFrameElement).contentDocument;
        if (doc?.readyState === 'complete' && doc.URL.startsWith('blob:')) resolve();
        else element.addEventListener('load', () => resolve(), { once: true });
      }),
  );

  // Back home: everything above happened in this one page.
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Bienvenue sur votre espace partenaire' }),
  ).toBeVisible();
  expect(violations).toEqual([]);
});

test('vendeur: nothing of the API’s answers is kept in the browser’s storage', async ({ page }) => {
  await page.goto('/contrats/liste');
  await signIn(page, account('vendeur'));
  const firstRow = page.locator('table tbody tr').first();
  await expect(firstRow).toBeVisible({ timeout: 45_000 });
  const contractNumber = (await firstRow.locator('td').first().textContent())?.trim() ?? '';
  expect(contractNumber).not.toBe('');
  // The reference lists (states, types, products, brokers...) are read and cached by now.
  await expect(page.getByRole('combobox', { name: 'État' })).toBeVisible();

  await page.goto('/affilies/liste');
  const insuredRow = page.locator('table tbody tr').first();
  await expect(insuredRow).toBeVisible({ timeout: 30_000 });
  const insuredCells = (await insuredRow.locator('td').allTextContents())
    .map((text) => text.trim())
    .filter((text) => text.length >= 3);
  await insuredRow.locator('a').first().click();
  await expect(page).toHaveURL(/\/assures\/\d+/);

  const storage = await page.evaluate(() => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
  }));
  // localStorage: react-admin's display preferences only.
  for (const [key] of storage.local) expect(key).toMatch(/^RaStore\./);
  for (const [key, value] of [...storage.local, ...storage.session]) {
    expect(key).not.toMatch(/^espace-partenaire\.cache\./);
    expect(value, key).not.toContain(contractNumber);
    for (const cell of insuredCells) expect(value, key).not.toContain(cell);
    expect(value, key).not.toContain('hydra:member');
  }
});
