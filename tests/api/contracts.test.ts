// Contracts over real HTTP (spec §3, §7, §9): the Hydra shape of the list and the item at both
// paths, every filter and sort alias checked against SQL on the seeded rows, the per-context
// lists, the statistics block, the reference lists, and the 400 answers of malformed queries.
// Run as `ageo` (everything in scope); contracts-scope.test.ts covers the other accounts.
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { derivedContractType, derivedRisk, LOI_EVIN_CODE } from '../../src/domain/contract.ts';
import { Contract } from '../../src/domain/schema/contract.ts';
import { sendFrom } from './support/browserAt.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
type Json = Record<string, any>;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await new OidcBrowser(server.url, server.config.oidc.clientId).login('ageo', 'demo'))
    .access_token;
});
afterAll(() => server?.close());

async function get(path: string): Promise<{ status: number; type: string; body: Json }> {
  const response = await callApi(server.url, path, token);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: (await response.json()) as Json,
  };
}

async function rows<T = Json>(query: string): Promise<T[]> {
  return (await sql.raw<T>(query).execute(server.database.db)).rows;
}
const ids = async (query: string) => (await rows<{ id: number }>(query)).map((r) => Number(r.id));
const one = async (query: string) => (await rows(query))[0];
const memberIds = (body: Json) => body['hydra:member'].map((m: Json) => m.id as number);

/** The API's total and first 100 ids (by id) against the same rows found by SQL. */
async function expectSameAs(query: string, where: string): Promise<number> {
  const join = query ? '&' : '';
  const { status, body } = await get(`/api/contrats?${query}${join}order[id]=asc&itemsPerPage=100`);
  expect(status, query).toBe(200);
  const expected = await ids(`SELECT id FROM contract WHERE ${where} ORDER BY id LIMIT 100`);
  const { n } = (await one(`SELECT count(*)::int AS n FROM contract WHERE ${where}`)) as Json;
  expect(body['hydra:totalItems'], query).toBe(n);
  expect(memberIds(body), query).toEqual(expected);
  return n;
}

