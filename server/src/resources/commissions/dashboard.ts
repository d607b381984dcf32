// The commissions dashboard (spec §7 GET /api/commissions_list?page): the commissions in the
// caller's scope, filtered as the list is, summed per year and business provider (amount paid,
// number of commissions): a Hydra collection of CommissionSummary rows, newest year first,
// then providers by name, with the totals of every row under `commissionTotals`.
//
// One query: the scoped, filtered commissions (no display join) grouped by year and provider
// id, the provider's name joined to the few groups only, and the totals taken by window
// functions over the groups before the page is cut. A sum over every commission in scope is
// the dashboard's cost (about 0.5 s per million commissions for the operator on PostgreSQL).
import { type SqlBool, sql } from 'kysely';
import { CommissionSummary } from '../../../../src/domain/schema/commission.ts';
import { collectionPath } from '../../../../src/domain/schema/types.ts';
import { httpError } from '../../http/problem.ts';
import { sendJsonLd } from '../../hydra/jsonld.ts';
import { contextOf } from '../framework/context.ts';
import {
  type AnySelect,
  type Api,
  type CollectionDecl,
  customList,
  filtered,
  type ResourceDeps,
  sortKeys,
} from '../framework/index.ts';
import { checkOffset, MAX_OFFSET } from '../framework/paging.ts';
import { listParams } from '../framework/schema.ts';
import { hydraSearch, searchMappings } from '../framework/search.ts';
import { hydraPage } from '../framework/view.ts';
import { businessProviderIri } from '../organizations/shape.ts';
import { COMMISSION_LIST, commissions } from './source.ts';

interface SummaryRow {
  year: number;
  business_provider_id: number;
  business_provider: string;
  amound_paid: number;
  nbr_commissions: number;
  total_groups: number;
  total_paid: number;
  total_commissions: number;
}

const { order, defaultOrder } = listParams(CommissionSummary);

export const SUMMARY_DECL: CollectionDecl = {
  paths: [collectionPath(CommissionSummary)],
  resource: CommissionSummary.name,
  roles: CommissionSummary.access.read,
  source: commissions,
  order,
  defaultOrder,
  // Filtered as the commissions list is, and by the summaries' own ids.
  dates: COMMISSION_LIST.dates,
  filters: { ...COMMISSION_LIST.filters, id: customList('string', summaryIds) },
};

/** `id[]=/api/commissions_list/2025-12` (or `2025-12`): the groups of those year and provider. */
function summaryIds(values: string[]) {
  const pairs = values.map((value) => {
    const match = /(?:^|\/)(\d{4})-(\d{1,9})$/.exec(value);
    if (!match) {
      throw httpError(
        400,
        'Le paramètre « id » doit être un identifiant de la forme année-apporteur (2025-12) ou son IRI.',
      );
    }
    return sql`(${Number(match[1])}, ${Number(match[2])})`;
  });
  return sql<SqlBool>`(commission.year, commission.business_provider_id) IN (${sql.join(pairs)})`;
}

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
  };
};

export function registerDashboard(api: Api, deps: ResourceDeps): void {
  const mappings = searchMappings(SUMMARY_DECL);
  for (const path of SUMMARY_DECL.paths) {
    api.get(path, async (request, reply) => {
      const ctx = await contextOf(request, deps, SUMMARY_DECL.roles);
      const { qb, query } = filtered(SUMMARY_DECL, ctx);
      checkOffset(query.offset, 'none');
      const grouped = (qb as AnySelect)
        .select([
          'commission.year',
          'commission.business_provider_id',
          sql<number>`sum(commission.amound_paid)`.as('amound_paid'),
          sql<number>`count(*)::int`.as('nbr_commissions'),
        ])
        .groupBy(['commission.year', 'commission.business_provider_id'])
        .as('summary');

      let page = ctx.db
        .selectFrom(grouped)
        .innerJoin('organization', 'organization.id', 'summary.business_provider_id')
        .selectAll('summary')
        .select([
          'organization.legalname as business_provider',
          sql<number>`count(*) OVER ()::int`.as('total_groups'),
          sql<number>`sum(summary.amound_paid) OVER ()`.as('total_paid'),
          sql<number>`sum(summary.nbr_commissions) OVER ()::int`.as('total_commissions'),
        ]) as AnySelect;
      for (const key of sortKeys(query, 'summary.business_provider_id')) {
        page = page.orderBy(sql.ref(key.column), key.direction);
      }
      const rows = (await page
        .limit(query.itemsPerPage + 1)
        .offset(query.offset)
        .execute()) as SummaryRow[];
      // Past the last group no row carries the totals: count them apart (rare).
      const totals = rows[0]
        ? {
            groups: rows[0].total_groups,
            paid: Number(rows[0].total_paid),
            commissions: rows[0].total_commissions,
          }
        : await ctx.db
            .selectFrom(grouped)
            .select([
              sql<number>`count(*)::int`.as('groups'),
              sql<number>`coalesce(sum(summary.amound_paid), 0)`.as('paid'),
              sql<number>`coalesce(sum(summary.nbr_commissions), 0)::int`.as('commissions'),
            ])
            .executeTakeFirstOrThrow()
            .then((t) => ({ groups: t.groups, paid: Number(t.paid), commissions: t.commissions }));

      const body = hydraPage(
        {
          resource: SUMMARY_DECL.resource,
          url: request.url,
          query,
          totalItems: totals.groups,
          lowerBound: false,
          hasNext: rows.length > query.itemsPerPage,
          previousReachable: (query.page - 2) * query.itemsPerPage <= MAX_OFFSET,
          offsetCap: MAX_OFFSET,
        },
        rows.slice(0, query.itemsPerPage).map(member),
      );
      return sendJsonLd(reply, {
        ...body,
        commissionTotals: { amoundPaid: totals.paid, nbrCommissions: totals.commissions },
        'hydra:search': hydraSearch(path, mappings),
      });
    });
  }
}
