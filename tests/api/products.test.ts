// Products over real HTTP (spec §3, §7): the catalogue is reference data every signed-in user
// reads, but every variant that goes through contracts (by broker, by provider, by organisation,
// by customer, by supervisor, with a contract) only considers contracts in the caller's scope,
// recomputed here from customer_portfolio and the customer's partner.
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
const userId = async (username: string) =>
  (await ids(`SELECT id FROM app_user WHERE username = '${username}'`))[0];

/** Products of the account's contracts that also satisfy `where` (on contract c). */
const productsOf = (user: Account, where = 'true') =>
  `SELECT DISTINCT c.product_id AS id FROM contract c
   WHERE c.id IN (${CONTRACTS[user]}) AND ${where}`;

const listIds = async (user: Account, path: string) =>
  sorted((await all(user, path)).map((m) => m.id));

describe('the catalogue', () => {
  it('lists every product to every account, sorted by lbProduit', async () => {
    const expected = await ids('SELECT id FROM product ORDER BY lb_produit, id');
    for (const user of ACCOUNTS) {
      const members = await all(user, '/products');
      expect(members.map((m) => m.id)).toEqual(expected);
    }
    const { status, type, body } = await get('vendeur', '/api/products?page=2');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/ld\+json/);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Product',
      '@id': '/api/products',
      '@type': 'hydra:Collection',
      'hydra:totalItems': expected.length,
    });
    expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(expected.slice(10, 20));
    expect(body['hydra:view']).toMatchObject({
      '@id': '/api/products?page=2',
      'hydra:previous': '/api/products?page=1',
    });
  });

  it('shows the fields of spec §3, blocked products with their date', async () => {
    const [blocked] = await rows<Json>(
      'SELECT * FROM product WHERE bl_bloque_dec ORDER BY id LIMIT 1',
    );
    expect(blocked).toBeDefined();
    for (const path of [`/products/${blocked.id}`, `/api/products/${blocked.id}`]) {
      const { status, body } = await get('vendeur', path);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        '@context': '/api/contexts/Product',
        '@id': `/api/products/${blocked.id}`,
        '@type': 'Product',
        id: blocked.id,
        lbProduit: blocked.lb_produit,
        lbTypeContrat: blocked.lb_type_contrat,
        blBloqueDec: true,
        dtDatBloque: blocked.dt_dat_bloque,
        insuranceCompany: { id: blocked.insurance_company_id },
      });
    }
    expect((await get('vendeur', '/api/products/999999')).status).toBe(404);
    expect((await get('vendeur', '/products/x1')).status).toBe(404);
  });

  it('filters on the blocked flag, the name (no accents), the risk, the date', async () => {
    expect(await listIds('vendeur', '/products?blBloqueDec=true')).toEqual(
      sorted(await ids('SELECT id FROM product WHERE bl_bloque_dec')),
    );
    expect(await listIds('vendeur', '/products?blBloqueDec=false')).toEqual(
      sorted(await ids('SELECT id FROM product WHERE NOT bl_bloque_dec')),
    );
    const prevoyance = await listIds('vendeur', '/products?lbProduit=PREVOYANCE');
    expect(prevoyance).toEqual(
      sorted(await ids("SELECT id FROM product WHERE lb_produit ILIKE '%prévoyance%'")),
    );
    expect(prevoyance.length).toBeGreaterThan(0);
    expect(await listIds('vendeur', '/products?lbType[]=R&lbType[]=P')).toEqual(
      sorted(await ids("SELECT id FROM product WHERE lb_type IN ('R', 'P')")),
    );
    expect(await listIds('vendeur', '/products?dtDatBloque[after]=2022-01-01')).toEqual(
      sorted(await ids("SELECT id FROM product WHERE dt_dat_bloque >= '2022-01-01'")),
    );
  });

  it('sorts on the risk alias as on lbType (spec §7)', async () => {
    const risk = await get('vendeur', '/products?order[risk]=desc&itemsPerPage=30');
    const lbType = await get('vendeur', '/products?order[lbType]=desc&itemsPerPage=30');
    expect(risk.body['hydra:member']).toEqual(lbType.body['hydra:member']);
    expect(risk.body['hydra:member'].map((m: Json) => m.id)).toEqual(
      await ids('SELECT id FROM product ORDER BY lb_type DESC, id DESC LIMIT 30'),
    );
  });

  it.each([
    ['blBloqueDec=peut-etre', 'blBloqueDec'],
    ['order[lbProduit]=sideways', 'order[lbProduit]'],
    ['dtDatBloque[after]=2024-02-30', 'dtDatBloque[after]'],
    ['dtDatBloque[since]=2024-02-01', 'dtDatBloque[since]'],
    ['contracts.customerPortfolios.broker=abc', 'contracts.customerPortfolios.broker'],
    ['page=1.5', 'page'],
  ])('answers 400 for %s', async (query, name) => {
    const { status, type, body } = await get('vendeur', `/products?${query}`);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body.detail).toContain(`« ${name} »`);
  });
});