describe('the contract list', () => {
  it('answers a Hydra collection with the fields of spec §3', async () => {
    const { status, type, body } = await get('/api/contrats');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/ld\+json/);
    const { n } = (await one('SELECT count(*)::int AS n FROM contract')) as Json;
    expect(body).toMatchObject({
      '@context': '/api/contexts/Contract',
      '@id': '/api/contrats',
      '@type': 'hydra:Collection',
      'hydra:totalItems': n,
      'hydra:view': {
        '@id': '/api/contrats?page=1',
        '@type': 'hydra:PartialCollectionView',
        'hydra:first': '/api/contrats?page=1',
        'hydra:last': `/api/contrats?page=${Math.ceil(n / 10)}`,
        'hydra:next': '/api/contrats?page=2',
      },
    });
    expect(body).not.toHaveProperty('totalItemsIsLowerBound');
    expect(body['hydra:member']).toHaveLength(10);
    const member = body['hydra:member'][0];
    expect(member).toMatchObject({
      '@id': `/api/contracts/${member.id}`,
      '@type': 'Contract',
      lbContrat: expect.any(String),
      lbProduit: expect.any(String),
      lbCollege: expect.any(String),
      idCodCol: expect.any(String),
      lbSouscrip: expect.any(String),
      idSouscrip: expect.any(Number),
      dateDebVal: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      customer: { '@id': `/api/customers/${member.idSouscrip}`, id: member.idSouscrip },
      state: { id: expect.any(Number), label: expect.any(String) },
      contractType: { id: expect.any(Number), label: expect.any(String) },
      lbType: expect.stringMatching(/^[PSR]$/),
      blAni: expect.any(Boolean),
      blSurcomp: expect.any(Boolean),
      isActif: expect.any(Boolean),
      options: expect.any(Array),
    });
    for (const count of [
      'nbrSuscription',
      'nbrSubscriptionInactive',
      'nbrInsured',
      'nbrInsuredInactive',
      'nbrBeneficiary',
      'nbrBeneficiaryInactive',
      'nbrTotalAffiliate',
      'nbrTotalAffiliateInactive',
    ]) {
      expect(member[count], count).toEqual(expect.any(Number));
    }
  });

  it('announces its parameters in hydra:search, as API Platform does', async () => {
    const { body } = await get('/api/contrats?state=1');
    const search = body['hydra:search'];
    expect(search).toMatchObject({
      '@type': 'hydra:IriTemplate',
      'hydra:variableRepresentation': 'BasicRepresentation',
    });
    expect(search['hydra:template']).toMatch(/^\/api\/contrats\{\?.*\}$/);
    const variables = search['hydra:mapping'].map((m: Json) => m.variable);
    for (const variable of [
      'state',
      'state[]',
      'contractType[]',
      'nbrInsured',
      'customerPortfolios.broker[]',
      'dtDebVal[after]',
      'dtFinVal[before]',
      'order[dateDebVal]',
      'order[risk]',
    ]) {
      expect(variables, variable).toContain(variable);
    }
    expect(variables).not.toContain('paidByClient');
    expect(search['hydra:mapping'][0]).toMatchObject({
      '@type': 'IriTemplateMapping',
      required: false,
    });
  });

  it('leaves the template and the derived fields out for a client preferring lean pages (Prefer: return=minimal), the same page kept or computed', async () => {
    const path = '/api/contrats?state=1&itemsPerPage=5';
    const ask = (prefer?: string) =>
      fetch(new URL(path, server.url), {
        headers: { authorization: `Bearer ${token}`, ...(prefer ? { prefer } : {}) },
      });
    for (let round = 0; round < 2; round++) {
      const lean = await ask('return=minimal');
      expect(lean.headers.get('preference-applied')).toBe('return=minimal');
      expect(lean.headers.get('vary')).toMatch(/\bPrefer\b/);
      const leanBody = (await lean.json()) as Json;
      expect(leanBody['hydra:search']).toBeUndefined();
      const full = await ask(round ? 'respond-async, return=representation' : undefined);
      expect(full.headers.get('preference-applied')).toBeNull();
      const fullBody = (await full.json()) as Json;
      expect(fullBody['hydra:search']['hydra:template']).toMatch(/^\/api\/contrats\{\?/);
      const { 'hydra:search': _, ...rest } = fullBody;
      // The members leave out what the client derives (Contract.derived, spec §3 "Derived"):
      // derived again from the lean member, they are the full answer's members.
      const derivedKeys = Object.keys(Contract.derived?.(leanBody['hydra:member'][0]) ?? {});
      expect(derivedKeys).toEqual(expect.arrayContaining(['type', 'risk', 'businessProviders']));
      for (const member of leanBody['hydra:member'] as Json[]) {
        for (const key of derivedKeys) expect(member).not.toHaveProperty(key);
      }
      expect(rest['hydra:member'].some((m: Json) => m.businessProviders.length)).toBe(true);
      const derived = (leanBody['hydra:member'] as Json[]).map((member) => ({
        ...member,
        ...Contract.derived?.(member),
      }));
      expect({ ...leanBody, 'hydra:member': derived }).toEqual(rest);
    }
  });

  it('sends a page gzip-compressed to a client accepting it, the same page otherwise', async () => {
    // node:http, not fetch: fetch would undo the compression before the test sees it.
    const ask = async (acceptEncoding: string) => {
      const url = new URL('/api/contrats?itemsPerPage=20', server.url);
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding };
      const response = await sendFrom('127.0.0.1', url, { headers });
      return { headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
    };
    const zipped = await ask('gzip, deflate, br');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const plain = await ask('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = gunzipSync(zipped.body).toString();
    expect(JSON.parse(text)).toEqual(JSON.parse(plain.body.toString()));
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    // gzip refused (q=0): sent as it is.
    expect((await ask('gzip;q=0, br')).headers.get('content-encoding')).toBeNull();
  });

  it('sorts by dateDebVal descending by default, then by id (spec §9)', async () => {
    const { body } = await get('/api/contrats?itemsPerPage=100&page=2');
    expect(memberIds(body)).toEqual(
      await ids('SELECT id FROM contract ORDER BY date_deb_val DESC, id DESC OFFSET 100 LIMIT 100'),
    );
  });

  it('answers the same at the older path /contrats', async () => {
    const api = await get('/api/contrats?state=1&itemsPerPage=5&page=2');
    const older = await get('/contrats?state=1&itemsPerPage=5&page=2');
    expect(older.status).toBe(200);
    expect(memberIds(older.body)).toEqual(memberIds(api.body));
    expect(older.body['hydra:totalItems']).toBe(api.body['hydra:totalItems']);
    expect(older.body['hydra:view']['@id']).toBe('/contrats?state=1&itemsPerPage=5&page=2');
  });

  it('keeps every parameter in the view links, page changed', async () => {
    const { body } = await get('/api/contrats?state%5B%5D=1&itemsPerPage=25&page=2');
    expect(body['hydra:view']).toMatchObject({
      '@id': '/api/contrats?state%5B%5D=1&itemsPerPage=25&page=2',
      'hydra:previous': '/api/contrats?state%5B%5D=1&itemsPerPage=25&page=1',
      'hydra:next': '/api/contrats?state%5B%5D=1&itemsPerPage=25&page=3',
    });
  });

  it('carries the relations and the derived fields of each contract', async () => {
    const { body } = await get('/api/contrats?itemsPerPage=100&order[id]=asc');
    for (const m of body['hydra:member'] as Json[]) {
      const row = (await one(`SELECT * FROM contract WHERE id = ${m.id}`)) as Json;
      expect(m).toMatchObject({
        ...derivedContractType({
          blAni: row.bl_ani,
          blSurcomp: row.bl_surcomp,
          idContrat2: row.id_contrat2,
          idCodCol: row.id_cod_col,
        }),
        ...derivedRisk(row.lb_type),
        typeID: row.contract_type_id,
        idApporteur: row.main_provider_id,
        lbApporteur: row.lb_apporteur,
      });
      const orgs = await rows<Json>(`SELECT o.id, o.type_id FROM contract_organization co
        JOIN organization o ON o.id = co.organization_id WHERE co.contract_id = ${m.id}`);
      expect(m.organizations.map((o: Json) => o.organization.id).sort()).toEqual(
        orgs.map((o) => o.id).sort(),
      );
      expect(m.businessProviders.every((o: Json) => o.type.id === 3)).toBe(true);
      expect(m.insuranceCompanies.map((o: Json) => o.id)).toEqual(
        orgs.filter((o) => o.type_id === 5).map((o) => o.id),
      );
      const names = m.businessProviders.map((o: Json) => o.legalname);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'fr')));
      const brokers = await ids(
        `SELECT broker_id AS id FROM customer_portfolio cp WHERE contract_id = ${m.id} ORDER BY cp.id`,
      );
      expect(m.customerPortfolios.map((p: Json) => p.broker.id)).toEqual(brokers);
      for (const p of m.customerPortfolios as Json[]) {
        expect(p.broker).toHaveProperty('sellerCode');
        expect(p.broker).toHaveProperty('username');
        expect(p.broker).toHaveProperty('organization');
      }
      const options = await rows<Json>(
        `SELECT choise FROM contract_option WHERE contract_id = ${m.id} ORDER BY id`,
      );
      expect(m.options).toEqual(options.map((o) => ({ choise: o.choise })));
    }
  });
});

