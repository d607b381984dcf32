// The IDOR matrix of issue 3, lists: for every list, option list and statistic and every demo
// account, no member and no total reveals a row outside the account's data scope. Members are
// compared with the scope computed by SQL from the source relations (support/idorScope.ts);
// totals must equal the size of the scope (or be the count cap, flagged as a lower bound, when
// the scope holds more rows than the cap). An endpoint the roles do not open answers 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAnyRole } from '../../src/domain/roles.ts';
import {
  ACCOUNTS,
  type Account,
  type Entity,
  idsInScope,
  pickIds,
  rolesOf,
  type SqlScope,
  scopeSet,
  scopesOf,
} from './support/idorScope.ts';
import { type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

interface ListCase {
  path: string;
  /** SELECT id of the rows the list must hold for this scope, exactly. */
  expected: (scope: SqlScope) => string;
  roles?: readonly string[];
}

const inScope = (entity: Entity) => (scope: SqlScope) => idsInScope(entity, scope);
const contracts = (scope: SqlScope) => idsInScope('contract', scope);
/** Users of a profile type (3 managers, 4 sellers) inside the scope. */
const users = (entity: Entity, type: number) => (scope: SqlScope) =>
  `SELECT id FROM app_user WHERE user_type = ${type} AND id IN (${idsInScope(entity, scope)})`;
/** Organisations of a type linked to a contract in the scope (the *_with_contract lists). */
const linked = (type: number) => (scope: SqlScope) =>
  `SELECT DISTINCT o.id FROM organization o
   JOIN contract_organization co ON co.organization_id = o.id
   WHERE o.type_id = ${type} AND co.contract_id IN (${contracts(scope)})`;

const CASES: ListCase[] = [
  { path: '/api/contrats', expected: contracts },
  { path: '/contrats', expected: contracts },
  { path: '/api/assures', expected: inScope('insured') },
  { path: '/affilies', expected: inScope('insured') },
  { path: '/api/customers', expected: inScope('customer') },
  { path: '/api/cotisations', expected: inScope('premium') },
  { path: '/cotisations', expected: inScope('premium') },
  { path: '/api/prestations', expected: inScope('benefit') },
  { path: '/prestations', expected: inScope('benefit') },
  { path: '/api/commissions', expected: inScope('commission'), roles: ['VIEW_COMMISSIONS'] },
  {
    path: '/api/brokers',
    expected: users('broker', 4),
    roles: ['PROFILE_ADMIN_AGEO', 'VIEW_SELLER', 'PROFILE_MANAGER'],
  },
  {
    path: '/api/supervisors',
    expected: users('supervisor', 3),
    roles: ['PROFILE_ADMIN_AGEO', 'VIEW_MANAGER', 'PROFILE_ADMIN_PARTNER'],
  },
  {
    path: '/api/brokers_with_contract',
    expected: (scope) => `SELECT DISTINCT cp.broker_id AS id FROM customer_portfolio cp
      WHERE cp.contract_id IN (${contracts(scope)})
      AND cp.broker_id IN (${users('broker', 4)(scope)})`,
    roles: ['PROFILE_MANAGER'],
  },
  { path: '/api/business_providers_with_contract', expected: linked(3) },
  { path: '/business_providers_with_contract', expected: linked(3) },
  { path: '/api/insuranceOfCompanies_with_contract', expected: linked(5) },
  {
    path: '/api/products_with_contract',
    expected: (scope) => `SELECT DISTINCT product_id AS id FROM contract
      WHERE id IN (${contracts(scope)})`,
  },
];

/**
 * A list narrowed by a filter that names another row (spec §7 variants): naming a row outside
 * the scope must answer exactly as naming a row that never existed, and list nothing; naming a
 * row inside lists only rows of the scope.
 */
interface FilterCase {
  /** `{id}` stands for the named row's id. */
  path: string;
  /** The kind of row the filter names, and of the rows listed. */
  names: Entity;
  lists: Entity;
  /**
   * False when a row outside the scope may still be named by rows inside it: a seller of
   * another team co-holding one of the account's contracts is shown in that contract's
   * customerPortfolios already, so filtering on it reveals nothing (its rows stay in scope).
   */
  strict?: boolean;
}

const FILTERS: FilterCase[] = [
  { path: '/api/contrats?customer.id={id}', names: 'customer', lists: 'contract' },
  { path: '/contrats?idSouscrip={id}', names: 'customer', lists: 'contract' },
  { path: '/api/contrats?subscriptions.insured.id={id}', names: 'insured', lists: 'contract' },
  {
    path: '/api/contrats?customerPortfolios.broker={id}',
    names: 'broker',
    lists: 'contract',
    strict: false,
  },
  { path: '/api/assures?subscriptions.contract.id={id}', names: 'contract', lists: 'insured' },
  { path: '/affilies?contrat.id={id}', names: 'contract', lists: 'insured' },
  { path: '/affilies?customer.id={id}', names: 'customer', lists: 'insured' },
  { path: '/cotisations?contrat.id={id}', names: 'contract', lists: 'premium' },
  { path: '/cotisations?contrat.customer={id}', names: 'customer', lists: 'premium' },
  { path: '/cotisations?assure.id={id}', names: 'insured', lists: 'premium' },
  { path: '/prestations?insured={id}', names: 'insured', lists: 'benefit' },
  { path: '/api/prestations?contract={id}', names: 'contract', lists: 'benefit' },
  { path: '/api/insured_with_beneficiaries?contract={id}', names: 'contract', lists: 'insured' },
  {
    path: '/api/products_by_customer?contracts.customer.id={id}',
    names: 'customer',
    lists: 'product',
  },
];

const PAGES = 3;

let server: TestServer;
let api: ScopedApi;
let scopes: Map<Account, SqlScope>;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  scopes = await scopesOf(server.database.db);
});
afterAll(() => server?.close());

