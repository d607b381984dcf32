// The full-text search (issue 16; spec administration §3 "Search result", §7 POST /search;
// docs/api.md "Search") over real HTTP on the seeded database, PGlite or PostgreSQL alike: the
// raw entries, French relevance (accents folded, prefixes as one types, stemming, ranking), the
// category filter, the data scope of each account (a seller never finds another seller's
// contract, a partner administrator never another partner's), and refused bodies.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMITS } from '../../server/src/resources/search/index.ts';
import {
  type Account,
  CONTRACTS,
  CUSTOMERS,
  type Json,
  ScopedApi,
  violationsOf,
} from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;

interface Entry {
  CONTENT: string;
  ID_SOURCE: number;
  ID_CATEGORY: number;
}

const CATEGORY = {
  all: 0,
  contracts: 1,
  insureds: 2,
  customers: 3,
  businessProviders: 4,
  insuranceCompanies: 5,
  products: 6,
} as const;

/** Two insured persons of one customer, names no seed gives: the ranking and prefix cases. */
let quenouille: number;
let quenouillette: number;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  const [customer] = await api.rows<{ id: number; partner_id: number }>(
    'SELECT id, partner_id FROM customer ORDER BY id LIMIT 1',
  );
  const insert = async (lastname: string, firstname: string) => {
    const [row] = await api.rows<{ id: number }>(`INSERT INTO insured (firstname, lastname,
      id_gender, sex, dt_birthday, noss, noss_key, postal_code, address_locality, customer_id,
      partner_id) VALUES ('${firstname}', '${lastname}', 1, 'F', '1980-04-02', '2800475123456',
      '12', '75011', 'Paris', ${customer.id}, ${customer.partner_id}) RETURNING id`);
    return Number(row.id);
  };
  // The longer name first: an id order would put it first, the rank must not.
  quenouillette = await insert('Quenouillette', 'Éloïse');
  quenouille = await insert('Quenouille', 'Hélène');
});
afterAll(() => server?.close());

async function search(user: Account, body: unknown, path = '/api/search') {
  const answer = await api.send(user, 'POST', path, body, {
    'content-type': 'application/json',
    accept: 'application/json',
  });
  return answer;
}

/** The entries of a search that must answer 200. */
async function found(user: Account, query: string, category = 0, limit = 50): Promise<Entry[]> {
  const answer = await search(user, { query, category, limit });
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  return answer.body as unknown as Entry[];
}

