// The data scope on contracts, for each demo account (docs/security.md): every list, total
// and statistic holds exactly the contracts in scope, recomputed here from the source
// relations (customer portfolios, the customer's partner) rather than the server's
// denormalised columns; an id outside the scope answers 404 at both item paths.
import { importJWK, type JWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const ACCOUNTS = ['ageo', 'partenaire', 'manager', 'vendeur'] as const;
type Account = (typeof ACCOUNTS)[number];
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
type Json = Record<string, any>;

let server: TestServer;
const tokens = new Map<string, { token: string; at: number }>();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function token(user: Account): Promise<string> {
  const cached = tokens.get(user);
  if (cached && Date.now() - cached.at < 200_000) return cached.token;
  const set = await new OidcBrowser(server.url, server.config.oidc.clientId).login(user, 'demo');
  tokens.set(user, { token: set.access_token, at: Date.now() });
  return set.access_token;
}

async function get(user: Account | { token: string }, path: string) {
  const bearer = typeof user === 'string' ? await token(user) : user.token;
  const response = await callApi(server.url, path, bearer);
  return { status: response.status, body: (await response.json()) as Json };
}

async function rows<T = Json>(query: string): Promise<T[]> {
  return (await sql.raw<T>(query).execute(server.database.db)).rows;
}
const ids = async (query: string) => (await rows<{ id: number }>(query)).map((r) => Number(r.id));
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

/** Contract ids in each account's scope, from the source relations. */
const IN_SCOPE: Record<Account, string> = {
  ageo: 'SELECT id FROM contract',
  partenaire: `SELECT c.id FROM contract c JOIN customer cu ON cu.id = c.customer_id
    WHERE cu.partner_id = (SELECT partner_id FROM app_user WHERE username = 'partenaire')`,
  manager: `SELECT DISTINCT cp.contract_id AS id FROM customer_portfolio cp
    JOIN app_user u ON u.id = cp.broker_id
    WHERE u.username = 'manager' OR u.managed_by = (SELECT id FROM app_user WHERE username = 'manager')`,
  vendeur: `SELECT DISTINCT contract_id AS id FROM customer_portfolio
    WHERE broker_id = (SELECT id FROM app_user WHERE username = 'vendeur')`,
};

/** Every member id of a collection, page after page (100 per page). */
async function allIds(user: Account | { token: string }, path: string): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; page <= 50; page++) {
    const join = path.includes('?') ? '&' : '?';
    const { status, body } = await get(user, `${path}${join}itemsPerPage=100&page=${page}`);
    expect(status, path).toBe(200);
    found.push(...body['hydra:member'].map((m: Json) => m.id));
    if (!body['hydra:view']['hydra:next']) break;
  }
  return found;
}