describe('filters of spec §7 and §5', () => {
  it.each([
    ['state=1', 'state_id = 1'],
    ['state[]=1&state[]=2&state[]=4', 'state_id IN (1, 2, 4)'],
    ['state[0]=3&state[1]=5', 'state_id IN (3, 5)'],
    ['state=1&state=2', 'state_id IN (1, 2)'],
    ['contractType[]=1&contractType[]=3', 'contract_type_id IN (1, 3)'],
    ['contractType=5', 'contract_type_id = 5'],
    ['lbType=P', "lb_type = 'P'"],
    ['risk=R', "lb_type = 'R'"],
    [`idCodCol=${LOI_EVIN_CODE}`, `id_cod_col = '${LOI_EVIN_CODE}'`],
    ['nbrInsured=true', 'nbr_insured > 0'],
    ['nbrInsured=false', 'true'],
    ['isActif=false', 'NOT is_actif'],
    ['blAni=true', 'bl_ani'],
    ['idGroupePrincipal=1', 'id_groupe_principal = 1'],
    ['dtDebVal[after]=2022-01-01', "date_deb_val >= '2022-01-01'"],
    ['dtFinVal[before]=2024-12-31', "date_fin_val <= '2024-12-31'"],
    [
      'startAt[after]=2020-01-01&startAt[before]=2020-12-31',
      "date_deb_val BETWEEN '2020-01-01' AND '2020-12-31'",
    ],
    ['endAt[strictly_after]=2027-01-01', "date_fin_val > '2027-01-01'"],
    ['lbContrat=ct-2021', "lb_contrat ILIKE '%CT-2021%'"],
    [
      'state[]=1&state[]=2&state[]=4&contractType[]=1&contractType[]=3&nbrInsured=true',
      'state_id IN (1, 2, 4) AND contract_type_id IN (1, 3) AND nbr_insured > 0',
    ],
  ])('%s', async (query, where) => {
    const n = await expectSameAs(query, where);
    if (!['nbrInsured=false', 'idGroupePrincipal=1'].includes(query)) {
      const { n: all } = (await one('SELECT count(*)::int AS n FROM contract')) as Json;
      expect(n, 'the filter changes the result').toBeGreaterThan(0);
      expect(n, 'the filter changes the result').toBeLessThan(all);
    }
  });

  it('filters by product, customer and main provider, by id or by IRI', async () => {
    const c = (await one(`SELECT product_id, customer_id, main_provider_id FROM contract
      WHERE main_provider_id IS NOT NULL ORDER BY id LIMIT 1`)) as Json;
    await expectSameAs(`idProduit=${c.product_id}`, `product_id = ${c.product_id}`);
    await expectSameAs(`idProduit=/api/products/${c.product_id}`, `product_id = ${c.product_id}`);
    await expectSameAs(`customer.id=${c.customer_id}`, `customer_id = ${c.customer_id}`);
    await expectSameAs(`idSouscrip=${c.customer_id}`, `customer_id = ${c.customer_id}`);
    await expectSameAs(
      `idApporteur=${c.main_provider_id}`,
      `main_provider_id = ${c.main_provider_id}`,
    );
  });

  it('filters by the customer: collective agreement, groups, name without accents', async () => {
    const c = (await one(`SELECT cu.id_cc1, g.hermes_id, g.id AS group_id, g2.id AS second_id
      FROM customer cu JOIN customer_group g ON g.id = cu.customer_group_id
      JOIN customer_group g2 ON g2.id = cu.secondary_group_id
      WHERE cu.id_cc1 IS NOT NULL ORDER BY cu.id LIMIT 1`)) as Json;
    const byCustomer = (w: string) => `customer_id IN (SELECT id FROM customer WHERE ${w})`;
    await expectSameAs(`customer.idCc1=${c.id_cc1}`, byCustomer(`id_cc1 = '${c.id_cc1}'`));
    await expectSameAs(
      `hermesGroupeClientId=${c.hermes_id}`,
      byCustomer(`customer_group_id = ${c.group_id}`),
    );
    await expectSameAs(
      `hermesGroupeClientId=${c.group_id}`,
      byCustomer(`customer_group_id = ${c.group_id}`),
    );
    await expectSameAs(
      `hermesGroupeClientSecondaireId=${c.second_id}`,
      byCustomer(`secondary_group_id = ${c.second_id}`),
    );
    const accented = (await one(`SELECT legalname FROM customer
      WHERE legalname ~ '[éèêàç]' ORDER BY id LIMIT 1`)) as Json | undefined;
    if (accented) {
      const word = (accented.legalname as string).split(' ').find((w) => /[éèêàç]/.test(w)) ?? '';
      const plain = word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
      const { body } = await get(`/api/contrats?lbSouscrip=${encodeURIComponent(plain)}`);
      expect(body['hydra:totalItems']).toBeGreaterThan(0);
    }
  });

  it('filters by holder, linked organisations and insured person', async () => {
    const vendeur = (await one("SELECT id FROM app_user WHERE username = 'vendeur'")) as Json;
    await expectSameAs(
      `customerPortfolios.broker=${vendeur.id}`,
      `id IN (SELECT contract_id FROM customer_portfolio WHERE broker_id = ${vendeur.id})`,
    );
    const [a, b] = await ids(`SELECT id FROM organization WHERE type_id = 3 ORDER BY id LIMIT 2`);
    const linked = (list: string) =>
      `id IN (SELECT contract_id FROM contract_organization WHERE organization_id IN (${list}))`;
    await expectSameAs(
      `contractBusinessProviders.organization[]=${a}&contractBusinessProviders.organization[]=${b}`,
      linked(`${a}, ${b}`),
    );
    const [company] = await ids(
      `SELECT id FROM organization WHERE type_id = 5 ORDER BY id LIMIT 1`,
    );
    await expectSameAs(`contractCompanies.organization=${company}`, linked(`${company}`));
    const insured = (await one('SELECT insured_id FROM subscription ORDER BY id LIMIT 1')) as Json;
    const subscribed = `id IN (SELECT contract_id FROM subscription WHERE insured_id = ${insured.insured_id})`;
    for (const name of ['subscriptions.insured.id', 'assures.id', 'assure.id']) {
      await expectSameAs(`${name}=${insured.insured_id}`, subscribed);
    }
  });

  it('ignores empty values and the premium-list filters (spec §5)', async () => {
    await expectSameAs(
      'state=&contractType[]=&lbContrat=&dtDebVal[after]=&paidByClient=true&insured.firstname=Marie&insured.lastname=Martin',
      'true',
    );
  });
});

