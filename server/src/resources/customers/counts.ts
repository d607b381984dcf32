// The counts a customer row shows (spec §3: numberOfContract, nbrBeneficiary), always within
// the caller's data scope: a seller sees how many of ITS contracts a customer holds, never the
// customer's whole book. nbrBeneficiary adds up the active beneficiaries (ayants-droit,
// contract.nbr_beneficiary) of those contracts, the contract field of the same name.
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { contractScope } from '../../scope/index.ts';
import type { Ctx } from '../framework/index.ts';

export interface CustomerCounts {
  numberOfContract: number;
  nbrBeneficiary: number;
}

/** The counts of a page of customers, in one grouped query. */
export async function countsOf(
  ctx: Ctx,
  customerIds: readonly number[],
): Promise<Map<number, CustomerCounts>> {
  if (!customerIds.length) return new Map();
  const rows = await ctx.db
    .selectFrom('contract')
    .select([
      'contract.customer_id',
      sql<number>`count(*)::int`.as('number_of_contract'),
      sql<number>`coalesce(sum(contract.nbr_beneficiary), 0)::int`.as('nbr_beneficiary'),
    ])
    .where('contract.customer_id', 'in', [...customerIds])
    .where(contractScope(ctx.scope, 'contract'))
    .groupBy('contract.customer_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.customer_id,
      { numberOfContract: r.number_of_contract, nbrBeneficiary: r.nbr_beneficiary },
    ]),
  );
}

/** Sort fields that need the counts of every customer, not only the page's. */
export const COUNT_ORDER = {
  numberOfContract: 'customer_counts.number_of_contract',
  nbrBeneficiary: 'customer_counts.nbr_beneficiary',
} as const;

/** True when the request sorts on a count (only then are all customers counted). */
export function sortsOnCounts(query: Record<string, unknown>): boolean {
  const order = query.order;
  return (
    typeof order === 'object' &&
    order !== null &&
    Object.keys(order).some((field) => Object.hasOwn(COUNT_ORDER, field))
  );
}

/**
 * Joins every customer's scoped counts as `customer_counts` (zero when it holds no contract in
 * scope), so that ORDER BY can read them. Costly on a large book: used only for that sort.
 */
export function joinCounts(
  ctx: Ctx,
  qb: SelectQueryBuilder<DB, 'customer', object>,
): SelectQueryBuilder<DB, 'customer', object> {
  const counts = ctx.db
    .selectFrom('customer as counted')
    .leftJoin('contract', (join) =>
      join
        .onRef('contract.customer_id', '=', 'counted.id')
        .on(contractScope(ctx.scope, 'contract')),
    )
    .select([
      'counted.id as customer_id',
      sql<number>`count(contract.id)::int`.as('number_of_contract'),
      sql<number>`coalesce(sum(contract.nbr_beneficiary), 0)::int`.as('nbr_beneficiary'),
    ])
    .groupBy('counted.id')
    .as('customer_counts');
  return qb.innerJoin(
    counts,
    'customer_counts.customer_id',
    'customer.id',
  ) as unknown as SelectQueryBuilder<DB, 'customer', object>;
}