describe.each(ACCOUNTS)('as %s', (account) => {
  it('lists exactly the contracts in scope, at both list paths', async () => {
    const expected = sorted(await ids(IN_SCOPE[account]));
    expect(expected.length).toBeGreaterThan(0);
    const listed = await allIds(account, '/api/contrats?order[id]=asc');
    expect(listed).toEqual(expected);
    const { body } = await get(account, '/contrats?itemsPerPage=1');
    expect(body['hydra:totalItems']).toBe(expected.length);
  });

  it('answers 404 for a contract outside the scope, 200 inside', async () => {
    const outside = await ids(`SELECT id FROM contract WHERE id NOT IN (${IN_SCOPE[account]})
      ORDER BY hashint4(id) LIMIT 5`);
    if (account === 'ageo') expect(outside).toEqual([]);
    else expect(outside.length).toBeGreaterThan(0);
    for (const id of outside) {
      for (const path of [`/api/contracts/${id}`, `/contrats/${id}`]) {
        const { status, body } = await get(account, path);
        expect(status, path).toBe(404);
        expect(JSON.stringify(body)).not.toContain('lbContrat');
      }
      const { body } = await get(account, `/api/contrats?id=${id}`);
      expect(body['hydra:totalItems']).toBe(0);
    }
    const [inside] = await ids(`${IN_SCOPE[account]} ORDER BY 1 LIMIT 1`);
    expect((await get(account, `/api/contracts/${inside}`)).status).toBe(200);
    expect((await get(account, `/contrats/${inside}`)).status).toBe(200);
  });

  it('sums statistics over the contracts in scope only', async () => {
    const { status, body } = await get(
      account,
      '/api/nbr_insured_active_by_contracts_search?state[]=1&state[]=2&state[]=4',
    );
    expect(status).toBe(200);
    const [expected] = await rows<Json>(`SELECT count(*)::int AS n,
      coalesce(sum(nbr_insured), 0)::int AS insured,
      coalesce(sum(nbr_total_affiliate), 0)::int AS affiliates
      FROM contract WHERE state_id IN (1, 2, 4) AND id IN (${IN_SCOPE[account]})`);
    expect(body).toMatchObject({
      nbrContracts: expected.n,
      nbrInsured: expected.insured,
      nbrInsuredActive: expected.insured,
      nbrTotalAffiliate: expected.affiliates,
    });
  });

  it('keeps the per-context lists inside the scope', async () => {
    // A customer with contracts on both sides of the scope: only those inside are listed.
    const [mixed] = await ids(`SELECT customer_id AS id FROM contract GROUP BY customer_id
      HAVING count(*) FILTER (WHERE id IN (${IN_SCOPE[account]})) > 0
      ORDER BY count(*) FILTER (WHERE id NOT IN (${IN_SCOPE[account]})) DESC, customer_id LIMIT 1`);
    expect(sorted(await allIds(account, `/api/customers/${mixed}/contracts`))).toEqual(
      sorted(
        await ids(`${IN_SCOPE[account]} INTERSECT
        SELECT id FROM contract WHERE customer_id = ${mixed}`),
      ),
    );
    // A customer wholly outside the scope: 404, as its item.
    const [outside] = await ids(`SELECT id FROM customer WHERE id NOT IN (
      SELECT customer_id FROM contract WHERE id IN (${IN_SCOPE[account]}))
      ${account === 'partenaire' ? "AND partner_id <> (SELECT partner_id FROM app_user WHERE username = 'partenaire')" : ''}
      ORDER BY id LIMIT 1`);
    if (account === 'ageo') expect(outside).toBeUndefined();
    else {
      const { status, body } = await get(account, `/api/customers/${outside}/contracts`);
      expect(status).toBe(404);
      expect(body.detail).toBe('Ce souscripteur est introuvable.');
    }
    const [product] = await ids(
      'SELECT product_id AS id FROM contract GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
    );
    expect(sorted(await allIds(account, `/api/products/${product}/contracts`))).toEqual(
      sorted(
        await ids(`${IN_SCOPE[account]} INTERSECT
        SELECT id FROM contract WHERE product_id = ${product}`),
      ),
    );
    // A supervisor's team: 200 inside the scope (as /api/supervisors/{id}), 404 outside.
    const [demoManager] = await ids("SELECT id FROM app_user WHERE username = 'manager'");
    const [other] = await ids(`SELECT id FROM app_user WHERE roles LIKE 'PROFILE_MANAGER%'
      AND partner_id <> (SELECT partner_id FROM app_user WHERE username = 'manager')
      ORDER BY id LIMIT 1`);
    const teamOf = (id: number) => `SELECT contract_id FROM customer_portfolio
      WHERE broker_id IN (SELECT id FROM app_user WHERE id = ${id} OR managed_by = ${id})`;
    const reaches: Record<Account, number[]> = {
      ageo: [demoManager, other],
      partenaire: [demoManager],
      manager: [demoManager],
      vendeur: [],
    };
    for (const supervisor of [demoManager, other]) {
      const path = `/api/contracts_by_supervisor?supervisor=${supervisor}`;
      if (reaches[account].includes(supervisor)) {
        expect(sorted(await allIds(account, path))).toEqual(
          sorted(await ids(`${IN_SCOPE[account]} INTERSECT ${teamOf(supervisor)}`)),
        );
      } else {
        expect((await get(account, path)).status, path).toBe(404);
      }
    }
  });

  it('filters by another holder without leaving the scope', async () => {
    const [seller] = await ids(`SELECT broker_id AS id FROM customer_portfolio
      WHERE contract_id NOT IN (${IN_SCOPE[account]}) ORDER BY broker_id LIMIT 1`);
    if (seller === undefined) return;
    const listed = await allIds(account, `/api/contrats?customerPortfolios.broker=${seller}`);
    expect(sorted(listed)).toEqual(
      sorted(
        await ids(`${IN_SCOPE[account]} INTERSECT
        SELECT contract_id FROM customer_portfolio WHERE broker_id = ${seller}`),
      ),
    );
  });

  it('sees the same reference lists as everyone', async () => {
    const { body } = await get(account, '/api/contratStates?order[id]=asc');
    expect(body['hydra:totalItems']).toBe(5);
    expect((await get(account, '/api/contratTypes')).body['hydra:totalItems']).toBe(5);
  });
});

describe('a signed-in user with no profile', () => {
  let bare: { token: string };

  beforeAll(async () => {
    // A real token of the embedded provider's key, without any profile role, for a user name
    // the database does not know (a known one's roles are read from its rows: the demo
    // seller's would give its portfolio): no profile, so no business row at all.
    const [row] = await rows<{ value: { keys: JWK[] } }>(
      "SELECT value FROM oidc_secret WHERE name = 'jwks'",
    );
    const [jwk] = row.value.keys;
    const now = Math.floor(Date.now() / 1000);
    bare = {
      token: await new SignJWT({
        iss: server.config.oidc.issuer,
        aud: server.config.oidc.audience,
        sub: 'bare',
        preferred_username: 'sans.profil',
        roles: ['ROLE_USER'],
        iat: now - 10,
        exp: now + 290,
      })
        .setProtectedHeader({ alg: 'RS256', kid: String(jwk.kid), typ: 'at+jwt' })
        .sign(await importJWK(jwk, 'RS256')),
    };
  });

  it('sees no contract, no total, no statistic', async () => {
    const list = await get(bare, '/api/contrats');
    expect(list.status).toBe(200);
    expect(list.body['hydra:totalItems']).toBe(0);
    const [id] = await ids(`${IN_SCOPE.vendeur} ORDER BY 1 LIMIT 1`);
    expect((await get(bare, `/api/contracts/${id}`)).status).toBe(404);
    const stats = await get(bare, '/api/nbr_insured_active_by_contracts_search');
    expect(stats.body).toMatchObject({ nbrContracts: 0, nbrInsured: 0 });
  });
});