describe('sorts and their aliases (spec §7)', () => {
  const firstIds = async (order: string) =>
    memberIds((await get(`/api/contrats?${order}&itemsPerPage=50`)).body);

  it.each([
    ['order[lbContrat]=asc', 'lb_contrat ASC, id ASC'],
    ['order[dateDebVal]=ASC', 'date_deb_val ASC, id ASC'],
    ['order[state]=desc', 'state_id DESC, id DESC'],
    ['order[nbrInsured]=desc', 'nbr_insured DESC, id DESC'],
    ['order[lbType]=asc&order[dateDebVal]=desc', 'lb_type ASC, date_deb_val DESC, id ASC'],
  ])('%s', async (order, by) => {
    expect(await firstIds(order)).toEqual(
      await ids(`SELECT id FROM contract ORDER BY ${by} LIMIT 50`),
    );
  });

  it('sorts on joined names: product, customer, category', async () => {
    const joined = `SELECT c.id FROM contract c JOIN product p ON p.id = c.product_id
      JOIN customer cu ON cu.id = c.customer_id
      JOIN contract_category cc ON cc.id = c.category_id`;
    expect(await firstIds('order[lbProduit]=asc')).toEqual(
      await ids(`${joined} ORDER BY p.lb_produit ASC, c.id ASC LIMIT 50`),
    );
    expect(await firstIds('order[lbSouscrip]=desc')).toEqual(
      await ids(`${joined} ORDER BY cu.legalname DESC, c.id DESC LIMIT 50`),
    );
    expect(await firstIds('order[lbCollege]=asc')).toEqual(
      await ids(`${joined} ORDER BY cc.lb_college ASC, c.id ASC LIMIT 50`),
    );
    // A later page: its ids found through the joins, past the rows before it.
    const third = await get('/api/contrats?order[lbProduit]=desc&itemsPerPage=20&page=3');
    expect(memberIds(third.body)).toEqual(
      await ids(`${joined} ORDER BY p.lb_produit DESC, c.id DESC LIMIT 20 OFFSET 40`),
    );
  });

  it.each([
    ['risk', 'lbType'],
    ['nbrInsuredActive', 'nbrInsured'],
    ['contract.lbContrat', 'lbContrat'],
    ['contract.lbProduit', 'lbProduit'],
    ['businessProviders', 'idApporteur'],
    ['organizations.organization.id', 'idApporteur'],
  ])('order[%s] is order[%s]', async (alias, field) => {
    for (const direction of ['asc', 'desc']) {
      expect(await firstIds(`order[${alias}]=${direction}`)).toEqual(
        await firstIds(`order[${field}]=${direction}`),
      );
    }
  });

  it('sorts insuranceCompanies on the company of the product', async () => {
    expect(await firstIds('order[insuranceCompanies]=asc')).toEqual(
      await ids(`SELECT c.id FROM contract c JOIN product p ON p.id = c.product_id
        ORDER BY p.insurance_company_id ASC, c.id ASC LIMIT 50`),
    );
  });
});

