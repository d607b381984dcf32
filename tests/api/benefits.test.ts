// Benefits (prestations) over real HTTP (spec partner-extranet §3, §7 "Insured and benefits",
// §9): /prestations and /api/prestations with the insured as filter, the per-insured
// /api/prestations_ifc_sas, the item; fields, default sort by datePayment descending, date
// bounds and sorts against SQL on the seeded rows in the vendeur's scope; 400 and 404.
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

const V_BENEFITS = `SELECT b.*, c.lb_contrat FROM benefit b JOIN contract c ON c.id = b.contract_id
  WHERE b.contract_id IN (${CONTRACTS.vendeur})`;
// Not yet paid (no date) last: the declaration's emptyLast.
const DEFAULT_ORDER = 'date_payment DESC NULLS LAST, id DESC';

async function expect404(path: string, user: Account) {
  const { status, type } = await get(path, user);
  expect(status, `${user} ${path}`).toBe(404);
  expect(type).toMatch(/^application\/problem\+json/);
}

/** The vendeur's insured with the most benefits. */
const busiestInsured = () =>
  one(
    `SELECT insured_id AS id FROM (${V_BENEFITS}) b GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );

describe('GET /prestations and /api/prestations', () => {
  it('answers a Hydra collection of the vendeur’s benefits, by datePayment descending', async () => {
    const { status, type, body } = await get('/prestations');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/ld\+json/);
    expect(body['@context']).toBe('/api/contexts/Benefit');
    expect(body['@id']).toBe('/prestations');
    expect(body['hydra:totalItems']).toBe(await count(V_BENEFITS));
    expect(ids(body)).toEqual(
      await idsOf(`SELECT id FROM (${V_BENEFITS}) b ORDER BY ${DEFAULT_ORDER} LIMIT 10`),
    );
    expect(ids(await list('/api/prestations'))).toEqual(ids(body));
  });

  it('gives each benefit the fields of §3, the person cared for and the contract', async () => {
    const insured = await busiestInsured();
    const body = await list(`/prestations?insured=${insured}&itemsPerPage=100`);
    const stored =
      await rows(`SELECT b.*, c.lb_contrat, i.firstname AS i_first, i.lastname AS i_last,
        i.dt_birthday, i.sex AS i_sex, be.firstname AS b_first, be.lastname AS b_last,
        be.date_of_birth, be.sex AS b_sex, be.start_at AS b_start, be.end_at AS b_end,
        s.start_at AS s_start, s.end_at AS s_end
      FROM benefit b JOIN contract c ON c.id = b.contract_id JOIN insured i ON i.id = b.insured_id
      LEFT JOIN beneficiary be ON be.id = b.beneficiary_id
      LEFT JOIN subscription s ON s.insured_id = b.insured_id AND s.contract_id = b.contract_id
      WHERE b.insured_id = ${insured}`);
    expect(body['hydra:totalItems']).toBe(stored.length);
    for (const m of body['hydra:member'] as Json[]) {
      const r = stored.find((s) => s.id === m.id) as Json;
      expect(m).toMatchObject({
        '@id': `/api/prestations/${r.id}`,
        '@type': 'Benefit',
        dateTreatment: r.date_treatment,
        datePayment: r.date_payment,
        dateVir: r.date_vir,
        idFamAct: r.id_fam_act,
        lbFamAct: r.lb_fam_act,
        invoice: { lbFacture: r.lb_facture },
        secuSocialRefund: Number(r.secu_social_refund),
        realPrice: Number(r.real_price),
        mutualRefund: Number(r.mutual_refund),
        lbModPay: r.lb_mod_pay,
        lbOption: r.lb_option,
        basketType: r.basket_type,
        contract: { id: r.contract_id, lbContrat: r.lb_contrat },
        insured: { id: insured, firstname: r.i_first, lastname: r.i_last },
        beneficiary: r.beneficiary_id
          ? {
              id: r.beneficiary_id,
              firstname: r.b_first,
              lastname: r.b_last,
              dateOfBirth: r.date_of_birth,
              sex: r.b_sex,
              startAt: r.b_start,
              endAt: r.b_end,
            }
          : {
              id: insured,
              firstname: r.i_first,
              lastname: r.i_last,
              dateOfBirth: r.dt_birthday,
              sex: r.i_sex,
              startAt: r.s_start,
              endAt: r.s_end,
            },
      });
    }
  });

  it('names the insured as insured, assure.id, insured.id or an IRI, on both paths', async () => {
    const insured = await busiestInsured();
    const expected = await idsOf(`SELECT id FROM benefit WHERE insured_id = ${insured}
      ORDER BY ${DEFAULT_ORDER}`);
    for (const path of [
      `/prestations?insured=${insured}`,
      `/prestations?assure.id=${insured}`,
      `/api/prestations?insured=${insured}`,
      `/api/prestations?insured.id=/api/assures/${insured}`,
    ]) {
      expect(ids(await list(`${path}&itemsPerPage=100`)), path).toEqual(expected);
    }
  });

  it('narrows to the person cared for by the IRI the list shows: a beneficiary, or the insured', async () => {
    const insured = await busiestInsured();
    const of = (where: string) =>
      idsOf(`SELECT id FROM benefit WHERE insured_id = ${insured} AND ${where}
        ORDER BY ${DEFAULT_ORDER}`);
    const own = await of('beneficiary_id IS NULL');
    const beneficiary = await one(`SELECT beneficiary_id AS id FROM benefit
      WHERE insured_id = ${insured} AND beneficiary_id IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const theirs = await of(`beneficiary_id = ${beneficiary}`);
    expect(own.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    const listed = async (query: string) =>
      ids(await list(`/api/prestations?insured=${insured}&${query}&itemsPerPage=100`));

    // The insured's own care: what the list shows as the insured's IRI in `beneficiary`.
    const ownBody = await list(
      `/api/prestations?insured=${insured}&beneficiary=/api/assures/${insured}&itemsPerPage=100`,
    );
    expect(ids(ownBody)).toEqual(own);
    for (const m of ownBody['hydra:member'] as Json[]) {
      expect((m.beneficiary as Json)['@id']).toBe(`/api/assures/${insured}`);
    }
    // A beneficiary's care, by IRI, by id, or by the older beneficiary.id.
    for (const query of [
      `beneficiary=/api/beneficiaires/${beneficiary}`,
      `beneficiary=${beneficiary}`,
      `beneficiary.id=${beneficiary}`,
    ]) {
      expect(await listed(query), query).toEqual(theirs);
    }
    // Another insured's IRI: their own care, none of this insured's.
    expect(await listed(`beneficiary=/api/assures/${insured + 1}`)).toEqual([]);
  });

  it.each(['/api/contracts/3', 'abc', '/api/assures/x'])(
    'refuses beneficiary=%s with a 400 naming the IRIs it takes',
    async (value) => {
      const { status, body } = await get(`/api/prestations?beneficiary=${value}`);
      expect(status).toBe(400);
      expect(body.detail).toBe(
        "Le paramètre « beneficiary » doit être l'IRI d'un ayant droit (/api/beneficiaires/{id}) ou d'un assuré (/api/assures/{id}).",
      );
    },
  );

  it('takes date bounds on datePayment, dateTreatment and dateVir', async () => {
    const [q] = await rows(`SELECT
        percentile_disc(0.5) WITHIN GROUP (ORDER BY date_payment) AS pay,
        percentile_disc(0.3) WITHIN GROUP (ORDER BY date_treatment) AS t30,
        percentile_disc(0.6) WITHIN GROUP (ORDER BY date_treatment) AS t60,
        percentile_disc(0.5) WITHIN GROUP (ORDER BY date_vir) AS vir
      FROM (${V_BENEFITS}) b`);
    const all = await count(V_BENEFITS);
    const cases: Array<[string, string]> = [
      [`datePayment[after]=${q.pay}`, `date_payment >= '${q.pay}'`],
      [`datePayment[before]=${q.pay}`, `date_payment <= '${q.pay}'`],
      [`dateTreatment[after]=${q.t30}`, `date_treatment >= '${q.t30}'`],
      [`dateTreatment[before]=${q.t60}`, `date_treatment <= '${q.t60}'`],
      [
        `dateTreatment[after]=${q.t30}&dateTreatment[before]=${q.t60}&datePayment[after]=${q.pay}`,
        `date_treatment BETWEEN '${q.t30}' AND '${q.t60}' AND date_payment >= '${q.pay}'`,
      ],
      [`dateVir[strictly_before]=${q.vir}`, `date_vir < '${q.vir}'`],
    ];
    for (const [query, where] of cases) {
      const expected = await count(`SELECT id FROM (${V_BENEFITS}) b WHERE ${where}`);
      expect(expected, where).toBeGreaterThan(0);
      expect(expected, where).toBeLessThan(all);
      const body = await list(`/prestations?${query}&itemsPerPage=20`);
      expect(body['hydra:totalItems'], query).toBe(expected);
      expect(ids(body), query).toEqual(
        await idsOf(`SELECT id FROM (${V_BENEFITS}) b WHERE ${where}
          ORDER BY ${DEFAULT_ORDER} LIMIT 20`),
      );
    }
  });

  it('filters by contract, act family and payment mode', async () => {
    const [b] = await rows(`SELECT * FROM (${V_BENEFITS}) b ORDER BY id LIMIT 1`);
    const cases: Array<[string, string]> = [
      [`contract.id=${b.contract_id}`, `contract_id = ${b.contract_id}`],
      [`contrat.id=${b.contract_id}`, `contract_id = ${b.contract_id}`],
      [`idFamAct=${b.id_fam_act}`, `id_fam_act = '${b.id_fam_act}'`],
      ['lbModPay=PRELEVEMENT', `lb_mod_pay = 'PRELEVEMENT'`],
      ['lbModPay[]=CHEQUE&lbModPay[]=VIREMENT', `lb_mod_pay IN ('CHEQUE', 'VIREMENT')`],
    ];
    for (const [query, where] of cases) {
      const expected = await count(`SELECT id FROM (${V_BENEFITS}) b WHERE ${where}`);
      expect(expected, where).toBeGreaterThan(0);
      expect((await list(`/prestations?${query}`))['hydra:totalItems'], query).toBe(expected);
    }
  });

  it.each([
    ['dateTreatment', 'desc', 'date_treatment DESC, id DESC'],
    ['datePayment', 'asc', 'date_payment ASC, id ASC'],
    ['realPrice', 'DESC', 'real_price DESC, id DESC'],
    ['mutualRefund', 'asc', 'mutual_refund ASC, id ASC'],
    ['lbFamAct', 'asc', 'lb_fam_act ASC, id ASC'],
    ['contract.lbContrat', 'desc', 'lb_contrat DESC, id DESC'],
  ])('order[%s]=%s sorts as SQL does', async (field, direction, orderBy) => {
    const body = await list(`/prestations?order[${field}]=${direction}&itemsPerPage=25&page=3`);
    expect(ids(body)).toEqual(
      await idsOf(`SELECT id FROM (${V_BENEFITS}) b ORDER BY ${orderBy} LIMIT 25 OFFSET 50`),
    );
  });
});

