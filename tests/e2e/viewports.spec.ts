import { expect, test } from '@playwright/test';
import { enumerateScreens, navigate, openSignedIn, settled } from './screens.ts';
import { horizontalOverflow } from './support.ts';

// Issue 17, "Checks to keep": every screen (tests/e2e/screens.ts, from the declarations) at
// 375, 768 and 1440 px wide without a horizontal scroll of the page: wide tables scroll inside
// their card, never the page.

const WIDTHS = [1440, 768, 375];

test('every screen at 375, 768 and 1440 px: the page never scrolls sideways', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page);
  const { screens, skipped } = await enumerateScreens(page);
  const failures: string[] = [];
  const started = Date.now();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      try {
        await navigate(page, screen.path);
        await settled(page);
        const overflow = await horizontalOverflow(page);
        if (overflow <= 0) continue;
        // The outermost elements that reach past the right edge: where to look.
        const culprits = await page.evaluate(() => {
          const limit = document.documentElement.clientWidth;
          const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
            (node) => node.getBoundingClientRect().right > limit + 1,
          );
          return wide
            .filter((node) => !wide.some((other) => other !== node && other.contains(node)))
            .slice(0, 3)
            .map((node) => {
              const classes = [...node.classList].filter((c) => !c.startsWith('css-')).slice(0, 3);
              const name = `${node.tagName.toLowerCase()}${classes.map((c) => `.${c}`).join('')}`;
              return `${name} (${Math.round(node.getBoundingClientRect().right)} px)`;
            });
        });
        failures.push(
          `${width} px ${screen.path}: ${overflow} px too wide; ${culprits.join(', ')}`,
        );
      } catch (error) {
        failures.push(`${width} px ${screen.path}: not checked, ${(error as Error).message}`);
      }
    }
  }
  console.log(`${screens.length} screens x ${WIDTHS.length} widths in ${Date.now() - started} ms`);
  expect(
    failures,
    [
      `${failures.length} screen(s) scroll sideways:`,
      ...failures,
      ...(skipped.length ? ['Screens not reached:', ...skipped] : []),
    ].join('\n'),
  ).toEqual([]);
});

test('a phone keeps the header search usable; a laptop sees the default columns whole', async ({
  page,
}) => {
  // 1366 x 768: the contract list's eight default columns, and the users' list with its last
  // column « Dernière connexion », fit without a scroll inside the table.
  await page.setViewportSize({ width: 1366, height: 768 });
  await openSignedIn(page);
  for (const [path, last] of [
    ['/contrats/liste', 'Assurés actifs'],
    ['/users/list', 'Dernière connexion'],
  ]) {
    await navigate(page, path);
    await settled(page);
    await expect(page.getByRole('columnheader', { name: last })).toBeVisible();
    const scroll = page.locator('main .SpecTable-scroll');
    const [scrollWidth, clientWidth] = await scroll.evaluate((node) => [
      node.scrollWidth,
      node.clientWidth,
    ]);
    expect(scrollWidth, `${path} scrolls inside its table at 1366 px`).toBeLessThanOrEqual(
      clientWidth,
    );
  }

  // 390 px: the search box takes a row of its own (squeezed beside the name it showed « Rec… »).
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  const search = page.getByRole('searchbox', { name: /Rechercher un contrat/ });
  expect((await search.boundingBox())?.width ?? 0).toBeGreaterThan(250);
});

test('a phone: the floating « Ajouter » never covers the next-page button', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await navigate(page, '/users/list');
  await settled(page);
  const add = page.locator('main .MuiFab-root');
  const next = page.getByRole('button', { name: /page suivante|prochaine page/ });
  await expect(add).toBeVisible();
  await expect(next).toBeEnabled();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const [a, b] = [await add.boundingBox(), await next.boundingBox()];
  expect(a && b).toBeTruthy();
  if (a && b) {
    const apart = b.x + b.width <= a.x || a.x + a.width <= b.x || b.y + b.height <= a.y;
    expect(apart, JSON.stringify({ add: a, next: b })).toBe(true);
  }
  // And a tap there turns the page.
  await next.click();
  await expect(page).toHaveURL(/page=2/);
});
