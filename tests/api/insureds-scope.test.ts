// The data scope on the insured side, for each demo account that has one (docs/security.md):
// every item and per-parent list outside the scope is a 404 like an unknown id, and the lists
// hold exactly the rows in scope, their totals too. The scope is recomputed here from the
// source relations (customer_portfolio, managed_by, the customer's partner), not from the
// server's denormalised contract.broker_ids / partner_id.
import { importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../scripts/lib/oidcBrowser.ts';
import { type Account, type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

type Scoped = Exclude<Account, 'ageo'>;

let server: TestServer;
let api: ScopedApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

const get = (path: string, user: Account) => api.get(user, path);
const idsOf = (query: string) => api.ids(query);
const count = (query: string) => api.count(query);

/** Contract ids in the account's scope, from the source relations. */
function contracts(user: Scoped): string {
  switch (user) {
    case 'partenaire':
      return `SELECT c.id FROM contract c JOIN customer cu ON cu.id = c.customer_id
        WHERE cu.partner_id = (SELECT partner_id FROM app_user WHERE username = 'partenaire')`;
    case 'manager':
      return `SELECT contract_id FROM customer_portfolio WHERE broker_id IN (
        SELECT id FROM app_user WHERE username = 'manager' UNION
        SELECT u.id FROM app_user u JOIN app_user m ON m.id = u.managed_by
        WHERE m.username = 'manager')`;
    case 'vendeur':
      return `SELECT contract_id FROM customer_portfolio
        WHERE broker_id = (SELECT id FROM app_user WHERE username = 'vendeur')`;
  }
}
function insured(user: Scoped): string {
  return user === 'partenaire'
    ? `SELECT id FROM insured
       WHERE partner_id = (SELECT partner_id FROM app_user WHERE username = 'partenaire')`
    : `SELECT insured_id FROM subscription WHERE contract_id IN (${contracts(user)})`;
}

/** Ids of the rows outside the scope (the first few by id), and of those inside. */
async function split(table: string, inScope: string) {
  const outside = await idsOf(`SELECT id FROM ${table} WHERE id NOT IN (${inScope})
    ORDER BY id LIMIT 3`);
  const inside = await idsOf(
    `SELECT id FROM ${table} WHERE id IN (${inScope}) ORDER BY id LIMIT 1`,
  );
  expect(outside.length, table).toBeGreaterThan(0);
  expect(inside.length, table).toBe(1);
  return { outside, inside: inside[0] };
}

/** Every member id of a list, 100 per page. */
async function every(path: string, user: Account): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; page < 200; page++) {
    const join = path.includes('?') ? '&' : '?';
    const { status, body } = await get(`${path}${join}itemsPerPage=100&page=${page}`, user);
    expect(status, path).toBe(200);
    out.push(...body['hydra:member'].map((m: Json) => m.id));
    if (!body['hydra:view']['hydra:next']) break;
  }
  return out;
}

const SCOPED: Scoped[] = ['vendeur', 'manager', 'partenaire'];