describe('malformed queries: 400 naming the parameter, never a 500', () => {
  it.each([
    ['order[x]=asc', 'order[x]'],
    ['order[dateDebVal]=sideways', 'order[dateDebVal]'],
    ['order=dateDebVal', 'order'],
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page=1&page=2', 'page'],
    ['itemsPerPage=0', 'itemsPerPage'],
    ['itemsPerPage=101', 'itemsPerPage'],
    ['itemsPerPage=ten', 'itemsPerPage'],
    ['dtDebVal[after]=2020-13-45', 'dtDebVal[after]'],
    ['dtDebVal[after]=hier', 'dtDebVal[after]'],
    ['dtDebVal=2020-01-01', 'dtDebVal'],
    ['dtFinVal[around]=2020-01-01', 'dtFinVal[around]'],
    ['state=abc', 'state'],
    ['state[]=1&state[]=x', 'state'],
    ['idProduit=abc', 'idProduit'],
    ['customer.id=/api/customers/abc', 'customer.id'],
    ['nbrInsured=maybe', 'nbrInsured'],
    ['isActif=oui', 'isActif'],
    ['after=not-a-cursor', 'after'],
    ['page=2000', 'page'],
    ['lbContrat[a]=b', 'lbContrat'],
  ])('%s', async (query, name) => {
    const { status, type, body } = await get(`/api/contrats?${query}`);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body.detail).toContain(`« ${name} »`);
    expect(body['hydra:description']).toBe(body.detail);
  });

  it('accepts the largest page size (100)', async () => {
    const { status, body } = await get('/api/contrats?itemsPerPage=100');
    expect(status).toBe(200);
    expect(body['hydra:member']).toHaveLength(100);
  });

  it('never answers a 500 to odd queries', async () => {
    for (const query of [
      "lbContrat='%3B DROP TABLE contract --",
      'lbContrat=%25%25%5C_',
      'lbSouscrip=%00',
      'state[%00]=1',
      'order[lbContrat%00]=asc',
      'order[lbContrat]=',
      'state[a][b][c]=1',
      'customerPortfolios.broker[]=',
      `idProduit=${'9'.repeat(40)}`,
      `${'x'.repeat(2000)}=1`,
      'after=',
      'page=99999999999999999999',
    ]) {
      const { status } = await get(`/api/contrats?${query}`);
      expect([200, 400], query).toContain(status);
    }
  });

  it('takes % and _ in text filters literally', async () => {
    const { body } = await get('/api/contrats?lbContrat=%25');
    expect(body['hydra:totalItems']).toBe(0);
  });
});

