// What hangs off an insured person, over real HTTP (spec partner-extranet §7 "Insured and
// benefits", §9): beneficiaries of an insured, the insured of a contract with their
// beneficiaries, subscriptions of an insured and of a contract. Orders, filters and totals are
// checked against SQL on the seeded rows; a parent unknown or outside the scope is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type Json, memberIds, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

const get = (path: string, user: Account = 'vendeur') => api.get(user, path);
const list = (path: string, user: Account = 'vendeur') => api.list(user, path);
const ids = memberIds;
const rows = <T = Json>(query: string) => api.rows<T>(query);
const idsOf = (query: string) => api.ids(query);
const one = (query: string) => api.one(query);

const V_CONTRACTS = `SELECT DISTINCT contract_id FROM customer_portfolio
  WHERE broker_id = (SELECT id FROM app_user WHERE username = 'vendeur')`;
const V_INSURED = `SELECT DISTINCT insured_id FROM subscription WHERE contract_id IN (${V_CONTRACTS})`;

async function expect404(path: string, user: Account) {
  const { status, type, body } = await get(path, user);
  expect(status, `${user} ${path}`).toBe(404);
  expect(type).toMatch(/^application\/problem\+json/);
  expect(body['hydra:description']).toEqual(expect.any(String));
}

describe('GET /api/insureds/{id}/beneficiaires', () => {
  it('lists the beneficiaries by lastname and firstname', async () => {
    const insured = await one(`SELECT insured_id AS id FROM beneficiary
      WHERE insured_id IN (${V_INSURED}) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const { status, body } = await get(`/api/insureds/${insured}/beneficiaires`);
    expect(status).toBe(200);
    expect(body['@context']).toBe('/api/contexts/Beneficiary');
    expect(body['@id']).toBe(`/api/insureds/${insured}/beneficiaires`);
    const expected = await rows(`SELECT * FROM beneficiary WHERE insured_id = ${insured}
      ORDER BY lastname, firstname, id`);
    expect(expected.length).toBeGreaterThan(1);
    expect(body['hydra:totalItems']).toBe(expected.length);
    expect(body['hydra:member']).toEqual(
      expected.map((b) =>
        expect.objectContaining({
          '@id': `/api/beneficiaires/${b.id}`,
          '@type': 'Beneficiary',
          id: b.id,
          firstname: b.firstname,
          lastname: b.lastname,
          dateOfBirth: b.date_of_birth,
          sex: b.sex,
          link: b.link,
          lbLien: b.lb_lien,
          startAt: b.start_at,
          endAt: b.end_at,
          insured: `/api/assures/${insured}`,
        }),
      ),
    );
  });

  it('takes a sort and filters', async () => {
    const insured = await one(`SELECT insured_id AS id FROM beneficiary
      WHERE insured_id IN (${V_INSURED}) GROUP BY 1
      HAVING count(DISTINCT link) > 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const path = `/api/insureds/${insured}/beneficiaires`;
    expect(ids(await list(`${path}?order[dateOfBirth]=desc`))).toEqual(
      await idsOf(`SELECT id FROM beneficiary WHERE insured_id = ${insured}
        ORDER BY date_of_birth DESC, id DESC`),
    );
    expect(ids(await list(`${path}?link=E&order[id]=asc`))).toEqual(
      await idsOf(`SELECT id FROM beneficiary WHERE insured_id = ${insured} AND link = 'E'
        ORDER BY id`),
    );
    const paged = await list(`${path}?itemsPerPage=1&page=2`);
    expect(paged['hydra:member']).toHaveLength(1);
    expect(paged['hydra:view']['hydra:previous']).toBe(`${path}?itemsPerPage=1&page=1`);
  });

  it('answers 404 for an unknown or out-of-scope insured, 400 for a bad parameter', async () => {
    const outside = await one(`SELECT insured_id AS id FROM beneficiary
      WHERE insured_id NOT IN (${V_INSURED}) ORDER BY 1 LIMIT 1`);
    await expect404(`/api/insureds/${outside}/beneficiaires`, 'vendeur');
    await expect404('/api/insureds/99999999/beneficiaires', 'ageo');
    await expect404('/api/insureds/abc/beneficiaires', 'ageo');
    // The same insured is in ageo's scope: the 404 is the scope's.
    expect((await get(`/api/insureds/${outside}/beneficiaires`, 'ageo')).status).toBe(200);
    const inside = await one(`SELECT insured_id AS id FROM beneficiary
      WHERE insured_id IN (${V_INSURED}) ORDER BY 1 LIMIT 1`);
    const bad = await get(`/api/insureds/${inside}/beneficiaires?order[lastname]=up`);
    expect(bad.status).toBe(400);
    expect(bad.body['hydra:description']).toContain('order[lastname]');
  });

  it('GET /api/beneficiaires/{id} answers in scope, 404 outside', async () => {
    const inside = await one(`SELECT id FROM beneficiary WHERE insured_id IN (${V_INSURED})
      ORDER BY id LIMIT 1`);
    const { status, body } = await get(`/api/beneficiaires/${inside}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Beneficiary',
      '@id': `/api/beneficiaires/${inside}`,
      '@type': 'Beneficiary',
      id: inside,
    });
    const outside = await one(`SELECT id FROM beneficiary WHERE insured_id NOT IN (${V_INSURED})
      ORDER BY id LIMIT 1`);
    await expect404(`/api/beneficiaires/${outside}`, 'vendeur');
    await expect404('/api/beneficiaires/99999999', 'ageo');
  });
});

describe('GET /api/insured_with_beneficiaries?contract={id}', () => {
  it('lists the insured of the contract, newest first, each with its beneficiaries only', async () => {
    const contract = await one(`SELECT contract_id AS id FROM subscription s
      WHERE contract_id IN (${V_CONTRACTS})
      AND EXISTS (SELECT 1 FROM beneficiary b WHERE b.insured_id = s.insured_id)
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const path = `/api/insured_with_beneficiaries?contract=${contract}&itemsPerPage=100`;
    const body = await list(path);
    const subscriptions = await rows(`SELECT s.*, i.noss, i.noss_key, i.firstname, i.lastname
      FROM subscription s JOIN insured i ON i.id = s.insured_id
      WHERE s.contract_id = ${contract} ORDER BY s.start_at DESC, s.id DESC`);
    expect(body['hydra:totalItems']).toBe(subscriptions.length);
    expect(ids(body)).toEqual(subscriptions.map((s) => s.insured_id));
    const beneficiaries = await rows(`SELECT id, insured_id FROM beneficiary
      WHERE insured_id IN (${subscriptions.map((s) => s.insured_id).join(',')})`);
    for (const [i, m] of (body['hydra:member'] as Json[]).entries()) {
      const s = subscriptions[i];
      // A line of the contract, with more fields than an insured person: a class of its own.
      expect(m).toMatchObject({
        '@id': `/api/assures/${s.insured_id}`,
        '@type': 'ContractInsured',
        idLink: 'A',
        assure: `${s.firstname} ${s.lastname}`,
        startAt: s.start_at,
        endAt: s.end_at,
        dtDebVal: s.start_at,
        dtFinVal: s.end_at,
        lbNoss: s.noss,
        lbCless: s.noss_key,
        contract: `/api/contracts/${contract}`,
      });
      // The beneficiary list per contract excludes the insured (spec §3).
      const own = beneficiaries.filter((b) => b.insured_id === m.id).map((b) => b.id);
      expect(m.beneficiaires.map((b: Json) => b.id).sort()).toEqual(own.sort());
      expect(m.beneficiaires.map((b: Json) => b['@type'])).not.toContain('Insured');
    }
  });

  it('filters and sorts', async () => {
    const contract = await one(`SELECT contract_id AS id FROM subscription
      WHERE contract_id IN (${V_CONTRACTS}) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const base = `/api/insured_with_beneficiaries?contract=${contract}`;
    expect(ids(await list(`${base}&order[lastname]=asc&itemsPerPage=50`))).toEqual(
      await idsOf(`SELECT i.id FROM subscription s JOIN insured i ON i.id = s.insured_id
        WHERE s.contract_id = ${contract} ORDER BY i.lastname, s.id LIMIT 50`),
    );
    const [{ lastname }] = await rows<{ lastname: string }>(`SELECT i.lastname FROM subscription s
      JOIN insured i ON i.id = s.insured_id WHERE s.contract_id = ${contract} ORDER BY s.id LIMIT 1`);
    const filtered = await list(`${base}&lastname=${encodeURIComponent(lastname)}`);
    expect(filtered['hydra:totalItems']).toBeGreaterThan(0);
    for (const m of filtered['hydra:member']) expect(m.lastname).toContain(lastname);
  });

  it('needs the contract: missing or malformed is a 400, unknown or out of scope a 404', async () => {
    for (const path of [
      '/api/insured_with_beneficiaries',
      '/api/insured_with_beneficiaries?contract=',
      '/api/insured_with_beneficiaries?contract=abc',
      '/api/insured_with_beneficiaries?contract[]=1&contract[]=2',
    ]) {
      const { status, body } = await get(path, 'ageo');
      expect(status, path).toBe(400);
      expect(body['hydra:description']).toContain('contract');
    }
    const outside = await one(`SELECT id FROM contract WHERE id NOT IN (${V_CONTRACTS})
      ORDER BY id LIMIT 1`);
    await expect404(`/api/insured_with_beneficiaries?contract=${outside}`, 'vendeur');
    await expect404('/api/insured_with_beneficiaries?contract=99999999', 'ageo');
  });
});

describe('subscriptions', () => {
  it('GET /api/insureds/{id}/subscriptions lists the in-scope subscriptions, newest first', async () => {
    const insured = await one(`SELECT insured_id AS id FROM subscription
      WHERE insured_id IN (${V_INSURED}) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const body = await list(`/api/insureds/${insured}/subscriptions`);
    expect(body['@context']).toBe('/api/contexts/Subscription');
    const expected = await rows(`SELECT s.*, c.lb_contrat FROM subscription s
      JOIN contract c ON c.id = s.contract_id
      WHERE s.insured_id = ${insured} AND s.contract_id IN (${V_CONTRACTS})
      ORDER BY s.start_at DESC, s.id DESC`);
    expect(body['hydra:totalItems']).toBe(expected.length);
    expect(body['hydra:member']).toEqual(
      expected.slice(0, 10).map((s) =>
        expect.objectContaining({
          '@id': `/api/subscriptions/${s.id}`,
          '@type': 'Subscription',
          id: s.id,
          startAt: s.start_at,
          endAt: s.end_at,
          insured: expect.objectContaining({ id: insured }),
          contract: expect.objectContaining({ id: s.contract_id, lbContrat: s.lb_contrat }),
        }),
      ),
    );
  });

  it('GET /api/subscriptions_by_contract?contract lists a contract’s subscriptions', async () => {
    const contract = await one(`SELECT contract_id AS id FROM subscription
      WHERE contract_id IN (${V_CONTRACTS}) GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const base = `/api/subscriptions_by_contract?contract=${contract}`;
    const sub = (order: string, extra = '') =>
      idsOf(`SELECT s.id FROM subscription s JOIN insured i ON i.id = s.insured_id
        WHERE s.contract_id = ${contract} ${extra} ORDER BY ${order} LIMIT 10`);
    expect(ids(await list(base))).toEqual(await sub('s.start_at DESC, s.id DESC'));
    expect(ids(await list(`${base}&order[startAt]=asc`))).toEqual(await sub('s.start_at, s.id'));
    expect(ids(await list(`${base}&order[insured.lastname]=asc`))).toEqual(
      await sub('i.lastname, s.id'),
    );
    const after = '2020-01-01';
    const bounded = await list(`${base}&startAt[after]=${after}`);
    const [{ n }] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM subscription
      WHERE contract_id = ${contract} AND start_at >= '${after}'`);
    expect(bounded['hydra:totalItems']).toBe(n);
  });

  it('answers 404 for a parent outside the scope, 400 without the contract', async () => {
    const outsideInsured = await one(`SELECT id FROM insured WHERE id NOT IN (${V_INSURED})
      ORDER BY id LIMIT 1`);
    await expect404(`/api/insureds/${outsideInsured}/subscriptions`, 'vendeur');
    const outsideContract = await one(`SELECT id FROM contract WHERE id NOT IN (${V_CONTRACTS})
      ORDER BY id LIMIT 1`);
    await expect404(`/api/subscriptions_by_contract?contract=${outsideContract}`, 'vendeur');
    const missing = await get('/api/subscriptions_by_contract', 'ageo');
    expect(missing.status).toBe(400);
    expect(missing.body['hydra:description']).toContain('contract');
    const outsideSubscription = await one(`SELECT id FROM subscription
      WHERE contract_id NOT IN (${V_CONTRACTS}) ORDER BY id LIMIT 1`);
    await expect404(`/api/subscriptions/${outsideSubscription}`, 'vendeur');
    expect((await get(`/api/subscriptions/${outsideSubscription}`, 'ageo')).status).toBe(200);
  });
});
