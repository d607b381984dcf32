// Customers in the caller's scope (the rule of server/src/scope customerScope), written so that
// a seller's or manager's customers are found from its few contracts (the GIN index on
// contract.broker_ids) instead of probing every customer for a contract in scope: at 100,000
// customers the probe is what costs. Same rows as customerScope, by construction.
import { type Expression, type SqlBool, sql } from 'kysely';
import { contractScope, customerScope, type DataScope } from '../../scope/index.ts';

export function customerInScope(scope: DataScope, alias = 'customer'): Expression<SqlBool> {
  if (scope.kind !== 'brokers') return customerScope(scope, alias);
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} IN (SELECT held.customer_id FROM contract AS held
    WHERE ${contractScope(scope, 'held')})`;
}