describe('the contract item', () => {
  it('answers /api/contracts/{id} and /contrats/{id} with @id, @type and the list fields', async () => {
    const [id] = await ids('SELECT id FROM contract ORDER BY id DESC LIMIT 1');
    const api = await get(`/api/contracts/${id}`);
    expect(api.status).toBe(200);
    expect(api.type).toMatch(/^application\/ld\+json/);
    expect(api.body).toMatchObject({
      '@context': '/api/contexts/Contract',
      '@id': `/api/contracts/${id}`,
      '@type': 'Contract',
      id,
    });
    const older = await get(`/contrats/${id}`);
    expect(older.status).toBe(200);
    expect(older.body).toEqual(api.body);
    const listed = await get(`/api/contrats?id=${id}`);
    expect({ '@context': '/api/contexts/Contract', ...listed.body['hydra:member'][0] }).toEqual(
      api.body,
    );
  });

  it.each(['999999', '0', 'abc', '12abc', '-3'])('answers 404 for the id %s', async (id) => {
    for (const path of [`/api/contracts/${id}`, `/contrats/${id}`]) {
      const { status, type, body } = await get(path);
      expect(status, path).toBe(404);
      expect(type).toMatch(/^application\/problem\+json/);
      expect(body['hydra:title']).toBeDefined();
    }
  });
});

