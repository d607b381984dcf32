// Commissions over real HTTP (spec §3, §6, §7): the list and the dashboard need
// VIEW_COMMISSIONS (403 for the seller), are scoped through the commission's contract
// (recomputed here from customer_portfolio and the customer's partner), and every filter, date
// bound and sort alias changes the result as SQL on the seeded rows says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  CONTRACTS,
  type Json,
  ScopedApi,
  sortedIds as sorted,
} from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

const get = (user: Account, path: string) => api.get(user, path);
const all = (user: Account, path: string) => api.all(user, path);
const rows = <T = Json>(query: string) => api.rows<T>(query);
const ids = (query: string) => api.ids(query);

const ALLOWED = ['ageo', 'partenaire', 'manager'] as const;

/** SELECT id of the account's commissions that satisfy `where` (on commission k). */
const commissionsOf = (user: Account, where = 'true') =>
  `SELECT k.id FROM commission k WHERE k.contract_id IN (${CONTRACTS[user]}) AND ${where}`;

const listIds = async (user: Account, path: string) =>
  sorted((await all(user, path)).map((m) => m.id));
const total = async (user: Account, path: string) =>
  (await get(user, path)).body['hydra:totalItems'] as number;

describe('access (spec §6)', () => {
  it.each([
    '/api/commissions',
    '/api/commissions_list',
    '/api/commissions/1',
    '/api/commissions?order[x]=up',
  ])('refuses %s to the seller (no VIEW_COMMISSIONS)', async (path) => {
    const { status, type } = await get('vendeur', path);
    expect(status).toBe(403);
    expect(type).toMatch(/^application\/problem\+json/);
  });
});