const labelOf = (entry: Entry) => (JSON.parse(entry.CONTENT) as Json[])[0].label as string;
const idsOf = (entries: Entry[]) => entries.map((e) => e.ID_SOURCE);
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('POST /api/search: the raw entries of spec §3', () => {
  it('answers a JSON list of { CONTENT, ID_SOURCE, ID_CATEGORY }, CONTENT a JSON array', async () => {
    const answer = await search('ageo', { query: 'santé', category: CATEGORY.products });
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/json/);
    const entries = answer.body as unknown as Entry[];
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['CONTENT', 'ID_CATEGORY', 'ID_SOURCE']);
      expect(typeof entry.CONTENT).toBe('string');
      expect(Number.isInteger(entry.ID_SOURCE)).toBe(true);
      expect(entry.ID_CATEGORY).toBe(CATEGORY.products);
      const content = JSON.parse(entry.CONTENT) as Json[];
      expect(Array.isArray(content)).toBe(true);
      expect(content[0]).toMatchObject({ label: expect.any(String) });
    }
    // The label is the product's, read back from the database.
    const [first] = entries;
    const [product] = await api.rows<{ lb_produit: string }>(
      `SELECT lb_produit FROM product WHERE id = ${first.ID_SOURCE}`,
    );
    expect(labelOf(first)).toBe(product.lb_produit);
  });

  it('answers at the older unprefixed path too (spec §7: POST /search)', async () => {
    const answer = await search('ageo', { query: 'sante', category: 6 }, '/search');
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as Entry[]).length).toBeGreaterThan(0);
  });

  it('needs a signed-in user (401)', async () => {
    const response = await fetch(new URL('/api/search', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'santé' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('French relevance', () => {
  it('folds accents: « prevoyance » finds every product named « Prévoyance … »', async () => {
    const expected = await api.ids(
      "SELECT id FROM product WHERE lb_produit LIKE '%Prévoyance%' ORDER BY id",
    );
    expect(expected.length).toBeGreaterThan(0);
    const entries = await found('ageo', 'prevoyance', CATEGORY.products);
    expect(idsOf(entries).sort((a, b) => a - b)).toEqual(expected);
    // And the other way round: the accent typed finds the name written without one.
    const insured = await found('ageo', 'Quénouille', CATEGORY.insureds);
    expect(idsOf(insured)).toContain(quenouille);
    const firstname = await found('ageo', 'eloise quenouillette', CATEGORY.insureds);
    expect(idsOf(firstname)).toEqual([quenouillette]);
  });

  it('matches prefixes as one types: « quenou » finds « Quenouille » and « Quenouillette »', async () => {
    for (const typed of ['quen', 'quenou', 'QUENOUILL']) {
      const ids = idsOf(await found('ageo', typed, CATEGORY.insureds));
      expect(ids, typed).toEqual(expect.arrayContaining([quenouille, quenouillette]));
    }
    // A real surname of the seed, its last letter not typed yet.
    const [{ lastname }] = await api.rows<{ lastname: string }>(
      'SELECT lastname FROM insured WHERE length(lastname) >= 6 ORDER BY id LIMIT 1',
    );
    const typed = lastname.slice(0, -1);
    const entries = await found('ageo', typed, CATEGORY.insureds);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map(labelOf).some((l) => fold(l).includes(fold(lastname)))).toBe(true);
  });

  it('stems French words: a plural finds the singular (« collectives » → « Collective »)', async () => {
    const expected = await api.ids(
      "SELECT id FROM product WHERE lb_produit LIKE '%Collective%' ORDER BY id",
    );
    expect(expected.length).toBeGreaterThan(0);
    const entries = await found('ageo', 'collectives', CATEGORY.products);
    expect(idsOf(entries).sort((a, b) => a - b)).toEqual(expected);
    // 'mutuelles' finds the products of the singular, through the stem only.
    const plural = await found('ageo', 'essentiels', CATEGORY.products);
    expect(plural.map(labelOf).every((l) => /essentiel/i.test(l))).toBe(true);
    expect(plural.length).toBeGreaterThan(0);
  });

  it('ranks the exact word before the longer one it begins', async () => {
    const entries = await found('ageo', 'quenouille', CATEGORY.insureds);
    expect(idsOf(entries).slice(0, 2)).toEqual([quenouille, quenouillette]);
    expect(labelOf(entries[0])).toBe('QUENOUILLE Hélène');
  });

  it('requires every word: « prevoyance cadres » only finds both', async () => {
    const entries = await found('ageo', 'prevoyance cadres', CATEGORY.products);
    expect(entries.length).toBeGreaterThan(0);
    for (const label of entries.map(labelOf)) {
      expect(fold(label)).toContain('prevoyance');
      expect(fold(label)).toContain('cadre');
    }
  });

  it('finds a contract by its number, whole or by its last digits', async () => {
    const [contract] = await api.rows<{ id: number; lb_contrat: string }>(
      'SELECT id, lb_contrat FROM contract ORDER BY id DESC LIMIT 1',
    );
    const whole = await found('ageo', contract.lb_contrat, CATEGORY.contracts);
    expect(whole[0].ID_SOURCE).toBe(contract.id);
    expect(labelOf(whole[0])).toBe(contract.lb_contrat);
    const digits = contract.lb_contrat.split('-').at(-1) as string;
    expect(idsOf(await found('ageo', digits, CATEGORY.contracts))).toContain(contract.id);
  });
});

describe('the category filter (0: every category)', () => {
  it('finds the people named exactly as typed first, among the many longer names it begins', async () => {
    // The seed has people named Martin, and far more whose names begin with it or share its
    // stem (Martinez, Martine): more matches than the search ranks. The Martins come first.
    const { rows } = await sql<{ exact: number; near: number }>`
      SELECT count(*) FILTER (WHERE lower(lastname) = 'martin')::int AS exact,
        count(*) FILTER (WHERE lower(lastname) LIKE 'martin_%' OR lower(firstname) LIKE 'martin%')::int AS near
      FROM insured`.execute(server.database.db);
    const [{ exact, near }] = rows;
    expect(exact).toBeGreaterThan(0);
    expect(exact + near).toBeGreaterThan(SEARCH_LIMITS.ranked);
    const entries = await found('ageo', 'Martin', CATEGORY.insureds, 10);
    expect(entries).toHaveLength(10);
    // Named Martin, or called Martin (a first name is a whole word as well).
    const named = entries.map((e) => {
      const person = (JSON.parse(e.CONTENT) as Json[])[0];
      return [person.lastname, person.firstname].map((n) => fold(String(n))).includes('martin');
    });
    expect(named).toEqual(named.map(() => true));
  });

  it('keeps one category when one is asked, and ranks the whole list otherwise', async () => {
    const products = await found('ageo', 'sante', CATEGORY.products);
    expect(products.length).toBeGreaterThan(0);
    expect(new Set(products.map((e) => e.ID_CATEGORY))).toEqual(new Set([CATEGORY.products]));
    const every = await found('ageo', 'sante', CATEGORY.all, 50);
    const categories = new Set(every.map((e) => e.ID_CATEGORY));
    expect(categories.has(CATEGORY.products)).toBe(true);
    for (const c of categories) expect(c).toBeGreaterThanOrEqual(1);
    for (const c of categories) expect(c).toBeLessThanOrEqual(6);
    const ranked = every.map((e) => e.ID_CATEGORY);
    expect(ranked.length).toBeGreaterThan(products.length);
    // The default category is 0.
    const answer = await search('ageo', { query: 'sante', limit: 50 });
    expect(idsOf(answer.body as unknown as Entry[])).toEqual(idsOf(every));
  });

  it('searches insurance companies and business providers by their names', async () => {
    const [company] = await api.rows<{ id: number; legalname: string }>(
      'SELECT id, legalname FROM organization WHERE type_id = 5 ORDER BY id LIMIT 1',
    );
    const companies = await found('ageo', company.legalname, CATEGORY.insuranceCompanies);
    expect(companies[0].ID_SOURCE).toBe(company.id);
    const [provider] = await api.rows<{ id: number; legalname: string }>(
      'SELECT id, legalname FROM organization WHERE type_id = 3 ORDER BY id LIMIT 1',
    );
    const providers = await found('vendeur', provider.legalname, CATEGORY.businessProviders);
    expect(idsOf(providers)).toContain(provider.id);
  });
});

describe('the data scope', () => {
  it('a seller never finds another seller’s contract', async () => {
    const [other] = await api.rows<{ id: number; lb_contrat: string }>(
      `SELECT id, lb_contrat FROM contract WHERE id NOT IN (${CONTRACTS.vendeur})
        ORDER BY id LIMIT 1`,
    );
    expect(other).toBeDefined();
    expect(idsOf(await found('ageo', other.lb_contrat, CATEGORY.contracts))).toContain(other.id);
    for (const category of [CATEGORY.all, CATEGORY.contracts]) {
      const entries = await found('vendeur', other.lb_contrat, category);
      expect(entries.filter((e) => e.ID_CATEGORY === 1).map((e) => e.ID_SOURCE)).not.toContain(
        other.id,
      );
    }
    // Whatever is typed, only its own contracts and customers.
    const own = new Set(await api.ids(CONTRACTS.vendeur));
    const ownCustomers = new Set(await api.ids(CUSTOMERS.vendeur));
    const contracts = await found('vendeur', 'ct', CATEGORY.contracts);
    expect(contracts.length).toBeGreaterThan(0);
    for (const e of contracts) expect(own.has(e.ID_SOURCE)).toBe(true);
    const [customer] = await api.rows<{ legalname: string }>(
      `SELECT legalname FROM customer WHERE id NOT IN (${CUSTOMERS.vendeur}) ORDER BY id LIMIT 1`,
    );
    for (const e of await found('vendeur', customer.legalname, CATEGORY.customers)) {
      expect(ownCustomers.has(e.ID_SOURCE)).toBe(true);
    }
  });

  it('a seller only finds the insured persons of its contracts', async () => {
    const mine = new Set(
      await api.ids(`SELECT DISTINCT insured_id AS id FROM subscription
        WHERE contract_id IN (${CONTRACTS.vendeur})`),
    );
    const [{ lastname }] = await api.rows<{ lastname: string }>(
      'SELECT lastname FROM insured GROUP BY lastname ORDER BY count(*) DESC, lastname LIMIT 1',
    );
    const entries = await found('vendeur', lastname, CATEGORY.insureds);
    for (const e of entries) expect(mine.has(e.ID_SOURCE)).toBe(true);
    // And it does find them: one of its own by name.
    const [own] = await api.rows<{ id: number; lastname: string; firstname: string }>(
      `SELECT id, lastname, firstname FROM insured WHERE id IN (SELECT insured_id FROM
        subscription WHERE contract_id IN (${CONTRACTS.vendeur})) ORDER BY id DESC LIMIT 1`,
    );
    const named = await found('vendeur', `${own.firstname} ${own.lastname}`, CATEGORY.insureds);
    expect(idsOf(named)).toContain(own.id);
    expect(idsOf(await found('vendeur', 'quenouille', CATEGORY.insureds))).toEqual(
      mine.has(quenouille) ? [quenouille] : [],
    );
  });

  it('a partner administrator never finds another partner’s contract or customer', async () => {
    const [other] = await api.rows<{ id: number; lb_contrat: string }>(
      `SELECT id, lb_contrat FROM contract WHERE id NOT IN (${CONTRACTS.partenaire})
        ORDER BY id DESC LIMIT 1`,
    );
    expect(idsOf(await found('ageo', other.lb_contrat, CATEGORY.contracts))).toContain(other.id);
    expect(idsOf(await found('partenaire', other.lb_contrat, CATEGORY.contracts))).not.toContain(
      other.id,
    );
    const own = new Set(await api.ids(CONTRACTS.partenaire));
    for (const e of await found('partenaire', 'ct', CATEGORY.contracts)) {
      expect(own.has(e.ID_SOURCE)).toBe(true);
    }
    const [customer] = await api.rows<{ id: number; legalname: string }>(
      `SELECT id, legalname FROM customer WHERE id NOT IN (${CUSTOMERS.partenaire})
        ORDER BY id LIMIT 1`,
    );
    expect(idsOf(await found('partenaire', customer.legalname, CATEGORY.customers))).not.toContain(
      customer.id,
    );
  });
});

describe('refused bodies', () => {
  it('answers 400 when the body is no JSON object', async () => {
    for (const body of ['[1, 2]', '"santé"', '{"query":']) {
      const answer = await search('ageo', body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.detail, body).toMatch(/[a-zé]/);
    }
    const answer = await search('ageo', '[1]');
    expect(answer.body.detail).toBe('Le corps de la requête doit être un objet JSON.');
  });

  it('answers 422 naming each field at fault, in French', async () => {
    const missing = await search('ageo', {});
    expect(missing.status).toBe(422);
    expect(violationsOf(missing)).toEqual(['query: Le texte recherché est obligatoire.']);
    const bad = await search('ageo', { query: '  !!  ', category: 9, limit: 0 });
    expect(bad.status).toBe(422);
    expect(violationsOf(bad)).toEqual([
      'query: Le texte recherché doit contenir au moins une lettre ou un chiffre.',
      'category: La catégorie doit être 0 (toutes) ou l’une de 1, 2, 3, 4, 5, 6.',
      'limit: Le nombre de résultats doit être un entier de 1 à 50.',
    ]);
    const long = await search('ageo', { query: 'a'.repeat(201), category: '1' });
    expect(violationsOf(long)).toEqual([
      'query: Le texte recherché ne doit pas dépasser 200 caractères.',
      'category: La catégorie doit être 0 (toutes) ou l’une de 1, 2, 3, 4, 5, 6.',
    ]);
  });

  it('takes tsquery operators as plain text', async () => {
    for (const query of ["dupont & !'x' | (", ':*', "l'assurance <-> santé"]) {
      const answer = await search('ageo', { query });
      expect([200, 422], query).toContain(answer.status);
    }
  });
});