describe('contracts of a customer, a product, a supervisor', () => {
  it('lists a customer’s contracts by state, then date (spec §9)', async () => {
    const [customer] = await ids(`SELECT customer_id AS id FROM contract
      GROUP BY customer_id ORDER BY count(*) DESC, customer_id LIMIT 1`);
    const { status, body } = await get(`/api/customers/${customer}/contracts?itemsPerPage=100`);
    expect(status).toBe(200);
    expect(memberIds(body)).toEqual(
      await ids(`SELECT id FROM contract WHERE customer_id = ${customer}
        ORDER BY state_id, date_deb_val, id`),
    );
  });

  it('lists a product’s contracts oldest first, with the list’s filters', async () => {
    const [product] = await ids(`SELECT product_id AS id FROM contract
      GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT 1`);
    const { body } = await get(`/api/products/${product}/contracts?state=1&itemsPerPage=100`);
    expect(memberIds(body)).toEqual(
      await ids(`SELECT id FROM contract WHERE product_id = ${product} AND state_id = 1
        ORDER BY date_deb_val, id LIMIT 100`),
    );
  });

  it('answers 404 for an unknown customer, product or supervisor, in the parent’s words', async () => {
    // A seller is no supervisor: its id answers as /api/supervisors/{id} would.
    const seller = (await one("SELECT id FROM app_user WHERE username = 'vendeur'")) as Json;
    for (const [path, detail] of [
      ['/api/customers/999999/contracts', 'Ce souscripteur est introuvable.'],
      ['/api/products/999999/contracts', 'Ce produit est introuvable.'],
      // A malformed id reads as an unknown one, in the same words.
      ['/api/customers/abc/contracts', 'Ce souscripteur est introuvable.'],
      ['/api/contracts/abc', 'Ce contrat est introuvable.'],
      ['/api/contracts/999999', 'Ce contrat est introuvable.'],
      ['/api/contracts_by_supervisor?supervisor=999999', 'Ce manager est introuvable.'],
      [`/api/contracts_by_supervisor?supervisor=${seller.id}`, 'Ce manager est introuvable.'],
    ]) {
      const { status, type, body } = await get(path as string);
      expect(status, path).toBe(404);
      expect(type).toMatch(/^application\/problem\+json/);
      if (detail) expect(body.detail, path).toBe(detail);
    }
  });

  it('lists the contracts of a supervisor’s team', async () => {
    const manager = (await one("SELECT id FROM app_user WHERE username = 'manager'")) as Json;
    const { status, body } = await get(
      `/api/contracts_by_supervisor?supervisor=${manager.id}&itemsPerPage=100`,
    );
    expect(status).toBe(200);
    const team = `SELECT id FROM app_user WHERE id = ${manager.id} OR managed_by = ${manager.id}`;
    const expected = await ids(`SELECT DISTINCT c.id, c.date_deb_val FROM contract c
      JOIN customer_portfolio cp ON cp.contract_id = c.id WHERE cp.broker_id IN (${team})
      ORDER BY c.date_deb_val, c.id LIMIT 100`);
    expect(memberIds(body)).toEqual(expected);
    expect(body['hydra:totalItems']).toBeGreaterThan(0);
  });

  it('needs a well-formed supervisor', async () => {
    for (const query of ['', '?supervisor=', '?supervisor=abc']) {
      const { status, body } = await get(`/api/contracts_by_supervisor${query}`);
      expect(status).toBe(400);
      expect(body.detail).toContain('« supervisor »');
    }
  });
});