describe('GET /api/commissions', () => {
  it.each(ALLOWED)('lists the commissions of the contracts in the scope of %s', async (user) => {
    const expected = await ids(commissionsOf(user));
    expect(await total(user, '/api/commissions')).toBe(expected.length);
    if (user === 'manager') {
      expect(await listIds(user, '/api/commissions')).toEqual(sorted(expected));
    }
  });

  it('pays nothing before the payment date: a commission without one shows 0 paid', async () => {
    const unpaid = (await all('manager', '/api/commissions?year=2026')).filter(
      (m) => m.datePaymentCom === null,
    );
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.every((m) => Number(m.amoundPaid) === 0)).toBe(true);
    const counted = await rows<{ unpaid: number; amount: string }>(
      `SELECT count(*)::int AS unpaid, coalesce(sum(amound_paid), 0)::text AS amount
       FROM commission WHERE date_payment_com IS NULL`,
    );
    expect(counted[0].unpaid).toBeGreaterThan(0);
    expect(Number(counted[0].amount)).toBe(0);
  });

  it('answers members with the fields of spec §3, newest start first', async () => {
    const { status, body } = await get('manager', '/api/commissions?itemsPerPage=20');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Commission',
      '@id': '/api/commissions',
      '@type': 'hydra:Collection',
    });
    const members = body['hydra:member'] as Json[];
    const starts = members.map((m) => m.startAt);
    expect(starts).toEqual([...starts].sort().reverse());
    const [first] = members;
    const [row] = await rows<Json>(
      `SELECT k.*, c.lb_contrat, c.customer_id, cu.legalname AS subscriber, o.legalname AS provider
       FROM commission k JOIN contract c ON c.id = k.contract_id
       JOIN customer cu ON cu.id = c.customer_id
       JOIN organization o ON o.id = k.business_provider_id WHERE k.id = ${first.id}`,
    );
    expect(first).toEqual({
      '@id': `/api/commissions/${row.id}`,
      '@type': 'Commission',
      id: row.id,
      numContract: row.lb_contrat,
      contract: `/api/contracts/${row.contract_id}`,
      subscriber: row.subscriber,
      customer: `/api/customers/${row.customer_id}`,
      businessProvider: row.provider,
      businessProviderId: row.business_provider_id,
      acquisitionRate: Number(row.acquisition_rate),
      startAt: row.start_at,
      endAt: row.end_at,
      datePaymentCom: row.date_payment_com,
      amoundPaid: Number(row.amound_paid),
      year: row.year,
    });
  });

  it('filters by year, contract number, subscriber and business provider', async () => {
    expect(await listIds('manager', '/api/commissions?year=2024')).toEqual(
      sorted(await ids(commissionsOf('manager', 'k.year = 2024'))),
    );
    expect(await total('ageo', '/api/commissions?year[]=2019&year[]=2020')).toBe(
      (await ids(commissionsOf('ageo', 'k.year IN (2019, 2020)'))).length,
    );
    const [{ lb_contrat }] = await rows<{ lb_contrat: string }>(
      `SELECT c.lb_contrat FROM commission k JOIN contract c ON c.id = k.contract_id
       WHERE c.id IN (${CONTRACTS.manager}) ORDER BY k.id LIMIT 1`,
    );
    const byNumber = await listIds('manager', `/api/commissions?numContract=${lb_contrat}`);
    expect(byNumber).toEqual(
      sorted(
        await ids(
          commissionsOf(
            'manager',
            `k.contract_id IN (SELECT id FROM contract WHERE lb_contrat LIKE '%${lb_contrat}%')`,
          ),
        ),
      ),
    );
    expect(byNumber.length).toBeGreaterThan(0);

    const [{ id: provider }] = await rows<{ id: number }>(
      `SELECT business_provider_id AS id FROM commission ORDER BY id LIMIT 1`,
    );
    const expected = sorted(
      await ids(commissionsOf('manager', `k.business_provider_id = ${provider}`)),
    );
    expect(await listIds('manager', `/api/commissions?businessProvider=${provider}`)).toEqual(
      expected,
    );
    expect(
      await listIds(
        'manager',
        `/api/commissions?businessProvider=/api/businessProviders/${provider}`,
      ),
    ).toEqual(expected);
  });

  it('filters on startAt, endAt and datePayment bounds (spec §5)', async () => {
    const cases: Array<[string, string]> = [
      ['startAt[after]=2024-01-01', "k.start_at >= '2024-01-01'"],
      ['startAt[before]=2020-06-30', "k.start_at <= '2020-06-30'"],
      ['endAt[before]=2021-12-31', "k.end_at <= '2021-12-31'"],
      ['datePayment[after]=2023-01-01', "k.date_payment_com >= '2023-01-01'"],
      [
        'datePayment[after]=2022-01-01&datePayment[before]=2022-12-31',
        "k.date_payment_com BETWEEN '2022-01-01' AND '2022-12-31'",
      ],
      ['datePayment[strictly_before]=2021-01-01', "k.date_payment_com < '2021-01-01'"],
    ];
    for (const [query, where] of cases) {
      const expected = await ids(commissionsOf('partenaire', where));
      expect(expected.length, query).toBeGreaterThan(0);
      expect(await total('partenaire', `/api/commissions?${query}`), query).toBe(expected.length);
    }
  });

  it('sorts with the start alias as with startAt, and on the amount', async () => {
    const alias = await get('manager', '/api/commissions?order[start]=asc&itemsPerPage=30');
    const field = await get('manager', '/api/commissions?order[startAt]=asc&itemsPerPage=30');
    expect(alias.body['hydra:member']).toEqual(field.body['hydra:member']);
    expect(alias.body['hydra:member'].map((m: Json) => m.id)).toEqual(
      await ids(`${commissionsOf('manager')} ORDER BY k.start_at ASC, k.id ASC LIMIT 30`),
    );
    const amounts = (await get('manager', '/api/commissions?order[amoundPaid]=DESC')).body[
      'hydra:member'
    ].map((m: Json) => m.amoundPaid);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const bySubscriber = await get('ageo', '/api/commissions?order[subscriber]=asc&itemsPerPage=5');
    expect(bySubscriber.body['hydra:member'].map((m: Json) => m.id)).toEqual(
      await ids(`SELECT k.id FROM commission k JOIN contract c ON c.id = k.contract_id
        JOIN customer cu ON cu.id = c.customer_id ORDER BY cu.legalname ASC, k.id ASC LIMIT 5`),
    );
  });

  it.each([
    ['year=deux-mille', 'year'],
    ['year=99999999999', 'year'],
    ['startAt[after]=2024-13-01', 'startAt[after]'],
    ['datePayment=2024-01-01', 'datePayment'],
    ['order[start]=up', 'order[start]'],
    ['order[amount]=asc', 'order[amount]'],
    ['businessProvider=x', 'businessProvider'],
    ['itemsPerPage=1000', 'itemsPerPage'],
  ])('answers 400 for %s', async (query, name) => {
    const { status, body } = await get('manager', `/api/commissions?${query}`);
    expect(status).toBe(400);
    expect(body.detail).toContain(`« ${name} »`);
  });

  it('answers a commission in scope by id, 404 outside the scope or unknown', async () => {
    const [inside] = await ids(`${commissionsOf('manager')} ORDER BY k.id LIMIT 1`);
    const { status, body } = await get('manager', `/api/commissions/${inside}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ '@id': `/api/commissions/${inside}`, '@type': 'Commission' });
    for (const user of ['manager', 'partenaire'] as const) {
      const [outside] = await ids(
        `SELECT id FROM commission WHERE id NOT IN (${commissionsOf(user)}) ORDER BY id LIMIT 1`,
      );
      expect((await get(user, `/api/commissions/${outside}`)).status).toBe(404);
      expect((await get('ageo', `/api/commissions/${outside}`)).status).toBe(200);
    }
    expect((await get('ageo', '/api/commissions/99999999')).status).toBe(404);
  });
});

describe('GET /api/commissions_list (dashboard)', () => {
  const summary = (user: Account, where = 'true') =>
    rows<{ year: number; provider: number; amount: number; n: number }>(
      `SELECT k.year, k.business_provider_id AS provider, sum(k.amound_paid) AS amount,
         count(*)::int AS n
       FROM commission k WHERE k.id IN (${commissionsOf(user, where)})
       GROUP BY k.year, k.business_provider_id`,
    );

  it.each(ALLOWED)('sums the commissions in the scope of %s per year and provider', async (u) => {
    const expected = await summary(u);
    const members = await all(u, '/api/commissions_list');
    expect(members).toHaveLength(expected.length);
    const byKey = new Map(members.map((m) => [`${m.year}-${m.businessProviderId}`, m]));
    for (const e of expected) {
      const m = byKey.get(`${e.year}-${e.provider}`);
      expect(m, `${e.year}-${e.provider}`).toBeDefined();
      expect(m?.amoundPaid).toBeCloseTo(Number(e.amount), 2);
      expect(m).toMatchObject({ nbrCommissions: e.n });
    }
    const { body } = await get(u, '/api/commissions_list');
    expect(body['@context']).toBe('/api/contexts/CommissionSummary');
    expect(body['hydra:totalItems']).toBe(expected.length);
    const sum = expected.reduce((acc, e) => acc + Number(e.amount), 0);
    expect(body.commissionTotals.amoundPaid).toBeCloseTo(sum, 2);
    expect(body.commissionTotals.nbrCommissions).toBe(expected.reduce((a, e) => a + e.n, 0));
  });

  it('puts the newest year first, providers by name, and takes the list filters', async () => {
    const members = await all('manager', '/api/commissions_list');
    const years = members.map((m) => m.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const { body } = await get('manager', '/api/commissions_list?year=2023&order[amoundPaid]=desc');
    const expected = await summary('manager', 'k.year = 2023');
    expect(body['hydra:totalItems']).toBe(expected.length);
    const amounts = body['hydra:member'].map((m: Json) => m.amoundPaid);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(body['hydra:member'].every((m: Json) => m.year === 2023)).toBe(true);
    const paid = await get('manager', '/api/commissions_list?datePayment[after]=2025-01-01');
    expect(paid.body['hydra:totalItems']).toBe(
      (await summary('manager', "k.date_payment_com >= '2025-01-01'")).length,
    );
    // Past the last group: no member, the totals all the same.
    const beyond = await get('manager', '/api/commissions_list?year=2023&page=99');
    expect(beyond.status).toBe(200);
    expect(beyond.body['hydra:member']).toEqual([]);
    expect(beyond.body['hydra:totalItems']).toBe(expected.length);
    expect(beyond.body.commissionTotals.nbrCommissions).toBe(expected.reduce((a, e) => a + e.n, 0));
    const [{ word }] = await rows<{ word: string }>(
      `SELECT split_part(cu.legalname, ' ', 1) AS word FROM commission k
       JOIN contract c ON c.id = k.contract_id JOIN customer cu ON cu.id = c.customer_id
       WHERE k.contract_id IN (${CONTRACTS.manager}) ORDER BY k.id LIMIT 1`,
    );
    const bySubscriber = `k.contract_id IN (SELECT c.id FROM contract c
      JOIN customer cu ON cu.id = c.customer_id WHERE cu.legalname ILIKE '%${word}%')`;
    const filteredList = await get('manager', `/api/commissions_list?subscriber=${word}`);
    expect(filteredList.body.commissionTotals.nbrCommissions).toBe(
      (await ids(commissionsOf('manager', bySubscriber))).length,
    );
    expect(await listIds('manager', `/api/commissions?subscriber=${word}`)).toEqual(
      sorted(await ids(commissionsOf('manager', bySubscriber))),
    );
    expect((await get('manager', '/api/commissions_list?order[year]=later')).status).toBe(400);
    expect((await get('manager', '/api/commissions_list?page=0')).status).toBe(400);
  });
});
