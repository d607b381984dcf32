// Organisations, business providers (type 3), insurance companies (type 5) and poles over real
// HTTP (spec §3, §7, §9): reference data every signed-in user reads, sorted by legalname (poles
// by label), the autocomplete ignoring case and accents, the older /apporteurs shape, and the
// *_with_contract option lists, which name only organisations of contracts in the caller's
// scope (recomputed here from customer_portfolio and the customer's partner).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
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

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Organisations of a type linked to a contract in the account's scope. */
const withContract = (user: Account, type: number) =>
  `SELECT DISTINCT o.id FROM organization o
   JOIN contract_organization co ON co.organization_id = o.id
   WHERE o.type_id = ${type} AND co.contract_id IN (${CONTRACTS[user]})`;

describe('GET /organizations and /api/organizations', () => {
  it('narrows to what the caller may attach a user to with attachable=true', async () => {
    const partner = (
      await rows<{ id: number }>(
        "SELECT partner_id AS id FROM app_user WHERE username = 'partenaire'",
      )
    )[0].id;
    const own = await ids(
      `SELECT id FROM organization WHERE (id = ${partner} AND type_id = 2) OR parent_id = ${partner}
       ORDER BY legalname, id`,
    );
    expect(own.length).toBeGreaterThan(1);
    const mine = await all('partenaire', '/api/organizations?attachable=true');
    expect(mine.map((m) => m.id)).toEqual(own);
    // The operator attaches to any; a seller, who has no partner to manage, to none.
    const everything = await ids('SELECT id FROM organization ORDER BY legalname, id');
    expect((await all('ageo', '/api/organizations?attachable=true')).map((m) => m.id)).toEqual(
      everything,
    );
    expect(await all('vendeur', '/api/organizations?attachable=true')).toEqual([]);
    // With the autocomplete's text: both filters hold, an agency is no match for any text.
    expect(await all('partenaire', '/api/organizations?attachable=true&legalname=zzz')).toEqual([]);
    expect((await all('partenaire', '/api/organizations?attachable=false')).length).toBe(
      everything.length,
    );
    // Each names the partner a user attached to it belongs to (the user form's groups follow
    // it): the partner itself, its agencies, none for the others.
    const partnerOf = new Map(
      (
        await rows<{ id: number; partner: number | null }>(
          `SELECT o.id, CASE WHEN o.type_id = 2 THEN o.id WHEN p.type_id = 2 THEN p.id END AS partner
           FROM organization o LEFT JOIN organization p ON p.id = o.parent_id`,
        )
      ).map((r) => [r.id, r.partner]),
    );
    const listed = await all('ageo', '/api/organizations');
    expect(listed.map((m) => [m.id, m.partnerId])).toEqual(
      listed.map((m) => [m.id, partnerOf.get(m.id as number)]),
    );
    expect(mine.every((m) => m.partnerId === partner)).toBe(true);
    expect(listed.some((m) => m.partnerId === null)).toBe(true);
  });

  it('lists every organisation, sorted by legalname, for any signed-in user', async () => {
    const expected = await ids('SELECT id FROM organization ORDER BY legalname, id');
    for (const path of ['/organizations', '/api/organizations']) {
      const members = await all('vendeur', path);
      expect(members.map((m) => m.id)).toEqual(expected);
    }
    const { body } = await get('vendeur', '/organizations?page=2&itemsPerPage=5');
    expect(body).toMatchObject({
      '@context': '/api/contexts/Organization',
      '@id': '/organizations',
      '@type': 'hydra:Collection',
      'hydra:totalItems': expected.length,
    });
    expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(expected.slice(5, 10));
    expect(body['hydra:view']).toMatchObject({
      '@id': '/organizations?itemsPerPage=5&page=2',
      'hydra:previous': '/organizations?itemsPerPage=5&page=1',
      'hydra:next': '/organizations?itemsPerPage=5&page=3',
      'hydra:last': `/organizations?itemsPerPage=5&page=${Math.ceil(expected.length / 5)}`,
    });
    expect(body['hydra:member'][0]).toMatchObject({
      '@id': `/api/organizations/${expected[5]}`,
      '@type': 'Organization',
      legalname: expect.any(String),
      type: { id: expect.any(Number), label: expect.any(String) },
      address: expect.objectContaining({ addressCountry: 'FRANCE' }),
    });
  });

  it('filters by type (the business provider selector: type.id=3&itemsPerPage=100)', async () => {
    const { status, body } = await get('vendeur', '/organizations?type.id=3&itemsPerPage=100');
    expect(status).toBe(200);
    const expected = await ids(
      'SELECT id FROM organization WHERE type_id = 3 ORDER BY legalname, id',
    );
    expect(body['hydra:totalItems']).toBe(expected.length);
    expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(expected);
    expect(body['hydra:member'].every((m: Json) => m.type.id === 3)).toBe(true);
    const several = await all('vendeur', '/api/organizations?type.id[]=3&type.id[]=5');
    expect(several.length).toBe(
      (await ids('SELECT id FROM organization WHERE type_id IN (3, 5)')).length,
    );
  });

  it('completes a legalname ignoring case and accents', async () => {
    const everything = await rows<{ id: number; legalname: string }>(
      'SELECT id, legalname FROM organization',
    );
    for (const text of ['sante', 'SANTÉ', 'prévoyance', 'courtage']) {
      const members = await all(
        'vendeur',
        `/api/organizations?legalname=${encodeURIComponent(text)}`,
      );
      const expected = everything.filter((o) => fold(o.legalname).includes(fold(text)));
      expect(expected.length, text).toBeGreaterThan(0);
      expect(sorted(members.map((m) => m.id)), text).toEqual(sorted(expected.map((o) => o.id)));
    }
    const none = await get('vendeur', '/api/organizations?legalname=%25');
    expect(none.body['hydra:totalItems']).toBe(0);
  });

  it('answers an organisation by id, and 404 for an unknown one', async () => {
    const [operator] = await rows<{ id: number; legalname: string }>(
      'SELECT id, legalname FROM organization WHERE type_id = 1',
    );
    const { status, body } = await get('vendeur', `/api/organizations/${operator.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: operator.id, legalname: operator.legalname });
    const [partner] = await rows<{ id: number }>(
      'SELECT id FROM organization WHERE parent_id IS NOT NULL LIMIT 1',
    );
    const child = await get('vendeur', `/organizations/${partner.id}`);
    expect(child.body.parentOrganization).toMatchObject({
      '@id': `/api/organizations/${operator.id}`,
      legalname: operator.legalname,
    });
    expect((await get('vendeur', '/api/organizations/999999')).status).toBe(404);
  });

  it.each([
    ['type.id=abc', 'type.id'],
    ['type.id=99999999999', 'type.id'],
    ['order[legalname]=up', 'order[legalname]'],
    ['order[email]=asc', 'order[email]'],
    ['itemsPerPage=0', 'itemsPerPage'],
  ])('answers 400 for %s', async (query, name) => {
    const { status, body } = await get('vendeur', `/organizations?${query}`);
    expect(status).toBe(400);
    expect(body.detail).toContain(`« ${name} »`);
  });
});

describe('business providers', () => {
  it('lists the providers sorted by legalname with their list fields (spec §3, §9)', async () => {
    const expected = await ids(
      'SELECT id FROM organization WHERE type_id = 3 ORDER BY legalname, id',
    );
    const members = await all('vendeur', '/api/businessProviders');
    expect(members.map((m) => m.id)).toEqual(expected);
    for (const m of members) {
      expect(m).toMatchObject({
        '@id': `/api/businessProviders/${m.id}`,
        '@type': 'BusinessProvider',
        legalname: expect.any(String),
        addressLocality: expect.any(String),
        postalCode: expect.stringMatching(/^\d{5}$/),
        siret: expect.stringMatching(/^\d{14}$/),
        orias: expect.stringMatching(/^\d{8}$/),
      });
    }
    const desc = await get('vendeur', '/api/businessProviders?order[orias]=desc&itemsPerPage=5');
    expect(desc.body['hydra:member'].map((m: Json) => m.id)).toEqual(
      await ids(
        'SELECT id FROM organization WHERE type_id = 3 ORDER BY orias DESC, id DESC LIMIT 5',
      ),
    );
    const [sample] = await rows<{ siret: string; address_locality: string }>(
      'SELECT siret, address_locality FROM organization WHERE type_id = 3 ORDER BY id LIMIT 1',
    );
    const bySiret = await get('vendeur', `/api/businessProviders?siret=${sample.siret}`);
    expect(bySiret.body['hydra:totalItems']).toBe(1);
  });

  it('answers the detail and the older /apporteurs shape; 404 for another type', async () => {
    const [p] = await rows<Json>(
      'SELECT * FROM organization WHERE type_id = 3 ORDER BY id LIMIT 1',
    );
    const detail = await get('vendeur', `/api/businessProviders/${p.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      '@context': '/api/contexts/BusinessProvider',
      '@id': `/api/businessProviders/${p.id}`,
      legalname: p.legalname,
      streetAddress: p.street_address,
      streetAddress2: p.street_address2,
      postalCode: p.postal_code,
      addressLocality: p.address_locality,
      addressCountry: p.address_country,
      legalForm: p.legal_form,
      siret: p.siret,
      ape: p.ape,
      orias: p.orias,
    });
    const older = await get('vendeur', `/apporteurs/${p.id}`);
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({
      lbApporteur: p.legalname,
      lbVille: p.address_locality,
      lbCodPos: p.postal_code,
      lbSiret: p.siret,
      lbOrias: p.orias,
    });
    const [company] = await ids('SELECT id FROM organization WHERE type_id = 5 LIMIT 1');
    expect((await get('vendeur', `/api/businessProviders/${company}`)).status).toBe(404);
    expect((await get('vendeur', `/apporteurs/${company}`)).status).toBe(404);
    expect((await get('vendeur', '/apporteurs/abc')).status).toBe(404);
  });

  it.each(ACCOUNTS)('offers %s only the providers of contracts in its scope', async (user) => {
    const expected = await ids(`${withContract(user, 3)}`);
    for (const path of [
      '/api/business_providers_with_contract?order[legalname]=asc',
      '/business_providers_with_contract',
    ]) {
      const { status, body } = await get(user, path);
      expect(status).toBe(200);
      // One page holds the whole option list.
      expect(body['hydra:view']['hydra:next']).toBeUndefined();
      expect(sorted(body['hydra:member'].map((m: Json) => m.id))).toEqual(sorted(expected));
      expect(body['hydra:totalItems']).toBe(expected.length);
    }
  });

  it('hides an organisation whose only contracts are outside the scope', async () => {
    // Every seeded provider and company has some contract in each demo scope: add one whose
    // single contract is outside the seller's and the manager's scopes.
    const [outside] = await ids(
      `SELECT id FROM contract WHERE id NOT IN (${CONTRACTS.manager}) ORDER BY id LIMIT 1`,
    );
    const added: number[] = [];
    for (const type of [3, 5]) {
      const [row] = await rows<{ id: number }>(
        `INSERT INTO organization (type_id, legalname, address_country)
         VALUES (${type}, 'Organisation hors périmètre ${type}', 'FRANCE') RETURNING id`,
      );
      await rows(
        `INSERT INTO contract_organization (contract_id, organization_id)
         VALUES (${outside}, ${row.id}) RETURNING contract_id`,
      );
      added.push(row.id);
    }
    const [provider, company] = added;
    const offered = async (user: Account, path: string) =>
      new Set((await all(user, path)).map((m) => m.id));
    for (const user of ['manager', 'vendeur'] as const) {
      expect((await offered(user, '/api/business_providers_with_contract')).has(provider)).toBe(
        false,
      );
      expect((await offered(user, '/api/insuranceOfCompanies_with_contract')).has(company)).toBe(
        false,
      );
    }
    expect((await offered('ageo', '/api/business_providers_with_contract')).has(provider)).toBe(
      true,
    );
    expect((await offered('ageo', '/api/insuranceOfCompanies_with_contract')).has(company)).toBe(
      true,
    );
    // Reference data all the same: the detail answers everyone.
    expect((await get('vendeur', `/api/businessProviders/${provider}`)).status).toBe(200);
    await rows(`DELETE FROM contract_organization WHERE organization_id IN (${added}) RETURNING 1`);
    await rows(`DELETE FROM organization WHERE id IN (${added}) RETURNING id`);
  });
});

