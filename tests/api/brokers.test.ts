// Sellers (brokers) and managers (supervisors) over real HTTP (spec §3, §6, §7): the role rule
// of each endpoint (403), the scope of each demo account (operator: all; partner admin: its
// partner's users; manager: itself and its sellers; seller: itself), recomputed here from
// managed_by and partner_id, the member shape, filters and sorts, 404 outside the scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  CONTRACTS,
  type Json,
  ScopedApi,
  sortedIds as sorted,
  USERS,
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
const listIds = async (user: Account, path: string) =>
  sorted((await all(user, path)).map((m) => m.id));

const SELLERS = (user: Account) =>
  `SELECT id FROM app_user WHERE user_type = 4 AND id IN (${USERS[user]})`;
const MANAGERS = (user: Account) =>
  `SELECT id FROM app_user WHERE user_type = 3 AND id IN (${USERS[user]})`;

describe('access (spec §6)', () => {
  it.each([
    ['vendeur', '/api/brokers', 403],
    ['vendeur', '/api/brokers/1', 403],
    ['vendeur', '/api/brokers_with_contract', 403],
    ['manager', '/api/brokers', 200],
    ['manager', '/api/brokers_with_contract', 200],
    ['partenaire', '/api/brokers', 200],
    ['partenaire', '/api/brokers_with_contract', 200],
    ['ageo', '/api/brokers_with_contract', 200],
    ['vendeur', '/api/supervisors', 403],
    ['manager', '/api/supervisors', 403],
    ['manager', '/api/supervisors/1', 403],
    ['partenaire', '/api/supervisors', 200],
    ['ageo', '/api/supervisors', 200],
  ] as const)('%s GET %s: %i', async (user, path, status) => {
    const answer = await get(user, path);
    expect(answer.status).toBe(status);
    if (status === 403) expect(answer.type).toMatch(/^application\/problem\+json/);
  });
});

