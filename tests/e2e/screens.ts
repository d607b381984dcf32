// Every screen of the application, enumerated from the declarations (src/resources, the routes of
// src/routes.tsx, the error pages and the legal notice), so that a new screen is covered by the
// accessibility and viewport checks without touching them. The routes that need an id take a
// real one from the seeded data: the first row's link of their resource's list.
import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { ERROR_ROUTES } from '../../src/pages/errors/codes.ts';
import { LEGAL_NOTICE_PATH } from '../../src/pages/legal/path.ts';
import { DECLARATIONS } from '../../src/resources/index.ts';
import type { RouteDeclaration } from '../../src/resources/types.ts';
import { signIn } from './support.ts';

const ageo = DEMO_ACCOUNTS.find((a) => a.username === 'ageo');
if (!ageo) throw new Error('No demo account ageo');
/** The operator administrator: every screen opens for them. */
export const OPERATOR_ADMIN = ageo;

export interface Screen {
  /** The route as declared, e.g. /contrats/:id? */
  route: string;
  /** The address opened, e.g. /contrats/12 */
  path: string;
  kind: RouteDeclaration['kind'] | 'error' | 'legal';
}

const PARAM = /:id\??/;
const hasId = (path: string) => PARAM.test(path);

/** Every declared route, in declaration order, each once (two routes may share a path). */
export function declaredRoutes(): { name: string; route: RouteDeclaration }[] {
  const seen = new Set<string>();
  return DECLARATIONS.flatMap((declaration) =>
    declaration.routes.map((route) => ({ name: declaration.name, route })),
  ).filter(({ route }) => {
    // /commission/list is the lower-case alias of /Commission/list: the same screen.
    const key = route.path.toLowerCase();
    return !seen.has(key) && seen.add(key);
  });
}

/** The addresses of the routes that take no id: a path segment there is no id. */
const STATIC_PATHS = new Set(
  declaredRoutes()
    .filter(({ route }) => !hasId(route.path))
    .map(({ route }) => route.path),
);

/** A pattern matching the route's addresses, capturing the id. */
function routePattern(path: string): RegExp {
  const source = path
    .replace(PARAM, '\u0000')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\u0000', '([^/?#]+)');
  return new RegExp(`^${source}$`);
}

/** Opens an address inside the running application, without reloading it. */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    // The router renders the new screen before the next frame.
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}`.startsWith(path));
}

/** The screen is done loading: no list fetching, no spinner, no lazy page loader left. */
export async function settled(page: Page) {
  // One round trip: polled in the page, then one frame for the last render to be laid out.
  await page.waitForFunction(
    () => {
      const busy = document.querySelector('[data-busy="true"]');
      const spinning = [...document.querySelectorAll('[role="progressbar"]')].some(
        (node) =>
          node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden',
      );
      return document.body.childElementCount > 0 && !busy && !spinning;
    },
    undefined,
    { timeout: 15_000, polling: 50 },
  );
  // Transitions done (a snackbar fading in would be measured half transparent); endless
  // animations (a spinner elsewhere) are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000, polling: 50 },
  );
}

/** Signs in as the operator administrator on the way to `path` (default: home). */
export async function openSignedIn(page: Page, path = '/') {
  await page.goto(path);
  await signIn(page, OPERATOR_ADMIN);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeAttached({
    timeout: 20_000,
  });
  await settled(page);
}

/** Ids taken from each resource's list, and why a route could not get one. */
async function findId(page: Page, listPath: string, showRoute: string): Promise<string | null> {
  await navigate(page, listPath);
  await settled(page);
  const pattern = routePattern(showRoute);
  // The rows (or a tree's entries) are there, or the list is empty.
  await expect(page.locator('main tbody tr, main [role="treeitem"]').first())
    .toBeAttached({ timeout: 5_000 })
    .catch(() => undefined);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const linked = hrefs.find((href) => pattern.test(href) && !STATIC_PATHS.has(href));
  if (linked) return pattern.exec(linked)?.[1] ?? null;
  // Rows that are not links yet: the first row opens its detail when clicked.
  const row = page.locator('main table tbody tr').first();
  if ((await row.count()) === 0) return null;
  await row.click();
  const opened = await page
    .waitForURL((url) => pattern.test(url.pathname) && !STATIC_PATHS.has(url.pathname), {
      timeout: 3_000,
    })
    .then(() => new URL(page.url()).pathname)
    .catch(() => null);
  return opened ? (pattern.exec(opened)?.[1] ?? null) : null;
}

export interface Enumeration {
  screens: Screen[];
  /** Routes left out, with the reason (no seeded row, no link to a detail). */
  skipped: string[];
}

let cached: Enumeration | undefined;

/**
 * Every screen with a real address, for the operator administrator already signed in on
 * `page`. Resolved once per worker (the ids come from the seeded data, which the checks
 * do not change).
 */
export async function enumerateScreens(page: Page): Promise<Enumeration> {
  if (cached) return cached;
  const screens: Screen[] = [];
  const skipped: string[] = [];
  const routes = declaredRoutes();
  const ids = new Map<string, string | null>();
  for (const { name, route } of routes) {
    if (!hasId(route.path)) {
      screens.push({ route: route.path, path: route.path, kind: route.kind });
      continue;
    }
    if (!ids.has(name)) {
      const list = routes.find((r) => r.name === name && r.route.kind === 'list');
      const show =
        routes.find((r) => r.name === name && r.route.kind === 'show') ??
        routes.find((r) => r.name === name && hasId(r.route.path));
      ids.set(name, list && show ? await findId(page, list.route.path, show.route.path) : null);
    }
    const id = ids.get(name);
    if (!id) {
      skipped.push(`${route.path}: no row link to a detail on its list`);
      continue;
    }
    screens.push({
      route: route.path,
      path: route.path.replace(PARAM, encodeURIComponent(id)),
      kind: route.kind,
    });
  }
  for (const { path } of ERROR_ROUTES) screens.push({ route: path, path, kind: 'error' });
  screens.push({ route: LEGAL_NOTICE_PATH, path: LEGAL_NOTICE_PATH, kind: 'legal' });
  cached = { screens, skipped };
  return cached;
}
