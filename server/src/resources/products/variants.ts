// The product filters that go through contracts (spec §7): products a broker sells, products of
// a business provider, of any organisation, of a customer, of a supervisor's team, and products
// with at least one contract. The catalogue is reference data, but these variants only ever
// consider contracts in the caller's scope, so they reveal nothing beyond it.
import { type Expression, type SqlBool, sql } from 'kysely';
import { contractScope, type DataScope } from '../../scope/index.ts';
import type { Ctx } from '../framework/index.ts';

/** Product has a contract in scope that also satisfies `where` (on alias pc_contract). */
function hasContract(scope: DataScope, where?: Expression<SqlBool>): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM contract AS pc_contract
    WHERE pc_contract.product_id = product.id
    AND ${contractScope(scope, 'pc_contract')}${where ? sql` AND ${where}` : sql``})`;
}

/** Products with at least one contract in scope (products_with_contract). */
export function withContractInScope(scope: DataScope): Expression<SqlBool> {
  // A seller's or manager's few contracts are found through the GIN index first.
  if (scope.kind === 'brokers') {
    return sql<SqlBool>`product.id IN (SELECT pc_contract.product_id FROM contract AS pc_contract
      WHERE ${contractScope(scope, 'pc_contract')})`;
  }
  return hasContract(scope);
}

/** contracts.customerPortfolios.broker={id}: held by that broker (seller). */
export const soldBy = (broker: number, ctx: Ctx) =>
  hasContract(ctx.scope, sql<SqlBool>`pc_contract.broker_ids @> ARRAY[${broker}::int]`);

/** contracts.idApporteur={id}: the contract's main business provider. */
export const mainProvider = (provider: number, ctx: Ctx) =>
  hasContract(ctx.scope, sql<SqlBool>`pc_contract.main_provider_id = ${provider}`);

/** contracts.organizations.organization.id={id}: any organisation linked to the contract. */
export const linkedOrganization = (organization: number, ctx: Ctx) =>
  hasContract(
    ctx.scope,
    sql<SqlBool>`EXISTS (SELECT 1 FROM contract_organization AS pc_link
      WHERE pc_link.contract_id = pc_contract.id AND pc_link.organization_id = ${organization})`,
  );

/** contracts.customer.id={id}: the customer's contracts. */
export const ofCustomer = (customer: number, ctx: Ctx) =>
  hasContract(ctx.scope, sql<SqlBool>`pc_contract.customer_id = ${customer}`);

/** supervisor={id}: contracts held by the supervisor or a seller it manages. */
export const ofSupervisor = (supervisor: number, ctx: Ctx) =>
  hasContract(
    ctx.scope,
    sql<SqlBool>`pc_contract.broker_ids && ARRAY(SELECT team.id FROM app_user AS team
      WHERE team.id = ${supervisor} OR team.managed_by = ${supervisor})`,
  );