describe('the statistics block', () => {
  it('sums the counts of the filtered contracts', async () => {
    const { status, body } = await get(
      '/api/nbr_insured_active_by_contracts_search?state[]=1&state[]=2&contractType[]=1&contractType[]=3&nbrInsured=true',
    );
    expect(status).toBe(200);
    const expected = (await one(`SELECT count(*)::int AS "nbrContracts",
      sum(nbr_insured)::int AS "nbrInsured", sum(nbr_insured_inactive)::int AS "nbrInsuredInactive",
      sum(nbr_beneficiary)::int AS "nbrBeneficiary", sum(nbr_total_affiliate)::int AS "nbrTotalAffiliate"
      FROM contract WHERE state_id IN (1, 2) AND contract_type_id IN (1, 3) AND nbr_insured > 0`)) as Json;
    expect(body).toMatchObject({
      '@type': 'ContractStatistics',
      ...expected,
      nbrInsuredActive: expected.nbrInsured,
    });
  });

  it('refuses a malformed filter', async () => {
    const { status, body } = await get('/api/nbr_insured_active_by_contracts_search?state=x');
    expect(status).toBe(400);
    expect(body.detail).toContain('« state »');
  });
});

describe('reference lists', () => {
  const labels = (body: Json) => body['hydra:member'].map((m: Json) => m.label);

  it('states by id, types by label, categories by college', async () => {
    const states = await get('/api/contratStates?order[id]=asc');
    expect(states.body['hydra:member'].map((m: Json) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(labels(states.body)).toEqual(['Actif', 'Impayé', 'Résilié', 'À venir', 'Suspendu']);
    const types = await get('/api/contratTypes?order[label]=asc');
    expect(labels(types.body)).toEqual(
      (await rows<Json>('SELECT label FROM contract_type ORDER BY label, id')).map((r) => r.label),
    );
    expect(types.body['hydra:member'][0]).toHaveProperty('code');
    const categories = await get('/api/contracts_categories?order[lbCollege]=asc');
    expect(categories.body['hydra:member'].map((m: Json) => m.lbCollege)).toEqual(
      (await rows<Json>('SELECT lb_college FROM contract_category ORDER BY lb_college, id')).map(
        (r) => r.lb_college,
      ),
    );
  });

  it('menus of each kind, newest first (spec §9)', async () => {
    for (const [path, kind] of [
      ['/api/menus_contracts', 'contracts'],
      ['/api/menus_ccn', 'ccn'],
    ]) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(memberIds(body)).toEqual(
        await ids(
          `SELECT id FROM menu WHERE kind = '${kind}' ORDER BY date_deb_val DESC, id DESC LIMIT 10`,
        ),
      );
    }
  });
});
