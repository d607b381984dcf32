// The commissions dashboard (spec §7 GET /api/commissions_list?page): the commissions in the
// caller's scope, filtered as the list is, summed per year and business provider: amount paid,
// number of commissions and of contracts. A Hydra collection of CommissionSummary rows (newest
// year first, then providers by name), with the totals of every row under `commissionTotals`.
import { sql } from 'kysely';
import { sendJsonLd } from '../../hydra/jsonld.ts';
import { contextOf } from '../framework/context.ts';
import {
  type AnySelect,
  type Api,
  type CollectionDecl,
  filtered,
  type ResourceDeps,
  sortKeys,
} from '../framework/index.ts';
import { checkOffset, MAX_OFFSET } from '../framework/paging.ts';
import { hydraPage } from '../framework/view.ts';
import { businessProviderIri } from '../organizations/shape.ts';
import { COMMISSION_FILTERS, COMMISSION_ROLES, commissions } from './source.ts';

interface SummaryRow {
  year: number;
  business_provider_id: number;
  business_provider: string;
  amound_paid: number;
  nbr_commissions: number;
  nbr_contracts: number;
}

export const SUMMARY_DECL: CollectionDecl = {
  paths: ['/api/commissions_list'],
  resource: 'CommissionSummary',
  roles: COMMISSION_ROLES,
  source: commissions,
  order: {
    year: 'summary.year',
    businessProvider: 'summary.business_provider',
    amoundPaid: 'summary.amound_paid',
    nbrCommissions: 'summary.nbr_commissions',
    nbrContracts: 'summary.nbr_contracts',
  },
  defaultOrder: [
    { field: 'year', direction: 'desc' },
    { field: 'businessProvider', direction: 'asc' },
  ],
  ...COMMISSION_FILTERS,
};

const member = (r: SummaryRow) => {
  const id = `${r.year}-${r.business_provider_id}`;
  return {
    '@id': `/api/commissions_list/${id}`,
    '@type': 'CommissionSummary',
    id,
    year: r.year,
    businessProvider: r.business_provider,
    businessProviderId: r.business_provider_id,
    businessProviderIri: businessProviderIri(r.business_provider_id),
    amoundPaid: r.amound_paid,
    nbrCommissions: r.nbr_commissions,
    nbrContracts: r.nbr_contracts,
  };
};

export function registerDashboard(api: Api, deps: ResourceDeps): void {
  for (const path of SUMMARY_DECL.paths) {
    api.get(path, async (request, reply) => {
      const ctx = await contextOf(request, deps, SUMMARY_DECL.roles);
      const { qb, query } = filtered(SUMMARY_DECL, ctx);
      checkOffset(query.offset);
      const grouped = (qb as AnySelect)
        .select([
          'commission.year',
          'commission.business_provider_id',
          'organization.legalname as business_provider',
          sql<number>`sum(commission.amound_paid)`.as('amound_paid'),
          sql<number>`count(*)::int`.as('nbr_commissions'),
          sql<number>`count(DISTINCT commission.contract_id)::int`.as('nbr_contracts'),
        ])
        .groupBy(['commission.year', 'commission.business_provider_id', 'organization.legalname'])
        .as('summary');

      let page = ctx.db.selectFrom(grouped).selectAll() as AnySelect;
      for (const key of sortKeys(query, 'summary.business_provider_id')) {
        page = page.orderBy(sql.ref(key.column), key.direction);
      }
      page = page.limit(query.itemsPerPage + 1).offset(query.offset);
      const totals = ctx.db
        .selectFrom(grouped)
        .select([
          sql<number>`count(*)::int`.as('groups'),
          sql<number>`coalesce(sum(summary.amound_paid), 0)`.as('amound_paid'),
          sql<number>`coalesce(sum(summary.nbr_commissions), 0)::int`.as('nbr_commissions'),
        ]);
      const [rows, total] = await Promise.all([
        page.execute() as Promise<SummaryRow[]>,
        totals.executeTakeFirstOrThrow(),
      ]);
      const body = hydraPage(
        {
          resource: SUMMARY_DECL.resource,
          url: request.url,
          query,
          totalItems: total.groups,
          lowerBound: false,
          hasNext: rows.length > query.itemsPerPage,
          previousReachable: (query.page - 2) * query.itemsPerPage <= MAX_OFFSET,
        },
        rows.slice(0, query.itemsPerPage).map(member),
      );
      return sendJsonLd(reply, {
        ...body,
        commissionTotals: {
          amoundPaid: Number(total.amound_paid),
          nbrCommissions: total.nbr_commissions,
        },
      });
    });
  }
}