const withQuery = (path: string, query: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** The first pages of 100 members, following hydra:next; the first page's body. */
async function firstPages(account: Account, path: string) {
  const listed: number[] = [];
  let url = withQuery(path, 'itemsPerPage=100');
  let first: Json | undefined;
  for (let page = 0; page < PAGES && url; page++) {
    const answer = await api.get(account, url);
    expect(answer.status, `${account} GET ${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    first ??= answer.body;
    listed.push(...(answer.body['hydra:member'] as Json[]).map((m) => Number(m.id)));
    url = answer.body['hydra:view']?.['hydra:next'];
  }
  return { listed, first: first as Json };
}

describe.each(ACCOUNTS)('lists and totals for %s', (account) => {
  it.each(CASES.map((c) => [c.path, c] as const))('%s', async (_path, c) => {
    const scope = scopes.get(account) as SqlScope;
    if (c.roles && !hasAnyRole(rolesOf(account), c.roles)) {
      const answer = await api.get(account, c.path);
      expect(answer.status, `${account} GET ${c.path}`).toBe(403);
      return;
    }
    const expected = new Set(await api.ids(c.expected(scope)));
    const { listed, first } = await firstPages(account, c.path);
    const leaked = listed.filter((id) => !expected.has(id));
    expect(leaked, `${account} GET ${c.path}: members outside the scope`).toEqual([]);
    expect(new Set(listed).size, `${account} GET ${c.path}: a member listed twice`).toBe(
      listed.length,
    );
    const total = first['hydra:totalItems'];
    if (first.totalItemsIsLowerBound) {
      expect(expected.size, `${account} GET ${c.path}: capped total`).toBeGreaterThan(total);
    } else {
      expect(total, `${account} GET ${c.path}: hydra:totalItems`).toBe(expected.size);
    }
    if (expected.size <= PAGES * 100) expect(new Set(listed)).toEqual(expected);
  });

  it('the statistics block counts the contracts of the scope only', async () => {
    const scope = scopes.get(account) as SqlScope;
    const answer = await api.get(account, '/api/nbr_insured_active_by_contracts_search');
    expect(answer.status).toBe(200);
    const [row] = await api.rows<{ contracts: number; insured: number }>(
      `SELECT count(*)::int AS contracts, coalesce(sum(nbr_insured), 0)::int AS insured
       FROM contract WHERE id IN (${contracts(scope)})`,
    );
    expect(answer.body.nbrContracts, 'nbrContracts').toBe(row.contracts);
    expect(answer.body.nbrInsured, 'nbrInsured').toBe(row.insured);
  });
});

describe.each(ACCOUNTS)('filters naming another row, for %s', (account) => {
  it.each(FILTERS.map((c) => [c.path, c] as const))('%s', async (_path, c) => {
    const scope = scopes.get(account) as SqlScope;
    const db = server.database.db;
    const candidates =
      c.names === 'broker'
        ? 'SELECT id, 0 AS priority FROM app_user WHERE user_type = 4'
        : undefined;
    const pick = await pickIds(db, c.names, scope, candidates);
    const at = (id: number) => c.path.replace('{id}', String(id));
    const unknown = await api.get(account, at(2_000_000_000));
    expect([200, 404], `${account} GET ${at(2_000_000_000)}`).toContain(unknown.status);
    if (pick.outside !== undefined && c.strict !== false) {
      const outside = await api.get(account, at(pick.outside));
      const detail = `${account} GET ${at(pick.outside)} (outside the scope): ${JSON.stringify(outside.body).slice(0, 300)}`;
      expect(outside.status, detail).toBe(unknown.status);
      if (outside.status === 200) {
        expect(outside.body['hydra:member'], detail).toEqual([]);
        expect(outside.body['hydra:totalItems'], detail).toBe(0);
      }
    }
    const inScope = await scopeSet(db, c.lists, scope);
    for (const id of [pick.inside, c.strict === false ? pick.outside : undefined]) {
      if (id === undefined) continue;
      const { listed } = await firstPages(account, at(id));
      const leaked = listed.filter((member) => !inScope.has(member));
      expect(leaked, `${account} GET ${at(id)}: ${c.lists} outside the scope`).toEqual([]);
    }
  });
});
