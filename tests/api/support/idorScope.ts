// The data scope of each demo account, computed by SQL from the rule of docs/security.md and
// from the source relations (customer portfolios, the customer's partner, subscriptions),
// independently of the server's code (server/src/scope/ reads the denormalised
// contract.partner_id and contract.broker_ids): the IDOR tests compare the API with it.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../server/src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../../../src/domain/demoAccounts.ts';
import { expandRoles } from '../../../src/domain/roles.ts';

export const ACCOUNTS = ['ageo', 'partenaire', 'manager', 'vendeur'] as const;
export type Account = (typeof ACCOUNTS)[number];

export type SqlScope =
  | { kind: 'all' }
  | { kind: 'partner'; partnerId: number }
  | { kind: 'brokers'; brokerIds: number[] };

/** Kinds of rows the API publishes, and the SQL giving the ids of each inside a scope. */
export type Entity =
  | 'contract'
  | 'insured'
  | 'customer'
  | 'premium'
  | 'benefit'
  | 'commission'
  | 'subscription'
  | 'beneficiary'
  | 'broker'
  | 'supervisor'
  | 'product';

/** A demo account's roles, expanded (spec §6): what decides 403 before any scope. */
export const rolesOf = (account: Account): string[] =>
  expandRoles(DEMO_ACCOUNTS.find((a) => a.username === account)?.roles ?? []);

/** The scope of every demo account (scopeOf), computed once for a test file. */
export async function scopesOf(db: Kysely<DB>): Promise<Map<Account, SqlScope>> {
  const scopes = new Map<Account, SqlScope>();
  for (const account of ACCOUNTS) scopes.set(account, await scopeOf(db, account));
  return scopes;
}

/** The rule of docs/security.md, read from the user row: the highest profile decides. */
export async function scopeOf(db: Kysely<DB>, username: Account): Promise<SqlScope> {
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'roles', 'partner_id'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const roles = user.roles.split(',');
  if (roles.includes('PROFILE_ADMIN_AGEO')) return { kind: 'all' };
  if (roles.includes('PROFILE_ADMIN_PARTNER')) {
    return { kind: 'partner', partnerId: Number(user.partner_id) };
  }
  if (roles.includes('PROFILE_MANAGER')) {
    const team = await db
      .selectFrom('app_user')
      .select('id')
      .where('managed_by', '=', user.id)
      .execute();
    return { kind: 'brokers', brokerIds: [user.id, ...team.map((t) => t.id)] };
  }
  return { kind: 'brokers', brokerIds: [user.id] };
}

const list = (ids: number[]) => (ids.length ? ids.join(',') : 'NULL');

/** SELECT of the contract ids in scope, from the source relations. */
function contracts(scope: SqlScope): string {
  switch (scope.kind) {
    case 'all':
      return 'SELECT id FROM contract';
    case 'partner':
      return `SELECT c.id FROM contract c JOIN customer cu ON cu.id = c.customer_id
        WHERE cu.partner_id = ${scope.partnerId}`;
    case 'brokers':
      return `SELECT DISTINCT contract_id AS id FROM customer_portfolio
        WHERE broker_id IN (${list(scope.brokerIds)})`;
  }
}

/** SELECT id of the rows of `entity` inside `scope`. */
export function idsInScope(entity: Entity, scope: SqlScope): string {
  const all = scope.kind === 'all';
  switch (entity) {
    case 'contract':
      return contracts(scope);
    case 'insured':
      if (all) return 'SELECT id FROM insured';
      if (scope.kind === 'partner') {
        return `SELECT id FROM insured WHERE partner_id = ${scope.partnerId}`;
      }
      return `SELECT DISTINCT insured_id AS id FROM subscription
        WHERE contract_id IN (${contracts(scope)})`;
    case 'customer':
      if (all) return 'SELECT id FROM customer';
      if (scope.kind === 'partner') {
        return `SELECT id FROM customer WHERE partner_id = ${scope.partnerId}`;
      }
      return `SELECT DISTINCT customer_id AS id FROM contract WHERE id IN (${contracts(scope)})`;
    case 'premium':
    case 'benefit':
    case 'commission':
    case 'subscription':
      return `SELECT id FROM ${entity} WHERE contract_id IN (${contracts(scope)})`;
    case 'beneficiary':
      return `SELECT id FROM beneficiary WHERE insured_id IN (${idsInScope('insured', scope)})`;
    case 'broker':
    case 'supervisor':
      if (all) return 'SELECT id FROM app_user';
      if (scope.kind === 'partner') {
        return `SELECT id FROM app_user WHERE partner_id = ${scope.partnerId}`;
      }
      return `SELECT id FROM app_user WHERE id IN (${list(scope.brokerIds)})`;
    case 'product':
      // Reference data: every signed-in user sees every product (their contracts are scoped).
      return 'SELECT id FROM product';
  }
}

const TABLES: Record<Entity, string> = {
  contract: 'contract',
  insured: 'insured',
  customer: 'customer',
  premium: 'premium',
  benefit: 'benefit',
  commission: 'commission',
  subscription: 'subscription',
  beneficiary: 'beneficiary',
  broker: 'app_user',
  supervisor: 'app_user',
  product: 'product',
};

async function ids(db: Kysely<DB>, query: string): Promise<number[]> {
  const { rows } = await sql.raw<{ id: number }>(query).execute(db);
  return rows.map((r) => Number(r.id));
}

export interface Pick {
  inside?: number;
  outside?: number;
}

/**
 * One id inside the scope and one outside (undefined when there is none), taken among the rows
 * `candidates` selects (SELECT id, priority ...: lowest priority first, then by id, so that a
 * run is reproducible), or among all the rows of the entity's table.
 */
export async function pickIds(
  db: Kysely<DB>,
  entity: Entity,
  scope: SqlScope,
  candidates = `SELECT id, 0 AS priority FROM ${TABLES[entity]}`,
): Promise<Pick> {
  const scoped = idsInScope(entity, scope);
  const first = (where: string) =>
    ids(db, `SELECT id FROM (${candidates}) k WHERE ${where} ORDER BY priority, id LIMIT 1`);
  const [inside] = await first(`id IN (${scoped})`);
  const [outside] = await first(`id NOT IN (${scoped})`);
  return { inside, outside };
}

/** The set of ids of `entity` in scope. */
export async function scopeSet(db: Kysely<DB>, entity: Entity, scope: SqlScope) {
  return new Set(await ids(db, idsInScope(entity, scope)));
}

/** Ids of `entity` selected by `query` ('SELECT id ...') that lie outside the scope. */
export async function outsideOf(
  db: Kysely<DB>,
  entity: Entity,
  scope: SqlScope,
  query: string,
): Promise<number[]> {
  return ids(db, `SELECT id FROM (${query}) k WHERE id NOT IN (${idsInScope(entity, scope)})`);
}

/** A demo account's access to an endpoint by its (expanded) roles: who gets 403. */
export const NO_ROLE = 403;