describe.each(SCOPED)('%s', (user) => {
  it('gets 404 for every item and per-parent list outside its scope, 200 inside', async () => {
    const c = contracts(user);
    const i = insured(user);
    const ins = await split('insured', i);
    const con = await split('contract', c);
    const cus = await split('customer', `SELECT customer_id FROM contract WHERE id IN (${c})`);
    const ben = await split('beneficiary', `SELECT id FROM beneficiary WHERE insured_id IN (${i})`);
    const sub = await split(
      'subscription',
      `SELECT id FROM subscription WHERE contract_id IN (${c})`,
    );
    const pre = await split('premium', `SELECT id FROM premium WHERE contract_id IN (${c})`);
    const bef = await split('benefit', `SELECT id FROM benefit WHERE contract_id IN (${c})`);
    const paths: Array<(id: number) => string> = [];
    const check = async (ids: { outside: number[]; inside: number }, ...make: typeof paths) => {
      for (const path of make) {
        for (const id of ids.outside) {
          const { status, body } = await get(path(id), user);
          expect(status, `${user} ${path(id)}`).toBe(404);
          expect(body['hydra:description']).toEqual(expect.any(String));
          // ageo sees it: the 404 is the scope's, not a missing row's.
          expect((await get(path(id), 'ageo')).status, `ageo ${path(id)}`).toBe(200);
        }
        expect((await get(path(ids.inside), user)).status, `${user} ${path(ids.inside)}`).toBe(200);
      }
    };
    await check(
      ins,
      (id) => `/api/assures/${id}`,
      (id) => `/assures/${id}`,
      (id) => `/api/insureds/${id}`,
      (id) => `/api/insureds/${id}/beneficiaires`,
      (id) => `/api/insureds/${id}/subscriptions`,
      (id) => `/api/insureds/${id}/cotisations`,
      (id) => `/api/prestations_ifc_sas?idInsured=${id}`,
    );
    await check(
      con,
      (id) => `/api/contracts/${id}/cotisations`,
      (id) => `/api/insured_with_beneficiaries?contract=${id}`,
      (id) => `/api/subscriptions_by_contract?contract=${id}`,
    );
    await check(cus, (id) => `/api/cotisations_by_customers?contrat.customer=${id}`);
    await check(ben, (id) => `/api/beneficiaires/${id}`);
    await check(sub, (id) => `/api/subscriptions/${id}`);
    await check(
      pre,
      (id) => `/api/cotisations/${id}`,
      (id) => `/cotisations/${id}`,
    );
    await check(
      bef,
      (id) => `/api/prestations/${id}`,
      (id) => `/prestations/${id}`,
    );
  });

  it('sees in its lists and totals exactly the rows in its scope', async () => {
    const c = contracts(user);
    const totals: Array<[string, string]> = [
      ['/api/assures', `SELECT DISTINCT id FROM insured WHERE id IN (${insured(user)})`],
      ['/affilies', `SELECT DISTINCT id FROM insured WHERE id IN (${insured(user)})`],
      ['/cotisations', `SELECT id FROM premium WHERE contract_id IN (${c})`],
      ['/api/prestations', `SELECT id FROM benefit WHERE contract_id IN (${c})`],
    ];
    for (const [path, query] of totals) {
      const expected = Math.min(await count(query), 10_000);
      const { body } = await get(path, user);
      expect(body['hydra:totalItems'], `${user} ${path}`).toBe(expected);
    }
    if (user !== 'vendeur') return;
    // The vendeur's lists are small enough to read whole.
    const inScope = async (query: string) => (await idsOf(query)).sort((a, b) => a - b);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(sorted(await every('/api/assures?order[id]=asc', user))).toEqual(
      await inScope(
        `SELECT DISTINCT insured_id AS id FROM subscription WHERE contract_id IN (${c})`,
      ),
    );
    expect(sorted(await every('/api/prestations', user))).toEqual(
      await inScope(`SELECT id FROM benefit WHERE contract_id IN (${c})`),
    );
  });

  it('cannot reach rows outside its scope through filters either', async () => {
    const c = contracts(user);
    const [outsideContract] = await idsOf(`SELECT contract_id AS id FROM premium
      WHERE contract_id NOT IN (${c}) ORDER BY 1 LIMIT 1`);
    const [outsideInsured] = await idsOf(`SELECT insured_id AS id FROM benefit
      WHERE insured_id NOT IN (${insured(user)}) ORDER BY 1 LIMIT 1`);
    for (const path of [
      `/api/assures?contrat.id=${outsideContract}`,
      `/api/assures?assure.id=${outsideInsured}`,
      `/cotisations?contrat.id=${outsideContract}`,
      `/cotisations?assure.id=${outsideInsured}`,
      `/prestations?insured=${outsideInsured}`,
      `/prestations?contract.id=${outsideContract}`,
    ]) {
      const { status, body } = await get(path, user);
      expect(status, path).toBe(200);
      expect(body['hydra:totalItems'], `${user} ${path}`).toBe(0);
    }
  });
});

describe('an account without a business profile', () => {
  it('is refused the insured side (403), whatever the id', async () => {
    // A token of the embedded provider (its own key) for a user holding ROLE_USER only: the
    // role rule of the broker area (spec §6) answers before any scope or id is looked at.
    const secret = await server.database.db
      .selectFrom('oidc_secret')
      .select('value')
      .where('name', '=', 'jwks')
      .executeTakeFirstOrThrow();
    const [jwk] = (secret.value as { keys: JWK[] }).keys;
    const now = Math.floor(Date.now() / 1000);
    const bare = await new SignJWT({
      iss: server.config.oidc.issuer,
      aud: server.config.oidc.audience,
      sub: 'sans-profil',
      preferred_username: 'sans-profil',
      name: 'Sans Profil',
      roles: ['ROLE_USER'],
      iat: now - 10,
      exp: now + 290,
    })
      .setProtectedHeader({ alg: 'RS256', kid: String(jwk.kid), typ: 'at+jwt' })
      .sign(await importJWK(jwk, 'RS256'));
    const [id] = await idsOf('SELECT id FROM insured ORDER BY id LIMIT 1');
    for (const path of [
      '/api/assures',
      `/api/assures/${id}`,
      '/api/assures/99999999',
      `/api/insureds/${id}/cotisations`,
      '/cotisations',
      '/prestations',
    ]) {
      const response = await callApi(server.url, path, bare);
      expect(response.status, path).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});
