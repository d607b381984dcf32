import { expect, type Request, test } from '@playwright/test';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { signIn } from './support.ts';

// Live updates (spec partner-extranet §4): vendeur has the contract list open; the operator
// publishes on the hub's `contracts` topic (POST /.well-known/mercure, docs/api.md "Live
// updates and the hub"); the list reads its page again, and so does its statistics block.

const vendeur = DEMO_ACCOUNTS.find((a) => a.username === 'vendeur');

const pathOf = (request: Request) => new URL(request.url()).pathname;

/** ageo's access token, signed in through the embedded identity provider's real form. */
async function operatorToken(base: string): Promise<string> {
  const config = (await (await fetch(`${base}/api/config`)).json()) as {
    oidc: { clientId: string };
  };
  return (await new OidcBrowser(base, config.oidc.clientId).login('ageo', 'demo')).access_token;
}

test('vendeur: the contract list refetches when the hub announces a change of contracts', async ({
  page,
}) => {
  if (!vendeur) throw new Error('No demo account vendeur');
  const base = test.info().project.use.baseURL ?? '';
  let lists = 0;
  let statistics = 0;
  page.on('request', (request) => {
    if (request.method() !== 'GET') return;
    if (pathOf(request) === '/api/contrats') lists += 1;
    if (pathOf(request) === '/api/nbr_insured_active_by_contracts_search') statistics += 1;
  });
  // The hub answers its headers once the subscription is registered.
  const subscribed = page.waitForResponse(
    (response) =>
      pathOf(response.request()) === '/.well-known/mercure' &&
      new URL(response.url()).searchParams.getAll('topic').includes('contracts') &&
      response.status() === 200,
  );
  await page.goto('/contrats/liste');
  await signIn(page, vendeur);
  await subscribed;
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.locator('[data-busy="true"]')).toHaveCount(0);
  const [listsBefore, statisticsBefore] = [lists, statistics];

  const published = await fetch(`${base}/.well-known/mercure`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await operatorToken(base)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ topic: 'contracts', data: JSON.stringify({ changed: [1] }) }),
  });
  expect(published.status).toBe(200);

  await expect.poll(() => lists, { timeout: 10_000 }).toBeGreaterThan(listsBefore);
  await expect.poll(() => statistics, { timeout: 10_000 }).toBeGreaterThan(statisticsBefore);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
});

test("ageo: the users' list and a user's detail show a save made in another session", async ({
  page,
}) => {
  const base = test.info().project.use.baseURL ?? '';
  const token = await operatorToken(base);
  const rename = async (firstname: string) => {
    const saved = await fetch(`${base}/api/users/2`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/merge-patch+json',
        accept: 'application/ld+json',
      },
      body: JSON.stringify({ firstname }),
    });
    expect(saved.status).toBe(200);
  };
  const subscribed = () =>
    page.waitForResponse(
      (response) =>
        pathOf(response.request()) === '/.well-known/mercure' &&
        new URL(response.url()).searchParams.getAll('topic').includes('users') &&
        response.status() === 200,
    );
  const listFollows = subscribed();
  await page.goto('/users/list');
  await signIn(page, { username: 'ageo', password: 'demo' });
  await listFollows;
  const main = page.getByRole('main');
  await expect(main.getByText('Paul Lefèvre')).toBeVisible();
  try {
    await rename('Paulin');
    await expect(main.getByText('Paulin Lefèvre')).toBeVisible({ timeout: 10_000 });

    await main.getByText('Paulin Lefèvre').click();
    await expect(page).toHaveURL(/\/users\/2$/);
    await expect(main.getByText('Paulin', { exact: true })).toBeVisible();
    await rename('Paulo');
    await expect(main.getByText('Paulo', { exact: true })).toBeVisible({ timeout: 10_000 });
  } finally {
    await rename('Paul');
  }

  // The access groups' list, which the tab keeps 3 hours (spec §9), is read again too.
  const groupUrl = `${base}/api/access_groups/1`;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/ld+json' };
  const { name } = (await (await fetch(groupUrl, { headers })).json()) as { name: string };
  const renameGroup = (to: string) =>
    fetch(groupUrl, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ name: to }),
    });
  const groupsFollow = page.waitForResponse(
    (response) =>
      pathOf(response.request()) === '/.well-known/mercure' &&
      new URL(response.url()).searchParams.getAll('topic').includes('accessGroups'),
  );
  await page.goto('/admin/groups/list');
  await groupsFollow;
  await expect(main.getByText(name, { exact: true })).toBeVisible();
  try {
    expect((await renameGroup(`${name} (renommé)`)).status).toBe(200);
    await expect(main.getByText(`${name} (renommé)`)).toBeVisible({ timeout: 10_000 });
  } finally {
    await renameGroup(name);
  }
});
