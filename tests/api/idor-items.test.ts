// The IDOR matrix of issue 3, items and per-parent lists: for every endpoint that takes an id
// and every demo account, an id OUTSIDE the account's data scope answers 404 exactly like an id
// that never existed, an id INSIDE answers 200, and a per-parent list holds exactly its rows in
// scope. Scopes are computed by SQL from the source relations (support/idorScope.ts), not by
// the server's code. An endpoint the account's roles do not open answers 403 for every id.
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

interface Case {
  /** `{id}` stands for the id under test. */
  path: string;
  /** The kind of row the id names. */
  entity: Entity;
  /** Any one of these expanded roles opens the endpoint (spec §6); 403 otherwise. */
  roles?: readonly string[];
  /** Ids to pick from (SELECT id, priority ...), the table's rows when absent. */
  candidates?: (scope: SqlScope) => string;
  /** A seller's scope holds no supervisor: no id inside to try for some accounts. */
  insideOptional?: boolean;
  /** A per-parent list: the kind of its members, and the SELECT of the parent's children. */
  list?: { entity: Entity; children: (id: number) => string };
}

const SELLER = 'SELECT id, 0 AS priority FROM app_user WHERE user_type = 4';
const MANAGER = 'SELECT id, 0 AS priority FROM app_user WHERE user_type = 3';
const BROKERS = ['PROFILE_ADMIN_AGEO', 'VIEW_SELLER', 'PROFILE_MANAGER'];
const SUPERVISORS = ['PROFILE_ADMIN_AGEO', 'VIEW_MANAGER', 'PROFILE_ADMIN_PARTNER'];
const COMMISSIONS = ['VIEW_COMMISSIONS'];

/** Parents that have children (SELECT id, priority). */
const parentsIn = (table: string, column: string) => () =>
  `SELECT DISTINCT ${column} AS id, 0 AS priority FROM ${table} WHERE ${column} IS NOT NULL`;

/**
 * Parents whose children lie on both sides of the scope come first (the sharpest case: the
 * list must drop some of them), then parents with children in the scope.
 */
const mixedParents = (column: string, child: Entity) => (scope: SqlScope) => {
  const inside = `id IN (${idsInScope(child, scope)})`;
  return `SELECT ${column} AS id,
      CASE WHEN bool_or(${inside}) AND bool_or(NOT ${inside}) THEN 0
        WHEN bool_or(${inside}) THEN 1 ELSE 2 END AS priority
    FROM ${child} GROUP BY ${column}`;
};

const contractsOf = (column: string) => (id: number) =>
  `SELECT id FROM contract WHERE ${column} = ${id}`;

const CASES: Case[] = [
  { path: '/api/contracts/{id}', entity: 'contract' },
  { path: '/contrats/{id}', entity: 'contract' },
  { path: '/api/assures/{id}', entity: 'insured' },
  { path: '/assures/{id}', entity: 'insured' },
  { path: '/api/insureds/{id}', entity: 'insured' },
  { path: '/api/customers/{id}', entity: 'customer' },
  { path: '/api/cotisations/{id}', entity: 'premium' },
  { path: '/cotisations/{id}', entity: 'premium' },
  { path: '/api/prestations/{id}', entity: 'benefit' },
  { path: '/prestations/{id}', entity: 'benefit' },
  { path: '/api/commissions/{id}', entity: 'commission', roles: COMMISSIONS },
  { path: '/api/subscriptions/{id}', entity: 'subscription' },
  { path: '/api/beneficiaires/{id}', entity: 'beneficiary' },
  { path: '/api/brokers/{id}', entity: 'broker', roles: BROKERS, candidates: () => SELLER },
  {
    path: '/api/supervisors/{id}',
    entity: 'supervisor',
    roles: SUPERVISORS,
    candidates: () => MANAGER,
  },
  {
    path: '/api/customers/{id}/contracts',
    entity: 'customer',
    candidates: mixedParents('customer_id', 'contract'),
    list: { entity: 'contract', children: contractsOf('customer_id') },
  },
  {
    path: '/api/products/{id}/contracts',
    entity: 'product',
    candidates: mixedParents('product_id', 'contract'),
    list: { entity: 'contract', children: contractsOf('product_id') },
  },
  {
    path: '/api/contracts/{id}/cotisations',
    entity: 'contract',
    list: {
      entity: 'premium',
      children: (id) => `SELECT id FROM premium WHERE contract_id = ${id}`,
    },
  },
  {
    path: '/api/insureds/{id}/cotisations',
    entity: 'insured',
    candidates: parentsIn('premium', 'insured_id'),
    list: {
      entity: 'premium',
      children: (id) => `SELECT id FROM premium WHERE insured_id = ${id}`,
    },
  },
  {
    path: '/api/insureds/{id}/beneficiaires',
    entity: 'insured',
    candidates: parentsIn('beneficiary', 'insured_id'),
    list: {
      entity: 'beneficiary',
      children: (id) => `SELECT id FROM beneficiary WHERE insured_id = ${id}`,
    },
  },
  {
    path: '/api/insureds/{id}/subscriptions',
    entity: 'insured',
    candidates: mixedParents('insured_id', 'subscription'),
    list: {
      entity: 'subscription',
      children: (id) => `SELECT id FROM subscription WHERE insured_id = ${id}`,
    },
  },
  {
    path: '/api/subscriptions_by_contract?contract={id}',
    entity: 'contract',
    list: {
      entity: 'subscription',
      children: (id) => `SELECT id FROM subscription WHERE contract_id = ${id}`,
    },
  },
  {
    path: '/api/cotisations_by_customers?contrat.customer={id}',
    entity: 'customer',
    candidates: mixedParents('customer_id', 'contract'),
    list: {
      entity: 'premium',
      children: (id) => `SELECT p.id FROM premium p JOIN contract c ON c.id = p.contract_id
        WHERE c.customer_id = ${id}`,
    },
  },
  {
    path: '/api/prestations_ifc_sas?idInsured={id}',
    entity: 'insured',
    candidates: parentsIn('benefit', 'insured_id'),
    list: {
      entity: 'benefit',
      children: (id) => `SELECT id FROM benefit WHERE insured_id = ${id}`,
    },
  },
  {
    path: '/api/contracts_by_supervisor?supervisor={id}',
    entity: 'supervisor',
    candidates: () => MANAGER,
    insideOptional: true,
    list: {
      entity: 'contract',
      children: (id) => `SELECT contract_id AS id FROM customer_portfolio
        WHERE broker_id IN (SELECT id FROM app_user WHERE id = ${id} OR managed_by = ${id})`,
    },
  },
];

