// Customers (souscripteurs) and customer groups over real HTTP (spec §3, §7): Hydra shape,
// default sort by id, filters and sorts checked against SQL on the seeded rows, counts within
// each demo account's scope, 404 for unknown and out-of-scope ids, 400 for malformed queries.
// The scope is recomputed here from the source relations (customer_portfolio, the customer's
// partner), independently of the server's denormalised columns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  type Account,
  CONTRACTS,
  CUSTOMERS,
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

describe('GET /api/customers', () => {
  it('answers a Hydra collection of customers, sorted by id ascending (spec §9)', async () => {
    const { status, type, body } = await get('ageo', '/api/customers');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/ld\+json/);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Customer',
      '@id': '/api/customers',
      '@type': 'hydra:Collection',
      'hydra:totalItems': (await ids('SELECT id FROM customer')).length,
    });
    expect(body['hydra:view']).toMatchObject({
      '@id': '/api/customers?page=1',
      'hydra:first': '/api/customers?page=1',
      'hydra:next': '/api/customers?page=2',
    });
    const members = body['hydra:member'] as Json[];
    expect(members).toHaveLength(10);
    expect(members.map((m) => m.id)).toEqual(sorted(members.map((m) => m.id)));
    const [first] = members;
    expect(first).toMatchObject({
      '@id': `/api/customers/${first.id}`,
      '@type': 'Customer',
      subscriber: expect.any(String),
      postalCode: expect.stringMatching(/^\d{5}$/),
      addressLocality: expect.any(String),
      siret: expect.stringMatching(/^\d{14}$/),
      numberOfContract: expect.any(Number),
      nbrBeneficiary: expect.any(Number),
    });
    const [row] = await rows(`SELECT legalname FROM customer WHERE id = ${first.id}`);
    expect(first.subscriber).toBe(row.legalname);
  });

  it.each(ACCOUNTS)('lists exactly the customers in the scope of %s', async (user) => {
    const members = await all(user, '/api/customers');
    expect(sorted(members.map((m) => m.id))).toEqual(sorted(await ids(CUSTOMERS[user])));
  });

  it.each(['manager', 'vendeur'] as const)(
    'counts only the contracts in the scope of %s',
    async (user) => {
      const expected = await rows<{ id: number; n: number; b: number }>(
        `SELECT customer_id AS id, count(*)::int AS n, sum(nbr_beneficiary)::int AS b
         FROM contract WHERE id IN (${CONTRACTS[user]}) GROUP BY customer_id`,
      );
      const members = await all(user, '/api/customers');
      const byId = new Map(members.map((m) => [m.id, m]));
      for (const e of expected) {
        expect(byId.get(e.id)).toMatchObject({ numberOfContract: e.n, nbrBeneficiary: e.b });
      }
      // The seed gives every account contracts outside its scope: some customer's whole book
      // is larger than what this account sees.
      const whole = await rows<{ id: number; n: number }>(
        `SELECT customer_id AS id, count(*)::int AS n FROM contract
         WHERE customer_id IN (${CUSTOMERS[user]}) GROUP BY customer_id`,
      );
      expect(whole.some((w) => byId.get(w.id)?.numberOfContract < w.n)).toBe(true);
    },
  );

  it('sorts on the counts, on the subscriber and on the town', async () => {
    const byCount = await all('vendeur', '/api/customers?order[numberOfContract]=desc');
    const counts = byCount.map((m) => m.numberOfContract);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const byBeneficiaries = await all('manager', '/api/customers?order[nbrBeneficiary]=asc');
    const b = byBeneficiaries.map((m) => m.nbrBeneficiary);
    expect(b).toEqual([...b].sort((x, y) => x - y));

    const { body } = await get('ageo', '/api/customers?order[subscriber]=desc&itemsPerPage=20');
    const expected = await ids('SELECT id FROM customer ORDER BY legalname DESC, id DESC LIMIT 20');
    expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(expected);
    const town = await get('ageo', '/api/customers?order[addressLocality]=ASC&itemsPerPage=15');
    expect(town.body['hydra:member'].map((m: Json) => m.id)).toEqual(
      await ids('SELECT id FROM customer ORDER BY address_locality ASC, id ASC LIMIT 15'),
    );
  });

  it('filters by subscriber (partial, no case, no accents), postcode, group and IDCC', async () => {
    const [sample] = await rows<{ legalname: string }>(
      'SELECT legalname FROM customer ORDER BY id LIMIT 1',
    );
    const word = sample.legalname.split(' ')[0].slice(1, 5).toUpperCase();
    const found = await all('ageo', `/api/customers?subscriber=${encodeURIComponent(word)}`);
    expect(sorted(found.map((m) => m.id))).toEqual(
      sorted(await ids(`SELECT id FROM customer WHERE legalname ILIKE '%${word}%'`)),
    );

    const [{ postal_code }] = await rows<{ postal_code: string }>(
      'SELECT postal_code FROM customer ORDER BY id LIMIT 1',
    );
    const byPostcode = await all('ageo', `/api/customers?postalCode=${postal_code}`);
    expect(sorted(byPostcode.map((m) => m.id))).toEqual(
      sorted(await ids(`SELECT id FROM customer WHERE postal_code LIKE '%${postal_code}%'`)),
    );

    const [{ g }] = await rows<{ g: number }>(
      'SELECT customer_group_id AS g FROM customer WHERE customer_group_id IS NOT NULL LIMIT 1',
    );
    const [{ hermes_id }] = await rows<{ hermes_id: string }>(
      `SELECT hermes_id FROM customer_group WHERE id = ${g}`,
    );
    for (const path of [
      `/api/customers?hermesGroupeClientId=${g}`,
      `/api/customers?hermesGroupeClientId=${hermes_id}`,
      `/api/customers?customerGroup.id=/api/customersGroups/${g}`,
    ]) {
      const members = await all('ageo', path);
      expect(sorted(members.map((m) => m.id))).toEqual(
        sorted(await ids(`SELECT id FROM customer WHERE customer_group_id = ${g}`)),
      );
      expect(members.every((m) => m.customerGroup.id === g)).toBe(true);
    }
    const second = await all('ageo', `/api/customers?hermesGroupeClientSecondaireId=${g}`);
    expect(second.length).toBe(
      (await ids(`SELECT id FROM customer WHERE secondary_group_id = ${g}`)).length,
    );

    const idcc = await all('vendeur', '/api/customers?idCc1=1486');
    expect(sorted(idcc.map((m) => m.id))).toEqual(
      sorted(
        await ids(`SELECT id FROM (${CUSTOMERS.vendeur}) s
        WHERE id IN (SELECT id FROM customer WHERE id_cc1 = '1486')`),
      ),
    );
  });

  it('ignores empty filter values', async () => {
    const plain = await get('manager', '/api/customers');
    const empty = await get('manager', '/api/customers?subscriber=&postalCode=&order[id]=');
    expect(empty.body['hydra:totalItems']).toBe(plain.body['hydra:totalItems']);
  });

  it.each([
    ['order[unknown]=asc', 'order[unknown]'],
    ['order[id]=sideways', 'order[id]'],
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['itemsPerPage=101', 'itemsPerPage'],
    ['itemsPerPage=abc', 'itemsPerPage'],
    ['customerGroup.id=abc', 'customerGroup.id'],
    ['order=id', 'order'],
  ])('answers 400 naming the parameter for %s', async (query, name) => {
    const { status, type, body } = await get('vendeur', `/api/customers?${query}`);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body.detail).toContain(`« ${name} »`);
  });
});

