// Premiums (cotisations) over real HTTP (spec partner-extranet §3, §5, §7 "Premiums", §9): the
// lists (/cotisations, /api/cotisations, per contract, per customer, per insured) and the item,
// their derived fields (src/domain/premium.ts), every filter and sort against SQL on the seeded
// rows within the vendeur's scope, deep pages by keyset cursor, 400 and 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, CONTRACTS, type Json, memberIds, ScopedApi } from './support/scopedApi.ts';
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
const one = (query: string) => api.one(query);

const V_CONTRACTS = CONTRACTS.vendeur;
/** The vendeur's premiums, with what the filters read. */
const V_PREMIUMS = `SELECT p.*, c.customer_id, c.lb_contrat, c.lb_type AS c_lb_type, pr.lb_produit,
    i.firstname AS i_firstname, i.lastname AS i_lastname
  FROM premium p JOIN contract c ON c.id = p.contract_id JOIN product pr ON pr.id = c.product_id
  LEFT JOIN insured i ON i.id = p.insured_id
  WHERE p.contract_id IN (${V_CONTRACTS})`;

const cents = (n: number | string) => Math.round(Number(n) * 100);

async function expect404(path: string, user: Account) {
  const { status, type } = await get(path, user);
  expect(status, `${user} ${path}`).toBe(404);
  expect(type).toMatch(/^application\/problem\+json/);
}