describe('insurance companies', () => {
  it('lists the companies sorted by legalname, without orias, missing values empty', async () => {
    const expected = await ids(
      'SELECT id FROM organization WHERE type_id = 5 ORDER BY legalname, id',
    );
    const { status, body } = await get('vendeur', '/api/insuranceOfCompanies?page=1');
    expect(status).toBe(200);
    expect(body['@context']).toBe('/api/contexts/InsuranceCompany');
    expect(body['hydra:totalItems']).toBe(expected.length);
    expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(expected.slice(0, 10));
    const [first] = body['hydra:member'];
    expect(first).not.toHaveProperty('orias');
    const detail = await get('vendeur', `/api/insuranceOfCompanies/${first.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).not.toHaveProperty('orias');
    expect(detail.body.streetAddress2).toBe('');
    expect(detail.body.legalname).toBe(first.legalname);
    const [provider] = await ids('SELECT id FROM organization WHERE type_id = 3 LIMIT 1');
    expect((await get('vendeur', `/api/insuranceOfCompanies/${provider}`)).status).toBe(404);
  });

  it.each(ACCOUNTS)('offers %s only the companies of contracts in its scope', async (user) => {
    const { status, body } = await get(
      user,
      '/api/insuranceOfCompanies_with_contract?order[legalname]=asc',
    );
    expect(status).toBe(200);
    const expected = await ids(
      `SELECT id FROM organization WHERE id IN (${withContract(user, 5)}) ORDER BY legalname, id`,
    );
    expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(expected);
  });
});

describe('GET /api/poles', () => {
  it('lists the poles sorted by label, and the other way round on demand', async () => {
    const expected = await ids('SELECT id FROM pole ORDER BY label, id');
    const { status, body } = await get('vendeur', '/api/poles?order');
    expect(status).toBe(200);
    expect(body['@context']).toBe('/api/contexts/Pole');
    expect(body['hydra:member'].map((m: Json) => m.id)).toEqual(expected);
    expect(body['hydra:member'][0]).toMatchObject({ '@type': 'Pole', label: expect.any(String) });
    const desc = await get('vendeur', '/api/poles?order[label]=desc');
    expect(desc.body['hydra:member'].map((m: Json) => m.id)).toEqual(
      await ids('SELECT id FROM pole ORDER BY label DESC, id DESC'),
    );
    expect((await get('vendeur', '/api/poles?order[name]=asc')).status).toBe(400);
    expect((await get('vendeur', `/api/poles/${expected[0]}`)).status).toBe(200);
    expect((await get('vendeur', '/api/poles/999')).status).toBe(404);
  });
});