describe('GET /api/customers/{id}', () => {
  it.each(ACCOUNTS)('gives %s the customers in its scope and 404 for the others', async (user) => {
    const inside = await ids(`${CUSTOMERS[user]} ORDER BY id LIMIT 1`);
    const { status, body } = await get(user, `/api/customers/${inside[0]}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Customer',
      '@id': `/api/customers/${inside[0]}`,
      '@type': 'Customer',
      id: inside[0],
    });
    const [{ n }] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM contract
       WHERE customer_id = ${inside[0]} AND id IN (${CONTRACTS[user]})`,
    );
    expect(body.numberOfContract).toBe(n);
    if (user === 'ageo') return;
    const outside = await ids(
      `SELECT id FROM customer WHERE id NOT IN (${CUSTOMERS[user]}) ORDER BY id LIMIT 1`,
    );
    expect(outside).toHaveLength(1);
    const refused = await get(user, `/api/customers/${outside[0]}`);
    expect(refused.status).toBe(404);
    expect(refused.type).toMatch(/^application\/problem\+json/);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', '0', 'abc', '12abc']) {
      expect((await get('ageo', `/api/customers/${id}`)).status, id).toBe(404);
    }
  });
});

describe('customer groups', () => {
  const GROUPS: Record<Account, string> = Object.fromEntries(
    ACCOUNTS.map((user) => [
      user,
      `SELECT customer_group_id AS id FROM customer
         WHERE customer_group_id IS NOT NULL AND id IN (${CUSTOMERS[user]})
       UNION SELECT secondary_group_id FROM customer
         WHERE secondary_group_id IS NOT NULL AND id IN (${CUSTOMERS[user]})`,
    ]),
  ) as Record<Account, string>;

  it('lists every group in one page for the operator, sorted by label', async () => {
    for (const path of ['/api/customersGroups', '/api/groupsClients']) {
      const { status, body } = await get('ageo', path);
      expect(status).toBe(200);
      expect(body['@context']).toBe('/api/contexts/CustomerGroup');
      const expected = await ids('SELECT id FROM customer_group ORDER BY label, id');
      expect(body['hydra:totalItems']).toBe(expected.length);
      expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(expected);
      expect(body['hydra:member'][0]).toMatchObject({
        '@type': 'CustomerGroup',
        label: expect.any(String),
        hermesId: expect.stringMatching(/^GC\d+$/),
      });
    }
  });

  it.each(ACCOUNTS)('names only the groups of the customers %s may see', async (user) => {
    const members = await all(user, '/api/customersGroups');
    expect(sorted(members.map((m) => m.id))).toEqual(sorted(await ids(GROUPS[user])));
  });

  it('answers 404 for a group outside the scope', async () => {
    const outside = await ids(
      `SELECT id FROM customer_group WHERE id NOT IN (${GROUPS.vendeur}) ORDER BY id LIMIT 1`,
    );
    if (outside.length) {
      expect((await get('vendeur', `/api/customersGroups/${outside[0]}`)).status).toBe(404);
    }
    const [inside] = await ids(`${GROUPS.vendeur} ORDER BY id LIMIT 1`);
    expect((await get('vendeur', `/api/customersGroups/${inside}`)).status).toBe(200);
  });
});
