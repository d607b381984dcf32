import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  errorPage,
  loggedOutPage,
  logoutPage,
  signInPage,
} from '../../server/src/auth/oidc/pages.ts';
import { BRAND_COLOURS, BRANDS, type Brand } from '../../src/domain/brands.ts';
import { enumerateScreens, navigate, OPERATOR_ADMIN, type Screen, settled } from './screens.ts';
import { signIn, withBrand } from './support.ts';

// Issue 17, "Checks to keep": axe (WCAG 2.0 A and AA, 2.1 AA, 2.2 AA) on every screen, in all
// four brands, finds nothing. The screens come from the declarations (tests/e2e/screens.ts), as
// the operator administrator who opens them all. The default brand gets every rule; the other
// three get the rules a brand changes (its colours), on every screen too, so the run stays
// short. The brand is switched by answering /api/config with it (one server for the four).
// The embedded provider's pages are rendered by the server's own functions for each brand.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
/** What a brand changes: its colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const DEFAULT_BRAND: Brand = 'ageo';

type Finding = string;
type Rules = 'all' | 'colours';

async function audit(page: Page, where: string, rules: Rules): Promise<Finding[]> {
  // axe.run in the page itself (legacy mode): the default runPartial mode opens a blank page
  // to finish every run, a second per screen. The application has no frames to run into.
  // Only the violations are collected: the passes are not serialised. A table's rows after its
  // third repeat the same cells with other data: left out, they would triple a list's time.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .exclude('main tbody tr:nth-child(n+4)');
  if (rules === 'all') builder.withTags(WCAG);
  else builder.withRules(COLOUR_RULES);
  const { violations } = await builder.analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const detail = (node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? '';
      return `${where} | ${violation.id} | ${node.target.join(' ')} | ${detail.split('\n')[0]}`;
    }),
  );
}

/** Each screen, then, on a creation form, the same form showing its validation errors. */
async function auditScreens(page: Page, brand: Brand, screens: Screen[], rules: Rules) {
  const findings: Finding[] = [];
  const durations: { path: string; ms: number }[] = [];
  for (const screen of screens) {
    const where = `${screen.path} [${brand}]`;
    const started = Date.now();
    try {
      // A notification left by the previous screen (a form's "not valid") would fade out
      // during the next check, half transparent: closed (Escape) and gone first.
      const notice = page.locator('.MuiSnackbar-root');
      if ((await notice.count()) > 0) {
        await page.keyboard.press('Escape');
        await expect(notice)
          .toHaveCount(0, { timeout: 6_000 })
          .catch(() => undefined);
      }
      await navigate(page, screen.path);
      await settled(page);
      findings.push(...(await audit(page, where, rules)));
      durations.push({ path: screen.path, ms: Date.now() - started });
      if (screen.kind !== 'create') continue;
      // The empty form sent (its save button waits for a change, the form does not): the
      // errors' text is checked too; nothing is created.
      const sent = await page.evaluate(() => {
        const form = document.querySelector('main form');
        form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
        return Boolean(form);
      });
      if (!sent) continue;
      await expect(page.locator('main .Mui-error').first())
        .toBeVisible({ timeout: 3_000 })
        .catch(() => undefined);
      // The notification that may follow starts its transition within a few frames: let it
      // start, then wait for it to end (a half-faded snackbar is no contrast to measure).
      await page.waitForTimeout(300);
      await settled(page);
      findings.push(...(await audit(page, `${screen.path} (errors shown) [${brand}]`, rules)));
    } catch (error) {
      findings.push(`${where} | not checked | ${(error as Error).message.split('\n')[0]}`);
    }
  }
  const slowest = durations.sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(`${brand}, slowest: ${slowest.map(({ path, ms }) => `${path} ${ms} ms`).join(', ')}`);
  return findings;
}

const report = (findings: Finding[], skipped: string[]) =>
  [
    `${findings.length} violation(s): screen [brand] | rule | target | detail`,
    ...findings,
    ...(skipped.length ? ['Screens not reached:', ...skipped] : []),
  ].join('\n');

test('the embedded sign-in, sign-out and error pages of the four brands: no axe violation', async ({
  page,
}) => {
  const findings: Finding[] = [];
  for (const brand of BRANDS) {
    const pages = {
      'sign-in': signInPage(brand, { action: '/oidc/interaction/x/login' }),
      'sign-in (refused)': signInPage(brand, {
        action: '/oidc/interaction/x/login',
        login: 'ageo',
        error: true,
      }),
      'sign-out': logoutPage(brand, {
        form: '<form id="op.logoutForm"></form>',
        autoSubmit: false,
      }),
      'signed out': loggedOutPage(brand, '/'),
      error: errorPage(brand, { title: 'Erreur', message: 'Réessayez.', homeUrl: '/' }),
    };
    for (const [name, { html }] of Object.entries(pages)) {
      await page.setContent(html);
      findings.push(...(await audit(page, `oidc ${name} [${brand}]`, 'all')));
    }
  }
  expect(findings, report(findings, [])).toEqual([]);
});

/** Signs in with the brand shown, checks every screen, and says how long it took. */
async function checkBrand(
  browser: Browser,
  brand: Brand,
): Promise<{ findings: Finding[]; skipped: string[] }> {
  const rules: Rules = brand === DEFAULT_BRAND ? 'all' : 'colours';
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale });
  try {
    const page = await context.newPage();
    await withBrand(page, brand);
    await page.goto('/');
    await expect(page.locator('input[name="login"]')).toBeVisible();
    // The real sign-in page, as the server serves it (the other brands: the test above).
    const findings = brand === DEFAULT_BRAND ? await audit(page, `/oidc [${brand}]`, rules) : [];
    await signIn(page, OPERATOR_ADMIN);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeAttached({
      timeout: 20_000,
    });
    // The brand took: its name is the one shown (the header's logo, the footer).
    await expect(page.getByText(BRAND_COLOURS[brand].name).first()).toBeAttached();
    const started = Date.now();
    const { screens, skipped } = await enumerateScreens(page);
    const enumerated = Date.now();
    findings.push(...(await auditScreens(page, brand, screens, rules)));
    console.log(
      `${brand} (${rules} rules): ${screens.length} screens, enumerated in ${enumerated - started} ms, checked in ${Date.now() - enumerated} ms`,
    );
    return { findings, skipped };
  } finally {
    await context.close();
  }
}

// One test for the four brands, so that the screens are enumerated once and every finding is
// in one message. The brand is read at start: one sign-in per brand, then the screens are
// opened inside the application. The default brand first (it enumerates the screens), then
// the three others side by side.
test(`every screen: every rule in the default brand (${DEFAULT_BRAND}), the colour rules in the other three`, async ({
  browser,
}) => {
  // Four minutes before issue 18, six after it on this 2-core machine (ageo 49 s -> 95 s, the
  // other brands 92 s -> 238 s side by side; the cause is not found yet); ten allowed.
  test.setTimeout(600_000);
  const { findings, skipped } = await checkBrand(browser, DEFAULT_BRAND);
  const others = BRANDS.filter((brand) => brand !== DEFAULT_BRAND);
  for (const other of await Promise.all(others.map((b) => checkBrand(browser, b)))) {
    findings.push(...other.findings);
  }
  expect(findings, report(findings, skipped)).toEqual([]);
});