describe('GET /cotisations and /api/cotisations', () => {
  it('answers a Hydra collection of the vendeur’s premiums, newest period first', async () => {
    const { status, type, body } = await get('/cotisations');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/ld\+json/);
    expect(body['@context']).toBe('/api/contexts/Premium');
    expect(body['@id']).toBe('/cotisations');
    expect(body['hydra:totalItems']).toBe(await count(V_PREMIUMS));
    expect(body['hydra:view']).toMatchObject({
      '@id': '/cotisations?page=1',
      'hydra:first': '/cotisations?page=1',
      'hydra:next': '/cotisations?page=2',
    });
    expect(ids(body)).toEqual(
      await idsOf(`SELECT id FROM (${V_PREMIUMS}) p ORDER BY dt_deb_val DESC, id DESC LIMIT 10`),
    );
    const api = await list('/api/cotisations');
    expect(ids(api)).toEqual(ids(body));
    const member = body['hydra:member'][0];
    expect(member['@id']).toBe(`/api/cotisations/${member.id}`);
    expect(member['@type']).toBe('Premium');
    for (const field of [
      'status',
      'dtDebVal',
      'dtFinVal',
      'dtLimReg',
      'dtPaiement',
      'dtEcheance',
      'dtImpaye',
      'dtDemeure',
      'dtRappel',
      'dtBloqPrestaPrevi',
      'dtResiPrevi',
      'insured',
      'paidByClient',
      'numFraisGes',
      'numFraisImpay',
      'numTotalCot',
      'numMontant',
      'amountPaid',
      'numRelance',
      'lbModePaie',
      'contrat',
      'typeCotisation',
      'remaining',
      'destinataire',
    ]) {
      expect(member, field).toHaveProperty(field);
    }
    expect(member.contrat).toEqual(
      expect.objectContaining({
        lbProduit: expect.any(String),
        lbSouscrip: expect.any(String),
        customer: expect.objectContaining({ '@id': expect.stringMatching(/^\/api\/customers\//) }),
      }),
    );
  });

  it('derives typeCotisation, remaining, destinataire and hides the mode of unpaid premiums', async () => {
    for (const query of ['status=I', 'paidByClient=true', 'paidByClient=false&status=P']) {
      const body = await list(`/cotisations?${query}&itemsPerPage=50`);
      expect(body['hydra:member'].length, query).toBeGreaterThan(0);
      const stored = await rows(`SELECT p.*, i.firstname, i.lastname, cu.legalname
        FROM premium p JOIN contract c ON c.id = p.contract_id
        JOIN customer cu ON cu.id = c.customer_id LEFT JOIN insured i ON i.id = p.insured_id
        WHERE p.id IN (${ids(body).join(',')})`);
      for (const m of body['hydra:member'] as Json[]) {
        const r = stored.find((s) => s.id === m.id) as Json;
        expect(m).toMatchObject({
          status: r.status,
          dtDebVal: r.dt_deb_val,
          dtFinVal: r.dt_fin_val,
          dtImpaye: r.dt_impaye,
          paidByClient: r.paid_by_client,
          typeCotisation: r.paid_by_client ? 'Collective' : 'Individuelle',
          numMontant: Number(r.num_montant),
          numFraisImpay: Number(r.num_frais_impay),
          numTotalCot: Number(r.num_total_cot),
          amountPaid: Number(r.amount_paid),
          lbModePaie: r.status === 'I' ? null : r.lb_mode_paie,
          destinataire: r.insured_id ? `${r.firstname} ${r.lastname}` : r.legalname,
          contrat: expect.objectContaining({ id: r.contract_id, lbSouscrip: r.legalname }),
        });
        expect(cents(m.remaining)).toBe(
          cents(r.num_montant) + cents(r.num_frais_impay) - cents(r.amount_paid),
        );
        expect(m.insured === null).toBe(r.insured_id === null);
        if (r.status === 'I') expect(m.lbStatus).toBe('Impayé');
      }
    }
  });

  it.each([
    ['status=I', `status = 'I'`],
    ['status[]=I&status[]=A', `status IN ('I', 'A')`],
    ['status[0]=P&status[1]=S', `status IN ('P', 'S')`],
    ['status=S', `status = 'S'`],
    ['paidByClient=true', 'paid_by_client'],
    ['paidByClient=false', 'NOT paid_by_client'],
    ['typeCotisation=Individuelle', 'NOT paid_by_client'],
    ['dtDebVal[after]=2024-01-01', `dt_deb_val >= '2024-01-01'`],
    ['startAt[after]=2025-01-01', `dt_deb_val >= '2025-01-01'`],
    ['datePayment[after]=2025-01-01', `dt_paiement >= '2025-01-01'`],
    ['dtImpaye[after]=2015-01-01', `dt_impaye >= '2015-01-01'`],
    ['lbModePaie=CHEQUE', `lb_mode_paie = 'CHEQUE'`],
    ['assure.lastname=ar', `i_lastname ILIKE '%ar%'`],
    ['paidByClient=false&insured.lastname=ar', `NOT paid_by_client AND i_lastname ILIKE '%ar%'`],
    ['assure.firstname=ma&status=P', `i_firstname ILIKE '%ma%' AND status = 'P'`],
  ])('%s filters as SQL does', async (query, where) => {
    const expected = await count(`SELECT id FROM (${V_PREMIUMS}) p WHERE ${where}`);
    expect(expected, where).toBeGreaterThan(0);
    expect(expected, where).toBeLessThan(await count(V_PREMIUMS));
    const body = await list(`/cotisations?${query}&itemsPerPage=20`);
    expect(body['hydra:totalItems']).toBe(expected);
    expect(ids(body)).toEqual(
      await idsOf(`SELECT id FROM (${V_PREMIUMS}) p WHERE ${where}
        ORDER BY dt_deb_val DESC, id DESC LIMIT 20`),
    );
  });

  it('takes date bounds on the seeded spread of dates (after and before, bounds included)', async () => {
    // Quantiles of the vendeur's own dates, so that each bound keeps some rows and drops some.
    const [q] = await rows(`SELECT
        percentile_disc(0.3) WITHIN GROUP (ORDER BY dt_deb_val) AS deb30,
        percentile_disc(0.7) WITHIN GROUP (ORDER BY dt_deb_val) AS deb70,
        percentile_disc(0.4) WITHIN GROUP (ORDER BY dt_fin_val) AS fin40,
        percentile_disc(0.3) WITHIN GROUP (ORDER BY dt_paiement) AS pay30
      FROM (${V_PREMIUMS}) p`);
    const cases: Array<[string, string]> = [
      [`dtFinVal[before]=${q.fin40}`, `dt_fin_val <= '${q.fin40}'`],
      [`endAt[before]=${q.fin40}`, `dt_fin_val <= '${q.fin40}'`],
      [`dtFinVal[strictly_before]=${q.fin40}`, `dt_fin_val < '${q.fin40}'`],
      [
        `dtDebVal[after]=${q.deb30}&dtDebVal[before]=${q.deb70}`,
        `dt_deb_val BETWEEN '${q.deb30}' AND '${q.deb70}'`,
      ],
      [`datePayment[before]=${q.pay30}`, `dt_paiement <= '${q.pay30}'`],
      [`dtPaiement[after]=${q.pay30}`, `dt_paiement >= '${q.pay30}'`],
    ];
    for (const [query, where] of cases) {
      const expected = await count(`SELECT id FROM (${V_PREMIUMS}) p WHERE ${where}`);
      expect(expected, where).toBeGreaterThan(0);
      const body = await list(`/cotisations?${query}`);
      expect(body['hydra:totalItems'], query).toBe(expected);
    }
  });

  it('filters by contract, customer and insured (contrat.id, contrat.customer, assure.id)', async () => {
    const [p] = await rows(`SELECT * FROM (${V_PREMIUMS}) p WHERE insured_id IS NOT NULL
      ORDER BY id LIMIT 1`);
    const cases: Array<[string, string]> = [
      [`contrat.id=${p.contract_id}`, `contract_id = ${p.contract_id}`],
      [`contract.id=/api/contracts/${p.contract_id}`, `contract_id = ${p.contract_id}`],
      [`contrat.customer=${p.customer_id}`, `customer_id = ${p.customer_id}`],
      [`assure.id=${p.insured_id}`, `insured_id = ${p.insured_id}`],
      [`insured.id=${p.insured_id}`, `insured_id = ${p.insured_id}`],
    ];
    for (const [query, where] of cases) {
      const body = await list(`/cotisations?${query}&itemsPerPage=100`);
      expect(body['hydra:totalItems'], query).toBe(
        await count(`SELECT id FROM (${V_PREMIUMS}) p WHERE ${where}`),
      );
      expect(body['hydra:totalItems'], query).toBeGreaterThan(0);
    }
  });

  it.each([
    ['id', 'desc', 'id DESC'],
    ['numTotalCot', 'desc', 'num_total_cot DESC, id DESC'],
    ['amountPaid', 'asc', 'amount_paid ASC, id ASC'],
    ['status', 'ASC', 'status ASC, id ASC'],
    ['dtFinVal', 'asc', 'dt_fin_val ASC, id ASC'],
    ['dtPaiement', 'desc', 'dt_paiement DESC, id DESC'],
    ['lbContrat', 'asc', 'lb_contrat ASC, id ASC'],
    ['contrat.lbContrat', 'desc', 'lb_contrat DESC, id DESC'],
    ['start', 'asc', 'dt_deb_val ASC, id ASC'],
    // Spec §7: lbProduit, lbContrat, lbType map to contract.*.
    ['contract.lbProduit', 'asc', 'lb_produit ASC, id ASC'],
    ['contract.lbProduit', 'desc', 'lb_produit DESC, id DESC'],
    ['lbProduit', 'asc', 'lb_produit ASC, id ASC'],
    ['contract.lbType', 'desc', 'c_lb_type DESC, id DESC'],
    ['lbType', 'asc', 'c_lb_type ASC, id ASC'],
    ['contract.lbContrat', 'asc', 'lb_contrat ASC, id ASC'],
  ])('order[%s]=%s sorts as SQL does', async (field, direction, orderBy) => {
    const body = await list(`/cotisations?order[${field}]=${direction}&itemsPerPage=30&page=2`);
    expect(ids(body)).toEqual(
      await idsOf(`SELECT id FROM (${V_PREMIUMS}) p ORDER BY ${orderBy} LIMIT 30 OFFSET 30`),
    );
  });
});

describe('premiums of a contract, a customer, an insured', () => {
  it('GET /api/contracts/{id}/cotisations?order[id]=desc plus sort and filters', async () => {
    const contract = await one(`SELECT contract_id AS id FROM (${V_PREMIUMS}) p
      GROUP BY 1 HAVING count(DISTINCT status) > 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const path = `/api/contracts/${contract}/cotisations`;
    const body = await list(`${path}?order[id]=desc&itemsPerPage=100`);
    expect(body['@id']).toBe(path);
    expect(ids(body)).toEqual(
      await idsOf(
        `SELECT id FROM premium WHERE contract_id = ${contract} ORDER BY id DESC LIMIT 100`,
      ),
    );
    expect(body['hydra:totalItems']).toBe(
      await count(`SELECT id FROM premium WHERE contract_id = ${contract}`),
    );
    expect(ids(await list(path))).toEqual(
      await idsOf(`SELECT id FROM premium WHERE contract_id = ${contract}
        ORDER BY dt_deb_val DESC, id DESC LIMIT 10`),
    );
    const paid = await list(`${path}?status=P&dtDebVal[after]=2020-01-01`);
    expect(paid['hydra:totalItems']).toBe(
      await count(`SELECT id FROM premium WHERE contract_id = ${contract} AND status = 'P'
        AND dt_deb_val >= '2020-01-01'`),
    );
    const bad = await get(`${path}?order[id]=sideways`);
    expect(bad.status).toBe(400);
    expect(bad.body['hydra:description']).toContain('order[id]');
  });

  it('GET /api/cotisations_by_customers?contrat.customer={id}', async () => {
    const customer = await one(`SELECT customer_id AS id FROM (${V_PREMIUMS}) p
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const path = `/api/cotisations_by_customers?contrat.customer=${customer}`;
    const body = await list(path);
    // Only the premiums of the customer's contracts the vendeur holds.
    expect(body['hydra:totalItems']).toBe(
      await count(`SELECT id FROM (${V_PREMIUMS}) p WHERE customer_id = ${customer}`),
    );
    expect(ids(body)).toEqual(
      await idsOf(`SELECT id FROM (${V_PREMIUMS}) p WHERE customer_id = ${customer}
        ORDER BY dt_deb_val DESC, id DESC LIMIT 10`),
    );
    for (const query of ['', '?contrat.customer=', '?contrat.customer=abc']) {
      const { status, body: problem } = await get(`/api/cotisations_by_customers${query}`, 'ageo');
      expect(status, query).toBe(400);
      expect(problem['hydra:description']).toContain('contrat.customer');
    }
  });

  it('GET /api/insureds/{id}/cotisations', async () => {
    const insured = await one(`SELECT insured_id AS id FROM (${V_PREMIUMS}) p
      WHERE insured_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const body = await list(`/api/insureds/${insured}/cotisations?itemsPerPage=100`);
    expect(ids(body)).toEqual(
      await idsOf(`SELECT id FROM (${V_PREMIUMS}) p WHERE insured_id = ${insured}
        ORDER BY dt_deb_val DESC, id DESC LIMIT 100`),
    );
    for (const m of body['hydra:member']) expect(m.insured.id).toBe(insured);
  });

  it.each(['vendeur', 'manager'] as const)(
    'answers 404 to %s for a parent unknown or outside its scope',
    async (user) => {
      const contracts = CONTRACTS[user];
      const contract = await one(`SELECT contract_id AS id FROM premium
        WHERE contract_id NOT IN (${contracts}) ORDER BY 1 LIMIT 1`);
      const customer = await one(`SELECT id FROM customer WHERE id NOT IN
        (SELECT customer_id FROM contract WHERE id IN (${contracts})) ORDER BY id LIMIT 1`);
      const insured = await one(`SELECT id FROM insured WHERE id NOT IN
        (SELECT insured_id FROM subscription WHERE contract_id IN (${contracts})) ORDER BY id LIMIT 1`);
      const premium = await one(`SELECT id FROM premium WHERE contract_id NOT IN (${contracts})
        ORDER BY id LIMIT 1`);
      for (const path of [
        `/api/contracts/${contract}/cotisations`,
        `/api/cotisations_by_customers?contrat.customer=${customer}`,
        `/api/insureds/${insured}/cotisations`,
        `/api/cotisations/${premium}`,
        `/cotisations/${premium}`,
        '/api/contracts/99999999/cotisations',
        '/api/contracts/abc/cotisations',
        '/api/cotisations_by_customers?contrat.customer=99999999',
        '/api/insureds/99999999/cotisations',
        '/api/cotisations/99999999',
      ]) {
        await expect404(path, user);
      }
      // The lists never show them either: filtering on them gives nothing.
      for (const query of [`contrat.id=${contract}`, `contrat.customer=${customer}`]) {
        expect((await list(`/cotisations?${query}`, user))['hydra:totalItems'], query).toBe(0);
      }
      // And ageo reaches them all: the 404s above are the scope's.
      expect((await get(`/api/contracts/${contract}/cotisations`, 'ageo')).status).toBe(200);
      expect((await get(`/api/cotisations/${premium}`, 'ageo')).status).toBe(200);
    },
  );
});

describe('GET /api/cotisations/{id}', () => {
  it('answers the premium with its context, the same on /cotisations/{id}', async () => {
    const id = await one(`SELECT id FROM (${V_PREMIUMS}) p ORDER BY id LIMIT 1`);
    const { status, body } = await get(`/api/cotisations/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Premium',
      '@id': `/api/cotisations/${id}`,
      '@type': 'Premium',
      id,
    });
    expect((await get(`/cotisations/${id}`)).body).toEqual(body);
  });
});

describe('deep pages and malformed parameters', () => {
  it('pages past the counted rows by the keyset cursor of hydra:next', async () => {
    // Page 1001 is the last numbered page (offset 10,000); its next link carries a cursor.
    const numbered = await list('/cotisations?page=1001', 'ageo');
    expect(numbered.totalItemsIsLowerBound).toBe(true);
    const next = numbered['hydra:view']['hydra:next'] as string;
    expect(next).toMatch(/after=/);
    const beyond = await list(next, 'ageo');
    const expected = await idsOf(
      'SELECT id FROM premium ORDER BY dt_deb_val DESC, id DESC LIMIT 20 OFFSET 10000',
    );
    expect([...ids(numbered), ...ids(beyond)]).toEqual(expected);
    const further = await list(beyond['hydra:view']['hydra:next'], 'ageo');
    expect(ids(further)).toEqual(
      await idsOf('SELECT id FROM premium ORDER BY dt_deb_val DESC, id DESC LIMIT 10 OFFSET 10020'),
    );
    const tooDeep = await get('/cotisations?page=1002', 'ageo');
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body['hydra:description']).toBe(
      `Le paramètre « page » dépasse les ${(10_000).toLocaleString('fr-FR')} premiers résultats : affinez les filtres, ou suivez le lien hydra:next (curseur « after »).`,
    );
    const forged = await get('/cotisations?after=abc&page=1002', 'ageo');
    expect(forged.status).toBe(400);
    expect(forged.body['hydra:description']).toContain('after');
  });

  it.each([
    ['status=X', 'status'],
    ['status[]=I&status[]=Z', 'status'],
    ['paidByClient=peut-être', 'paidByClient'],
    ['typeCotisation=Autre', 'typeCotisation'],
    ['order[dtDebVal]=sideways', 'order[dtDebVal]'],
    ['order[lbModePaie]=asc', 'order[lbModePaie]'],
    ['order[lbSouscrip]=asc', 'order[lbSouscrip]'],
    ['dtDebVal[after]=2024-02-30', 'dtDebVal[after]'],
    ['datePayment[before]=31/12/2024', 'datePayment[before]'],
    ['contrat.id=douze', 'contrat.id'],
    ['contrat.customer=-1', 'contrat.customer'],
    ['page=0', 'page'],
    ['itemsPerPage=500', 'itemsPerPage'],
  ])('%s is a 400 naming %s', async (query, name) => {
    const { status, type, body } = await get(`/cotisations?${query}`);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body['hydra:description']).toContain(name);
  });

  it('never answers 500 to odd queries', async () => {
    const contract = await one(`SELECT contract_id AS id FROM (${V_PREMIUMS}) p LIMIT 1`);
    for (const path of [
      '/cotisations?order[dtDebVal][]=asc',
      '/cotisations?status[a]=I',
      '/cotisations?dtDebVal=2024-01-01',
      '/cotisations?assure.lastname=%25%25',
      `/api/contracts/${contract}/cotisations?after=W10`,
      '/api/cotisations_by_customers?contrat.customer[]=1',
      '/api/insureds/1e3/cotisations',
      '/api/contracts/99999999999999999999/cotisations',
    ]) {
      const { status } = await get(path);
      expect([200, 400, 404], path).toContain(status);
    }
  });
});