describe('GET /api/brokers', () => {
  it.each(['ageo', 'partenaire', 'manager'] as const)(
    'lists the sellers in the scope of %s',
    async (user) => {
      expect(await listIds(user, '/api/brokers')).toEqual(sorted(await ids(SELLERS(user))));
    },
  );

  it('gives the manager its own team only, the vendeur among it', async () => {
    const team = await all('manager', '/api/brokers');
    expect(team.map((m) => m.username)).toContain('vendeur');
    const [{ id: manager }] = await rows<{ id: number }>(
      "SELECT id FROM app_user WHERE username = 'manager'",
    );
    expect(team.every((m) => m.employee.managedBy.id === manager)).toBe(true);
  });

  it('answers members in the shape of spec §3, sorted by last name', async () => {
    const { status, body } = await get('partenaire', '/api/brokers');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Broker',
      '@id': '/api/brokers',
      '@type': 'hydra:Collection',
    });
    const members = body['hydra:member'] as Json[];
    expect(members.map((m) => m.id)).toEqual(
      await ids(`${SELLERS('partenaire')} ORDER BY lastname, firstname, id LIMIT 10`),
    );
    const [row] = await rows<Json>(
      `SELECT u.*, o.legalname, m.firstname AS m_first, m.lastname AS m_last
       FROM app_user u JOIN organization o ON o.id = u.organization_id
       JOIN app_user m ON m.id = u.managed_by WHERE u.id = ${members[0].id}`,
    );
    expect(members[0]).toMatchObject({
      '@id': `/api/brokers/${row.id}`,
      '@type': 'Broker',
      id: row.id,
      username: row.username,
      roles: row.roles.split(','),
      enabled: row.enabled,
      employee: {
        civility: row.civility,
        firstname: row.firstname,
        lastname: row.lastname,
        jobFunction: row.job_function,
        organization: { legalname: row.legalname },
        managedBy: {
          '@id': `/api/supervisors/${row.managed_by}`,
          id: row.managed_by,
          firstname: row.m_first,
          lastname: row.m_last,
        },
      },
      sellerCode: row.seller_code,
      partnerId: row.partner_id,
    });
    expect(members[0]).not.toHaveProperty('password_hash');
    expect(members[0]).not.toHaveProperty('passwordHash');
  });

  it('filters on the seller code, the name and the manager; sorts on the type alias', async () => {
    const [vendeur] = await rows<{ id: number; seller_code: string; managed_by: number }>(
      "SELECT id, seller_code, managed_by FROM app_user WHERE username = 'vendeur'",
    );
    const byCode = await get('ageo', `/api/brokers?sellerCode=${vendeur.seller_code}`);
    expect(byCode.body['hydra:member'].map((m: Json) => m.id)).toEqual([vendeur.id]);
    expect(await listIds('ageo', `/api/brokers?employee.managedBy=${vendeur.managed_by}`)).toEqual(
      sorted(await ids(`SELECT id FROM app_user WHERE managed_by = ${vendeur.managed_by}`)),
    );
    const [{ lastname }] = await rows<{ lastname: string }>(
      'SELECT lastname FROM app_user WHERE user_type = 4 ORDER BY id DESC LIMIT 1',
    );
    const part = lastname.slice(0, 3).toLowerCase();
    expect(await listIds('ageo', `/api/brokers?employee.lastname=${part}`)).toEqual(
      sorted(
        await ids(`SELECT id FROM app_user WHERE user_type = 4 AND lastname ILIKE '%${part}%'`),
      ),
    );
    const byType = await get('ageo', '/api/brokers?order[type]=asc&itemsPerPage=100');
    expect(byType.status).toBe(200);
    expect(byType.body['hydra:member'].every((m: Json) => m.userType.label === 'Vendeur')).toBe(
      true,
    );
    const desc = await get('ageo', '/api/brokers?order[employee.lastname]=desc&itemsPerPage=100');
    expect(desc.body['hydra:member'].map((m: Json) => m.id)).toEqual(
      await ids('SELECT id FROM app_user WHERE user_type = 4 ORDER BY lastname DESC, id DESC'),
    );
    for (const [query, name] of [
      ['enabled=oui', 'enabled'],
      ['order[password]=asc', 'order[password]'],
      ['employee.managedBy=abc', 'employee.managedBy'],
    ]) {
      const bad = await get('ageo', `/api/brokers?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.detail).toContain(`« ${name} »`);
    }
  });

  it('answers a seller in scope by id; 404 outside the scope, for a manager id, or unknown', async () => {
    const [inside] = await ids(`${SELLERS('manager')} ORDER BY id LIMIT 1`);
    expect((await get('manager', `/api/brokers/${inside}`)).status).toBe(200);
    for (const user of ['manager', 'partenaire'] as const) {
      const [outside] = await ids(
        `SELECT id FROM app_user WHERE user_type = 4 AND id NOT IN (${USERS[user]}) ORDER BY id LIMIT 1`,
      );
      const refused = await get(user, `/api/brokers/${outside}`);
      expect(refused.status).toBe(404);
      expect(refused.type).toMatch(/^application\/problem\+json/);
      expect((await get('ageo', `/api/brokers/${outside}`)).status).toBe(200);
    }
    const [manager] = await ids("SELECT id FROM app_user WHERE username = 'manager'");
    expect((await get('ageo', `/api/brokers/${manager}`)).status).toBe(404);
    expect((await get('ageo', '/api/brokers/999999')).status).toBe(404);
  });
});

describe('GET /api/brokers_with_contract', () => {
  const holders = (user: Account, where = 'true') =>
    `SELECT DISTINCT cp.broker_id AS id FROM customer_portfolio cp
     JOIN contract c ON c.id = cp.contract_id
     WHERE cp.contract_id IN (${CONTRACTS[user]}) AND cp.broker_id IN (${SELLERS(user)}) AND ${where}`;

  it.each(['ageo', 'partenaire', 'manager'] as const)(
    'offers %s the sellers holding a contract in its scope',
    async (user) => {
      const { body } = await get(user, '/api/brokers_with_contract');
      expect(body['hydra:view']['hydra:next']).toBeUndefined();
      expect(sorted(body['hydra:member'].map((m: Json) => m.id))).toEqual(
        sorted(await ids(holders(user))),
      );
    },
  );

  it('narrows to the sellers of one product', async () => {
    const [{ id: product }] = await rows<{ id: number }>(
      `SELECT product_id AS id FROM contract WHERE id IN (${CONTRACTS.manager})
       GROUP BY product_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const path = `/api/brokers_with_contract?customerPortfolios.contract.product.id=${product}`;
    const expected = sorted(await ids(holders('manager', `c.product_id = ${product}`)));
    expect(expected.length).toBeGreaterThan(0);
    expect(await listIds('manager', path)).toEqual(expected);
  });
});

describe('GET /api/supervisors', () => {
  it.each(['ageo', 'partenaire'] as const)(
    'lists the managers in the scope of %s',
    async (user) => {
      expect(await listIds(user, '/api/supervisors')).toEqual(sorted(await ids(MANAGERS(user))));
    },
  );

  it('answers members with their type, no manager above them, their organisation', async () => {
    const { body } = await get('ageo', '/api/supervisors?itemsPerPage=100');
    expect(body['@context']).toBe('/api/contexts/Supervisor');
    for (const m of body['hydra:member'] as Json[]) {
      expect(m).toMatchObject({
        '@id': `/api/supervisors/${m.id}`,
        '@type': 'Supervisor',
        userType: { id: 3, label: 'Manageur' },
        employee: { organization: { legalname: expect.any(String) } },
        sellerCode: null,
      });
      expect(m.roles).toContain('PROFILE_MANAGER');
    }
  });

  it('answers 404 for a manager of another partner, a seller id or an unknown id', async () => {
    const [own] = await ids(`${MANAGERS('partenaire')} ORDER BY id LIMIT 1`);
    expect((await get('partenaire', `/api/supervisors/${own}`)).status).toBe(200);
    const [other] = await ids(
      `SELECT id FROM app_user WHERE user_type = 3 AND id NOT IN (${USERS.partenaire}) ORDER BY id LIMIT 1`,
    );
    expect((await get('partenaire', `/api/supervisors/${other}`)).status).toBe(404);
    expect((await get('ageo', `/api/supervisors/${other}`)).status).toBe(200);
    const [seller] = await ids("SELECT id FROM app_user WHERE username = 'vendeur'");
    expect((await get('ageo', `/api/supervisors/${seller}`)).status).toBe(404);
    expect((await get('ageo', '/api/supervisors/abc')).status).toBe(404);
  });
});