let server: TestServer;
let api: ScopedApi;
let scopes: Map<Account, SqlScope>;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  scopes = await scopesOf(server.database.db);
});
afterAll(() => server?.close());

const at = (path: string, id: number) => path.replace('{id}', String(id));
const members = (body: Json): Json[] => body['hydra:member'] ?? [];

/** Every member of a per-parent list, following hydra:next. */
async function everyMember(account: Account, path: string): Promise<Json[]> {
  return api.all(account, path);
}

async function expectAnswer(account: Account, path: string, status: number): Promise<Json> {
  const answer = await api.get(account, path);
  const detail = `${account} GET ${path}: ${JSON.stringify(answer.body).slice(0, 300)}`;
  expect(answer.status, detail).toBe(status);
  if (status >= 400) expect(answer.type, detail).toMatch(/^application\/problem\+json/);
  return answer.body;
}

describe.each(ACCOUNTS)('IDOR matrix for %s', (account) => {
  it.each(CASES.map((c) => [c.path, c] as const))('%s', async (_path, c) => {
    const scope = scopes.get(account) as SqlScope;
    const db = server.database.db;
    const pick = await pickIds(db, c.entity, scope, c.candidates?.(scope));
    const allowed = !c.roles || hasAnyRole(rolesOf(account), c.roles);
    // An id that never existed: what an outside id must be indistinguishable from.
    const unknown = 2_000_000_000;

    if (!allowed) {
      for (const id of [pick.inside, pick.outside, unknown]) {
        if (id !== undefined) await expectAnswer(account, at(c.path, id), 403);
      }
      return;
    }
    await expectAnswer(account, at(c.path, unknown), 404);
    if (scope.kind !== 'all' && c.entity !== 'product') {
      expect(pick.outside, `${account}: no ${c.entity} outside the scope to try`).toBeDefined();
    }
    if (pick.outside !== undefined) await expectAnswer(account, at(c.path, pick.outside), 404);

    if (pick.inside === undefined && c.insideOptional) return;
    expect(pick.inside, `${account}: no ${c.entity} inside the scope to try`).toBeDefined();
    const inside = pick.inside as number;
    const body = await expectAnswer(account, at(c.path, inside), 200);
    if (!c.list) {
      expect(body.id, `${account} GET ${at(c.path, inside)}`).toBe(inside);
      return;
    }
    // A per-parent list: exactly the parent's children that lie in the scope.
    const inScope = await scopeSet(db, c.list.entity, scope);
    const children = [...new Set(await api.ids(c.list.children(inside)))].filter((id) =>
      inScope.has(id),
    );
    const listed = (await everyMember(account, at(c.path, inside))).map((m) => Number(m.id));
    const leaked = listed.filter((id) => !inScope.has(id));
    expect(
      leaked,
      `${account} GET ${at(c.path, inside)}: ${c.list.entity} outside the scope`,
    ).toEqual([]);
    expect(new Set(listed), `${account} GET ${at(c.path, inside)}: members`).toEqual(
      new Set(children),
    );
    const total = body['hydra:totalItems'];
    if (!body.totalItemsIsLowerBound) expect(total, 'hydra:totalItems').toBe(children.length);
    expect(members(body).length).toBeLessThanOrEqual(children.length);
  });
});