describe('GET /api/prestations_ifc_sas?idInsured={id}', () => {
  it('lists the insured’s benefits', async () => {
    const insured = await busiestInsured();
    const body = await list(`/api/prestations_ifc_sas?idInsured=${insured}&itemsPerPage=100`);
    expect(body['@id']).toBe('/api/prestations_ifc_sas');
    expect(ids(body)).toEqual(
      await idsOf(`SELECT id FROM benefit WHERE insured_id = ${insured} ORDER BY ${DEFAULT_ORDER}`),
    );
    const bounded = await list(
      `/api/prestations_ifc_sas?idInsured=${insured}&dateTreatment[after]=2024-01-01`,
    );
    expect(bounded['hydra:totalItems']).toBe(
      await count(`SELECT id FROM benefit WHERE insured_id = ${insured}
        AND date_treatment >= '2024-01-01'`),
    );
  });

  it('needs idInsured: missing or malformed is a 400', async () => {
    for (const query of ['', '?idInsured=', '?idInsured=x1', '?idInsured[]=1']) {
      const { status, body } = await get(`/api/prestations_ifc_sas${query}`, 'ageo');
      expect(status, query).toBe(400);
      expect(body['hydra:description']).toContain('idInsured');
    }
  });
});

describe('scope, items and malformed parameters', () => {
  it('answers the item on both paths', async () => {
    const id = await one(`SELECT id FROM (${V_BENEFITS}) b ORDER BY id LIMIT 1`);
    const { status, body } = await get(`/api/prestations/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      '@context': '/api/contexts/Benefit',
      '@id': `/api/prestations/${id}`,
      '@type': 'Benefit',
      id,
    });
    expect((await get(`/prestations/${id}`)).body).toEqual(body);
  });

  it.each(['vendeur', 'manager'] as const)(
    'answers 404 to %s outside its scope, and its lists never show those rows',
    async (user) => {
      const contracts = CONTRACTS[user];
      const benefit = await one(`SELECT id FROM benefit WHERE contract_id NOT IN (${contracts})
        ORDER BY id LIMIT 1`);
      const insured = await one(`SELECT insured_id AS id FROM benefit WHERE insured_id NOT IN
        (SELECT insured_id FROM subscription WHERE contract_id IN (${contracts}))
        ORDER BY 1 LIMIT 1`);
      for (const path of [
        `/api/prestations/${benefit}`,
        `/prestations/${benefit}`,
        `/api/prestations_ifc_sas?idInsured=${insured}`,
        '/api/prestations/99999999',
        '/api/prestations_ifc_sas?idInsured=99999999',
      ]) {
        await expect404(path, user);
      }
      for (const query of [`insured=${insured}`, `assure.id=${insured}`]) {
        expect((await list(`/prestations?${query}`, user))['hydra:totalItems'], query).toBe(0);
      }
      expect((await list('/prestations', user))['hydra:totalItems']).toBe(
        await count(`SELECT id FROM benefit WHERE contract_id IN (${contracts})`),
      );
      expect((await get(`/api/prestations/${benefit}`, 'ageo')).status).toBe(200);
      expect((await get(`/api/prestations_ifc_sas?idInsured=${insured}`, 'ageo')).status).toBe(200);
    },
  );

  it.each([
    ['datePayment[after]=2024-13-01', 'datePayment[after]'],
    ['dateTreatment[before]=demain', 'dateTreatment[before]'],
    ['dateTreatment[since]=2024-01-01', 'dateTreatment[since]'],
    ['order[datePayment]=newest', 'order[datePayment]'],
    ['order[beneficiary]=asc', 'order[beneficiary]'],
    ['insured=abc', 'insured'],
    ['assure.id=0', 'assure.id'],
    ['page=-1', 'page'],
    ['itemsPerPage=abc', 'itemsPerPage'],
  ])('%s is a 400 naming %s', async (query, name) => {
    for (const path of ['/prestations', '/api/prestations']) {
      const { status, type, body } = await get(`${path}?${query}`);
      expect(status, path).toBe(400);
      expect(type).toMatch(/^application\/problem\+json/);
      expect(body['hydra:description']).toContain(name);
    }
  });

  it('never answers 500 to odd queries', async () => {
    for (const path of [
      '/prestations?datePayment=2024-01-01',
      '/prestations?order[datePayment][x]=asc',
      '/prestations?insured[a]=1',
      '/prestations?after=Zm9v&order[dateTreatment]=asc',
      '/prestations?lbFamAct=%5C',
      '/api/prestations_ifc_sas?idInsured=99999999999999999999',
    ]) {
      const { status } = await get(path);
      expect([200, 400, 404], path).toContain(status);
    }
  });
});
