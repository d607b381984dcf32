// Insured persons over real HTTP (spec partner-extranet §3, §7 "Insured and benefits", §9):
// /api/assures and /affilies, the items, their filters and sorts checked against SQL on the
// seeded rows (within the vendeur's scope, recomputed here from customer_portfolio), 404 for
// unknown ids and 400 for malformed parameters.
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
const count = (query: string) => api.count(query);

// The vendeur's scope, from the source relation (customer_portfolio), not from broker_ids.
const V_CONTRACTS = `SELECT DISTINCT contract_id FROM customer_portfolio
  WHERE broker_id = (SELECT id FROM app_user WHERE username = 'vendeur')`;
const V_INSURED = `SELECT i.* FROM insured i WHERE EXISTS (SELECT 1 FROM subscription s
  WHERE s.insured_id = i.id AND s.contract_id IN (${V_CONTRACTS}))`;
const LAST_START = `(SELECT max(s.start_at) FROM subscription s
  WHERE s.insured_id = i.id AND s.contract_id IN (${V_CONTRACTS}))`;

/** Text as the server compares it: no case, no accents. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

describe('GET /api/assures and /affilies', () => {
  it('answers a Hydra collection of the §3 list rows, scoped and counted', async () => {
    const { status, type, body } = await get('/api/assures');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/ld\+json/);
    expect(body['@context']).toBe('/api/contexts/Insured');
    expect(body['@id']).toBe('/api/assures');
    expect(body['@type']).toBe('hydra:Collection');
    expect(body['hydra:totalItems']).toBe(await count(V_INSURED));
    expect(body['hydra:member']).toHaveLength(10);
    const view = body['hydra:view'];
    expect(view['@id']).toBe('/api/assures?page=1');
    expect(view['hydra:first']).toBe('/api/assures?page=1');
    expect(view['hydra:next']).toBe('/api/assures?page=2');
    expect(view['hydra:last']).toBe(
      `/api/assures?page=${Math.ceil(body['hydra:totalItems'] / 10)}`,
    );
    const member = body['hydra:member'][0];
    expect(member['@id']).toBe(`/api/assures/${member.id}`);
    expect(member['@type']).toBe('Insured');
    for (const field of [
      'firstname',
      'lastname',
      'gender',
      'lbGender',
      'sex',
      'lbSex',
      'idGender',
      'postalCode',
      'addressLocality',
      'link',
      'lbLien',
      'lbSitFam',
      'dtBirthday',
      'noss',
      'nossKey',
      'beneficiaires',
      'subscriptions',
      'startAt',
    ]) {
      expect(member, field).toHaveProperty(field);
    }
  });

  it('gives each row its identity, beneficiaries and in-scope subscriptions as stored', async () => {
    const body = await list('/api/assures?itemsPerPage=30');
    const page = body['hydra:member'] as Json[];
    const pageIds = page.map((m) => m.id).join(',');
    const insured = await rows(`SELECT i.*, ${LAST_START} AS last_start FROM insured i
      WHERE i.id IN (${pageIds})`);
    const beneficiaries = await rows(`SELECT * FROM beneficiary WHERE insured_id IN (${pageIds})
      ORDER BY lastname, firstname, id`);
    const subscriptions = await rows(`SELECT * FROM subscription WHERE insured_id IN (${pageIds})
      AND contract_id IN (${V_CONTRACTS}) ORDER BY start_at DESC, id DESC`);
    expect(beneficiaries.length).toBeGreaterThan(0);
    for (const m of page) {
      const row = insured.find((r) => r.id === m.id) as Json;
      expect(m).toMatchObject({
        firstname: row.firstname,
        lastname: row.lastname,
        idGender: row.id_gender,
        gender: row.id_gender === 1 ? 'Mme' : 'M.',
        sex: row.sex,
        lbSex: row.sex === 'F' ? 'Femme' : 'Homme',
        postalCode: row.postal_code,
        addressLocality: row.address_locality,
        link: 'A',
        lbSitFam: row.lb_sit_fam ?? '-',
        dtBirthday: row.dt_birthday,
        noss: row.noss,
        nossKey: row.noss_key,
        startAt: row.last_start,
      });
      expect(m.beneficiaires.map((b: Json) => [b.id, b.startAt, b.endAt, b.dateOfBirth])).toEqual(
        beneficiaries
          .filter((b) => b.insured_id === m.id)
          .map((b) => [b.id, b.start_at, b.end_at, b.date_of_birth]),
      );
      expect(m.subscriptions.map((s: Json) => [s.id, s.contract.id])).toEqual(
        subscriptions.filter((s) => s.insured_id === m.id).map((s) => [s.id, s.contract_id]),
      );
    }
  });

  it('is sorted by startAt descending by default (spec §9), as SQL sorts it', async () => {
    const expected = await idsOf(`SELECT i.id FROM (${V_INSURED}) i
      ORDER BY ${LAST_START} DESC, i.id DESC LIMIT 20`);
    expect(ids(await list('/api/assures?itemsPerPage=20'))).toEqual(expected);
    expect(ids(await list('/api/assures?itemsPerPage=20&order[startAt]=desc'))).toEqual(expected);
    const ascending = await idsOf(`SELECT i.id FROM (${V_INSURED}) i
      ORDER BY ${LAST_START} ASC, i.id ASC LIMIT 20`);
    // `start` is the §7 alias of startAt; directions in any case (@api-platform/admin: ASC).
    expect(ids(await list('/api/assures?itemsPerPage=20&order[start]=ASC'))).toEqual(ascending);
  });

  it("orders the operator's list by the latest start of every subscription, kept on the insured row (migration 020)", async () => {
    const LATEST = '(SELECT max(s.start_at) FROM subscription s WHERE s.insured_id = i.id)';
    const expected = await rows<{ id: number; latest: string | null }>(
      `SELECT i.id, ${LATEST}::text AS latest FROM insured i ORDER BY ${LATEST} DESC, i.id DESC LIMIT 40`,
    );
    const page = await list('/api/assures?itemsPerPage=20&page=2', 'ageo');
    expect(ids(page)).toEqual(expected.slice(20).map((r) => r.id));
    expect(page['hydra:member'].map((m: Json) => m.startAt)).toEqual(
      expected.slice(20).map((r) => r.latest),
    );
    const ascending = await idsOf(
      `SELECT i.id FROM insured i ORDER BY ${LATEST} ASC, i.id ASC LIMIT 20`,
    );
    expect(ids(await list('/api/assures?itemsPerPage=20&order[startAt]=asc', 'ageo'))).toEqual(
      ascending,
    );
    // Every insured person's kept date is its latest subscription's start, as the seed left it.
    expect(
      await count(`SELECT i.id FROM insured i WHERE i.last_start_at IS DISTINCT FROM ${LATEST}`),
    ).toBe(0);
  });

  it('/affilies is the same list', async () => {
    const a = await list('/affilies?itemsPerPage=15&page=2');
    const b = await list('/api/assures?itemsPerPage=15&page=2');
    expect(ids(a)).toEqual(ids(b));
    expect(a['hydra:totalItems']).toBe(b['hydra:totalItems']);
    expect(a['@id']).toBe('/affilies');
  });

  it.each([
    ['lastname', 'asc', 'lastname ASC, id ASC'],
    ['lastname', 'DESC', 'lastname DESC, id DESC'],
    ['firstname', 'asc', 'firstname ASC, id ASC'],
    ['dtBirthday', 'desc', 'dt_birthday DESC, id DESC'],
    ['postalCode', 'asc', 'postal_code ASC, id ASC'],
    ['id', 'asc', 'id ASC'],
  ])('order[%s]=%s sorts as SQL does', async (field, direction, orderBy) => {
    const expected = await idsOf(`SELECT id FROM (${V_INSURED}) i ORDER BY ${orderBy} LIMIT 25`);
    const body = await list(`/api/assures?itemsPerPage=25&order[${field}]=${direction}`);
    expect(ids(body)).toEqual(expected);
  });

  it('filters lastname and firstname by partial text, ignoring case and accents', async () => {
    const people = await rows<{ id: number; firstname: string; lastname: string }>(V_INSURED);
    for (const [param, field, text] of [
      ['lastname', 'lastname', 'ber'],
      ['assure.lastname', 'lastname', 'BER'],
      ['firstname', 'firstname', 'an'],
      ['firstname', 'firstname', 'é'],
    ] as const) {
      const expected = people.filter((p) => fold(p[field]).includes(fold(text)));
      expect(expected.length, text).toBeGreaterThan(0);
      expect(expected.length, text).toBeLessThan(people.length);
      const body = await list(`/api/assures?${param}=${encodeURIComponent(text)}&itemsPerPage=100`);
      expect(body['hydra:totalItems'], `${param}=${text}`).toBe(expected.length);
      for (const m of body['hydra:member']) expect(fold(m[field])).toContain(fold(text));
    }
  });

  it('filters postalCode by its start, sex, idGender and birth date bounds', async () => {
    const [{ prefix }] = await rows<{ prefix: string }>(
      `SELECT left(postal_code, 2) AS prefix FROM (${V_INSURED}) i
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const cases: Array<[string, string]> = [
      [`postalCode=${prefix}`, `postal_code LIKE '${prefix}%'`],
      ['sex=F', `sex = 'F'`],
      ['sex[]=F&sex[]=M', 'true'],
      ['idGender=2', 'id_gender = 2'],
      ['dtBirthday[after]=1980-01-01', `dt_birthday >= '1980-01-01'`],
      ['dtBirthday[before]=1960-06-30', `dt_birthday <= '1960-06-30'`],
      [
        'dtBirthday[after]=1960-01-01&dtBirthday[before]=1969-12-31&sex=M',
        `dt_birthday BETWEEN '1960-01-01' AND '1969-12-31' AND sex = 'M'`,
      ],
      ['dtBirthday[strictly_after]=1980-01-01', `dt_birthday > '1980-01-01'`],
    ];
    const all = await count(V_INSURED);
    for (const [query, where] of cases) {
      const expected = await count(`SELECT id FROM (${V_INSURED}) i WHERE ${where}`);
      if (where !== 'true') expect(expected, query).toBeLessThan(all);
      expect(expected, query).toBeGreaterThan(0);
      const body = await list(`/api/assures?${query}`);
      expect(body['hydra:totalItems'], query).toBe(expected);
    }
  });

  it('filters by contract (contrat.id, contract.id, subscriptions.contract.id) and by id', async () => {
    const [contract] = await rows<{ contract_id: number; n: number }>(
      `SELECT contract_id, count(*)::int AS n FROM subscription
       WHERE contract_id IN (${V_CONTRACTS}) GROUP BY 1 HAVING count(*) > 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const expected = (
      await idsOf(
        `SELECT insured_id AS id FROM subscription WHERE contract_id = ${contract.contract_id}`,
      )
    ).sort((a, b) => a - b);
    for (const param of ['contrat.id', 'contract.id', 'subscriptions.contract.id']) {
      const body = await list(
        `/api/assures?${param}=${contract.contract_id}&itemsPerPage=100&order[id]=asc`,
      );
      expect(ids(body), param).toEqual(expected);
    }
    // An IRI works as well as a number (@api-platform/admin sends IRIs).
    const byIri = await list(`/affilies?contrat.id=/api/contracts/${contract.contract_id}`);
    expect(byIri['hydra:totalItems']).toBe(expected.length);
    const one = await list(`/affilies?assure.id=${expected[0]}`);
    expect(ids(one)).toEqual([expected[0]]);
    const two = await list(`/api/assures?id[]=${expected[0]}&id[]=${expected[1]}&order[id]=asc`);
    expect(ids(two)).toEqual(expected.slice(0, 2));
  });

  it('filters by customer and by the start of the social security number', async () => {
    const [person] = await rows<{ customer_id: number; noss: string }>(
      `SELECT customer_id, noss FROM (${V_INSURED}) i ORDER BY id LIMIT 1`,
    );
    const byCustomer = await list(`/api/assures?customer.id=${person.customer_id}`);
    expect(byCustomer['hydra:totalItems']).toBe(
      await count(`SELECT id FROM (${V_INSURED}) i WHERE customer_id = ${person.customer_id}`),
    );
    const prefix = person.noss.slice(0, 7);
    const byNoss = await list(`/api/assures?noss=${prefix}`);
    expect(byNoss['hydra:totalItems']).toBe(
      await count(`SELECT id FROM (${V_INSURED}) i WHERE noss LIKE '${prefix}%'`),
    );
    expect(byNoss['hydra:totalItems']).toBeGreaterThan(0);
  });

  it('ignores empty filter values (spec §5)', async () => {
    const body = await list('/api/assures?lastname=&sex=&contrat.id=&dtBirthday[after]=');
    expect(body['hydra:totalItems']).toBe(await count(V_INSURED));
  });

  it('follows hydra:next on sorts without nulls, keeping every other parameter', async () => {
    const first = await list('/api/assures?order[lastname]=asc&itemsPerPage=7&sex=F');
    const next = await list(first['hydra:view']['hydra:next']);
    const expected = await idsOf(
      `SELECT id FROM (${V_INSURED}) i WHERE sex = 'F' ORDER BY lastname, id LIMIT 14`,
    );
    expect([...ids(first), ...ids(next)]).toEqual(expected);
  });
});

describe('GET /api/assures/{id}, /assures/{id}, /api/insureds/{id}', () => {
  it('answers the insured with @context, @id and @type, the same on every path', async () => {
    const [{ id }] = await rows<{ id: number }>(
      `SELECT id FROM (${V_INSURED}) i ORDER BY id LIMIT 1`,
    );
    const { status, type, body } = await get(`/api/assures/${id}`);
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/ld\+json/);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Insured',
      '@id': `/api/assures/${id}`,
      '@type': 'Insured',
      id,
    });
    expect((await get(`/assures/${id}`)).body).toEqual(body);
    expect((await get(`/api/insureds/${id}`)).body).toEqual(body);
    const listed = await list(`/api/assures?assure.id=${id}`);
    const { '@context': _, ...item } = body;
    expect(listed['hydra:member'][0]).toEqual(item);
  });

  it.each(['/api/assures/99999999', '/assures/abc', '/api/assures/0', '/api/insureds/-3'])(
    '%s is a 404 problem',
    async (path) => {
      const { status, type, body } = await get(path, 'ageo');
      expect(status).toBe(404);
      expect(type).toMatch(/^application\/problem\+json/);
      expect(body.status).toBe(404);
    },
  );
});

describe('malformed parameters', () => {
  it.each([
    ['order[lastname]=sideways', 'order[lastname]'],
    ['order[unknown]=asc', 'order[unknown]'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['itemsPerPage=0', 'itemsPerPage'],
    ['itemsPerPage=101', 'itemsPerPage'],
    ['dtBirthday[after]=2020-13-45', 'dtBirthday[after]'],
    ['dtBirthday[after]=hier', 'dtBirthday[after]'],
    ['dtBirthday[around]=2020-01-01', 'dtBirthday[around]'],
    ['sex=X', 'sex'],
    ['postalCode=75%25', 'postalCode'],
    ['noss=abc', 'noss'],
    ['contrat.id=abc', 'contrat.id'],
    ['assure.id=1.5', 'assure.id'],
    ['lastname[a]=b', 'lastname'],
  ])('%s is a 400 naming %s', async (query, name) => {
    for (const path of ['/api/assures', '/affilies']) {
      const { status, type, body } = await get(`${path}?${query}`);
      expect(status, `${path}?${query}`).toBe(400);
      expect(type).toMatch(/^application\/problem\+json/);
      expect(body['hydra:description']).toContain(name);
    }
  });

  it('never answers 500 to odd queries', async () => {
    for (const query of [
      'order=lastname',
      'order[]=asc',
      'order[lastname][x]=asc',
      'page[]=1',
      'page=99999999999999999999',
      'itemsPerPage=1e2',
      'dtBirthday=2020-01-01',
      'contrat.id[]=1&contrat.id[]=2',
      'firstname=%25%5F%5C',
      "lastname=' OR 1=1 --",
      'after=garbage&order[lastname]=asc',
    ]) {
      const { status } = await get(`/api/assures?${query}`);
      expect([200, 400], query).toContain(status);
    }
  });
});

describe('deep pages', () => {
  it('links no next page that would be refused, and says which order goes further', async () => {
    // The default order (latest subscription first) may be empty: no keyset cursor.
    const numbered = await list('/api/assures?page=1001', 'ageo');
    expect(numbered.totalItemsIsLowerBound).toBe(true);
    expect(numbered['hydra:view']['hydra:next']).toBeUndefined();
    expect((await list('/api/assures?page=1000', 'ageo'))['hydra:view']['hydra:next']).toBe(
      '/api/assures?page=1001',
    );
    const tooDeep = await get('/api/assures?page=1002', 'ageo');
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.detail).toBe(
      `Le paramètre « page » dépasse les ${(10_000).toLocaleString('fr-FR')} premiers résultats : affinez les filtres, ou triez sur une colonne toujours renseignée (order[id]) : le lien hydra:next va alors au-delà.`,
    );
    // The order the message names does go further.
    const byId = await list('/api/assures?order[id]=asc&page=1001', 'ageo');
    const next = byId['hydra:view']['hydra:next'] as string;
    expect(next).toMatch(/after=/);
    expect(ids(await list(next, 'ageo'))).toEqual(
      await idsOf('SELECT id FROM insured ORDER BY id LIMIT 10 OFFSET 10010'),
    );
  });
});
