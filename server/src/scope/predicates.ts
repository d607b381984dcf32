// The data scope as SQL: one where-expression per kind of row, so that every list, item,
// count, statistic and option list filters the same way (docs/security.md). Each predicate
// takes the alias the query gave the table, so it composes with any join.
//
// Contracts carry the two facts the scope needs, denormalised (migration 004): partner_id
// (from the customer) and broker_ids (the sellers of its customer portfolios, GIN-indexed so
// that `broker_ids && ARRAY[...]` reads the index). Every other row reaches the scope through
// its contract, except insured persons and customers, which also carry partner_id.
import { type Expression, type SqlBool, sql } from 'kysely';
import type { DataScope } from './resolve.ts';

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

// The scope's ids are written into the SQL (integers read from the database, never from the
// request): a prepared statement of a seller's list then has no parameter left, so the plan
// PostgreSQL reuses is the one made for this seller's rows (docs/benchmarks.md).
const brokerArray = (ids: readonly number[]) =>
  sql`ARRAY[${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))}]::int[]`;

/**
 * The predicate of a scope on a table aliased `alias`: every row, the partner's (the table's
 * partner_id), or the rows of the given sellers (`brokers`, for that table); no scope, none.
 */
function byScope(
  scope: DataScope,
  alias: string,
  brokers: (brokerIds: readonly number[]) => Expression<SqlBool>,
): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return TRUE;
    case 'partner':
      return sql<SqlBool>`${sql.ref(`${alias}.partner_id`)} = ${sql.lit(Math.trunc(scope.partnerId))}`;
    case 'brokers':
      return scope.brokerIds.length ? brokers(scope.brokerIds) : FALSE;
    default:
      return FALSE;
  }
}

/** Contracts in scope, on the contract table aliased `alias`. */
export const contractScope = (scope: DataScope, alias = 'contract'): Expression<SqlBool> =>
  byScope(
    scope,
    alias,
    (ids) => sql<SqlBool>`${sql.ref(`${alias}.broker_ids`)} && ${brokerArray(ids)}`,
  );

/**
 * Rows that hang off one contract (premiums, benefits, commissions, subscriptions, options):
 * in scope when their contract is. `contractId` is the column holding the contract's id.
 */
export function viaContract(scope: DataScope, contractId: string): Expression<SqlBool> {
  if (scope.kind === 'all') return TRUE;
  if (scope.kind === 'none') return FALSE;
  return sql<SqlBool>`EXISTS (SELECT 1 FROM contract AS scope_contract
    WHERE scope_contract.id = ${sql.ref(contractId)}
    AND ${contractScope(scope, 'scope_contract')})`;
}

/** Insured persons in scope: of the partner, or subscribed to a contract in scope. */
export const insuredScope = (scope: DataScope, alias = 'insured'): Expression<SqlBool> =>
  byScope(
    scope,
    alias,
    () => sql<SqlBool>`EXISTS (SELECT 1 FROM subscription AS scope_subscription
      JOIN contract AS scope_contract ON scope_contract.id = scope_subscription.contract_id
      WHERE scope_subscription.insured_id = ${sql.ref(`${alias}.id`)}
      AND ${contractScope(scope, 'scope_contract')})`,
  );

/** Customers (subscriber companies) in scope: of the partner, or holding a contract in scope. */
export const customerScope = (scope: DataScope, alias = 'customer'): Expression<SqlBool> =>
  byScope(
    scope,
    alias,
    () => sql<SqlBool>`EXISTS (SELECT 1 FROM contract AS scope_contract
      WHERE scope_contract.customer_id = ${sql.ref(`${alias}.id`)}
      AND ${contractScope(scope, 'scope_contract')})`,
  );

/**
 * Brokers (sellers, managers) in scope: every user of the partner; for managers and sellers,
 * themselves and the team they are given.
 */
export const brokerScope = (scope: DataScope, alias = 'app_user'): Expression<SqlBool> =>
  byScope(scope, alias, (ids) => sql<SqlBool>`${sql.ref(`${alias}.id`)} IN (${sql.join(ids)})`);
