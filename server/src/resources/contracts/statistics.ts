// The statistics block of the contract list (GET /api/nbr_insured_active_by_contracts_search,
// spec §7): the same filters as the list, over the same scoped contracts, summed in one query.
// Counts are those each contract carries (nbrInsured ...), so an insured person subscribed to
// two contracts (a Base and its Surco) counts once per contract, as on the list's rows.
// Summing hundreds of thousands of contracts takes hundreds of milliseconds: a block over
// RECENT_MIN_ROWS contracts or more is reused for RECENT_MS (framework/recent.ts).
import { sql } from 'kysely';
import {
  type Api,
  endpoint,
  filtered,
  RECENT_MIN_ROWS,
  type ResourceDeps,
  recentRows,
} from '../framework/index.ts';
import { contractList } from './list.ts';

const STATISTICS = '/api/nbr_insured_active_by_contracts_search';

const SUMS = [
  ['nbrSuscription', 'nbr_suscription'],
  ['nbrSubscriptionInactive', 'nbr_subscription_inactive'],
  ['nbrInsured', 'nbr_insured'],
  ['nbrInsuredInactive', 'nbr_insured_inactive'],
  ['nbrBeneficiary', 'nbr_beneficiary'],
  ['nbrBeneficiaryInactive', 'nbr_beneficiary_inactive'],
  ['nbrTotalAffiliate', 'nbr_total_affiliate'],
  ['nbrTotalAffiliateInactive', 'nbr_total_affiliate_inactive'],
] as const;

export function registerStatistics(api: Api, deps: ResourceDeps): void {
  const list = contractList([STATISTICS], [{ field: 'dateDebVal', direction: 'desc' }]);
  endpoint(api, deps, {
    paths: [STATISTICS],
    async handle(ctx) {
      const { qb } = filtered(list, ctx);
      const sums = qb.select([
        sql<number>`count(*)::int`.as('nbrContracts'),
        ...SUMS.map(([name, column]) =>
          sql<number>`coalesce(sum(${sql.ref(`contract.${column}`)}), 0)::int`.as(name),
        ),
      ]);
      const [row] = (await recentRows(
        ctx.db,
        sums,
        (rows) => Number((rows[0] as Record<string, number>).nbrContracts) >= RECENT_MIN_ROWS,
      )) as Record<string, number>[];
      const counts = Object.fromEntries(
        [['nbrContracts'], ...SUMS].map(([name]) => [name, Number(row[name])]),
      );
      return {
        '@context': '/api/contexts/ContractStatistics',
        '@id': STATISTICS,
        '@type': 'ContractStatistics',
        ...counts,
        // The figure the endpoint is named after: active insured of the contracts found.
        nbrInsuredActive: counts.nbrInsured,
      };
    },
  });
}
