import { expect, type Page, test } from '@playwright/test';
import { BASE_URL, HYDRA_ADMIN_URL } from '../../playwright.config.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// Any Hydra client works, the yardstick being @api-platform/admin: its HydraAdmin, served from
// another origin (CORS_ORIGINS names it), reads the API documentation and opens every list of
// the entrypoint and one record of each, with the operator's bearer token and no error.

const ageo = DEMO_ACCOUNTS.find((a) => a.username === 'ageo');
type Json = Record<string, unknown>;

/** The access token of the signed-in SPA (oidc-client-ts keeps it in sessionStorage). */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) {
        return JSON.parse(sessionStorage.getItem(key) ?? '{}').access_token as string;
      }
    }
    return '';
  });
}

test('HydraAdmin on another origin opens every list and one record of each', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  if (!ageo) throw new Error('No demo account ageo');
  await page.goto('/');
  await signIn(page, ageo);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  const token = await accessToken(page);
  expect(token).not.toBe('');

  const authorization = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
  const entrypoint = (await (
    await request.get(`${BASE_URL}/api`, { headers: authorization })
  ).json()) as Json;
  const collections = Object.entries(entrypoint)
    .filter(([key]) => !key.startsWith('@'))
    .map(([key, path]) => ({ key, path: String(path) }));
  expect(collections.length).toBeGreaterThan(10);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const query = new URLSearchParams({ entrypoint: `${BASE_URL}/api`, token });
  await page.goto(`${HYDRA_ADMIN_URL}/?${query}`);
  // The menu lists every collection (api-doc-parser read the documentation across origins).
  for (const { path } of collections) {
    const name = path.replace('/api/', '');
    await expect(page.locator(`a[href="#/${name}"]`).first()).toBeAttached({ timeout: 60_000 });
  }

  for (const { path } of collections) {
    const name = path.replace('/api/', '');
    const first = (await (
      await request.get(`${BASE_URL}${path}?itemsPerPage=1`, { headers: authorization })
    ).json()) as Json;
    const member = (first['hydra:member'] as Json[])[0];

    await page.goto(`${HYDRA_ADMIN_URL}/?${query}#/${name}`);
    const rows = page.locator('tbody tr');
    await expect(rows.first(), `the list ${name}`).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('alert'), `no error on the list ${name}`).toHaveCount(0);
    if (!member) continue;

    const id = encodeURIComponent(String(member['@id']));
    await page.goto(`${HYDRA_ADMIN_URL}/?${query}#/${name}/${id}/show`);
    await expect(
      page.locator('.RaShow-main, .show-page').first(),
      `a record of ${name}`,
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('alert'), `no error on a record of ${name}`).toHaveCount(0);
  }
  expect(errors, 'no script error in HydraAdmin').toEqual([]);
});