describe('products through contracts in scope', () => {
  it.each(ACCOUNTS)('products_with_contract offers %s the products of its contracts', async (u) => {
    const { status, body } = await get(u, '/api/products_with_contract?order[lbProduit]=asc');
    expect(status).toBe(200);
    expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(
      await ids(`SELECT id FROM product WHERE id IN (${productsOf(u)}) ORDER BY lb_produit, id`),
    );
    if (u === 'vendeur') {
      // The seller does not sell every product: the others are not offered.
      expect(body['hydra:totalItems']).toBeLessThan((await ids('SELECT id FROM product')).length);
    }
  });

  it('products of a broker: only its contracts within the caller scope', async () => {
    const vendeur = await userId('vendeur');
    expect(
      await listIds('manager', `/products?contracts.customerPortfolios.broker=${vendeur}`),
    ).toEqual(
      sorted(
        await ids(
          productsOf(
            'manager',
            `${vendeur} = ANY(SELECT broker_id FROM customer_portfolio WHERE contract_id = c.id)`,
          ),
        ),
      ),
    );
    // A seller of another partner, through the vendeur's eyes: only the co-held contracts.
    const [other] = await ids(
      `SELECT id FROM app_user WHERE user_type = 4 AND partner_id <> (
         SELECT partner_id FROM app_user WHERE username = 'vendeur') ORDER BY id LIMIT 1`,
    );
    expect(
      await listIds(
        'vendeur',
        `/products?contracts.customerPortfolios.broker=/api/brokers/${other}`,
      ),
    ).toEqual(
      sorted(
        await ids(
          productsOf(
            'vendeur',
            `${other} IN (SELECT broker_id FROM customer_portfolio WHERE contract_id = c.id)`,
          ),
        ),
      ),
    );
  });

  it('products of a business provider (main one) and of any organisation', async () => {
    const [provider] = await ids(
      'SELECT main_provider_id AS id FROM contract WHERE main_provider_id IS NOT NULL ORDER BY id LIMIT 1',
    );
    for (const user of ['ageo', 'vendeur'] as const) {
      expect(await listIds(user, `/products?contracts.idApporteur=${provider}`)).toEqual(
        sorted(await ids(productsOf(user, `c.main_provider_id = ${provider}`))),
      );
      expect(
        await listIds(user, `/api/products?contracts.organizations.organization.id=${provider}`),
      ).toEqual(
        sorted(
          await ids(
            productsOf(
              user,
              `c.id IN (SELECT contract_id FROM contract_organization WHERE organization_id = ${provider})`,
            ),
          ),
        ),
      );
    }
  });

  it('products_by_customer: the products of the customer contracts in scope; 404 outside', async () => {
    for (const user of ['partenaire', 'vendeur'] as const) {
      const [customer] = await ids(`${CUSTOMERS[user]} ORDER BY id DESC LIMIT 1`);
      expect(
        await listIds(user, `/api/products_by_customer?contracts.customer.id=${customer}`),
      ).toEqual(sorted(await ids(productsOf(user, `c.customer_id = ${customer}`))));
      const [outside] = await ids(
        `SELECT id FROM customer WHERE id NOT IN (${CUSTOMERS[user]}) ORDER BY id LIMIT 1`,
      );
      const refused = await get(user, `/api/products_by_customer?contracts.customer.id=${outside}`);
      expect(refused.status).toBe(404);
    }
    expect((await get('vendeur', '/api/products_by_customer')).status).toBe(400);
    expect(
      (await get('vendeur', '/api/products_by_customer?contracts.customer.id=abc')).status,
    ).toBe(400);
    expect(
      (await get('ageo', '/api/products_by_customer?contracts.customer.id=999999')).status,
    ).toBe(404);
  });

  it('products_by_supervisor: products of the team contracts in scope; 404 outside', async () => {
    const manager = await userId('manager');
    const team = `(SELECT id FROM app_user WHERE id = ${manager} OR managed_by = ${manager})`;
    const held = `c.id IN (SELECT contract_id FROM customer_portfolio WHERE broker_id IN ${team})`;
    for (const user of ['ageo', 'partenaire', 'manager'] as const) {
      expect(await listIds(user, `/api/products_by_supervisor?supervisor=${manager}`)).toEqual(
        sorted(await ids(productsOf(user, held))),
      );
    }
    const [otherManager] = await ids(
      `SELECT id FROM app_user WHERE user_type = 3 AND partner_id <> (
         SELECT partner_id FROM app_user WHERE username = 'partenaire') ORDER BY id LIMIT 1`,
    );
    expect(
      (await get('partenaire', `/api/products_by_supervisor?supervisor=${otherManager}`)).status,
    ).toBe(404);
    expect(
      (await get('manager', `/api/products_by_supervisor?supervisor=${otherManager}`)).status,
    ).toBe(404);
    // A seller is no supervisor.
    const vendeur = await userId('vendeur');
    expect((await get('ageo', `/api/products_by_supervisor?supervisor=${vendeur}`)).status).toBe(
      404,
    );
    expect((await get('ageo', '/api/products_by_supervisor')).status).toBe(400);
  });
});
