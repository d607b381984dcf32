// Customers (souscripteurs, subscriber companies; spec §3 "Customer", §7): GET /api/customers
// and /api/customers/{id}. A customer is in scope when it belongs to the caller's partner or
// holds a contract in the caller's scope (server/src/scope customerScope); its counts only
// count contracts in scope (counts.ts). Default sort: id ascending (spec §9).
import { type SqlBool, sql } from 'kysely';
import { Customer } from '../../../../src/domain/schema/customer.ts';
import { collectionPath } from '../../../../src/domain/schema/types.ts';
import { customerGroupIri } from '../customerGroups/index.ts';
import {
  type AnySelect,
  type Api,
  type Ctx,
  collection,
  customList,
  exact,
  iri,
  item,
  parseId,
  type ResourceDeps,
} from '../framework/index.ts';
import { classSource, hydraClass, listParams } from '../framework/schema.ts';
import { countsOf, joinCounts, sortsOnCounts } from './counts.ts';
import { customerInScope } from './scope.ts';

export const customerIri = (id: number) => iri('/api/customers', id);

async function groupsOf(ctx: Ctx, ids: ReadonlyArray<number | null>) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map<number, { id: number; label: string }>();
  const rows = await ctx.db
    .selectFrom('customer_group')
    .select(['id', 'label'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** A group named by its id, its IRI or its Hermes code (as the contract list reads it). */
const inGroup = (column: 'customer_group_id' | 'secondary_group_id') => (values: string[]) => {
  const ids = values.map(parseId).filter((id): id is number => id !== undefined);
  const codes = values.filter((v) => parseId(v) === undefined);
  const byId = ids.length ? sql`g.id IN (${sql.join(ids)})` : sql`false`;
  const byCode = codes.length ? sql`g.hermes_id IN (${sql.join(codes)})` : sql`false`;
  return sql<SqlBool>`${sql.ref(`customer.${column}`)} IN (SELECT g.id FROM customer_group AS g
    WHERE ${byId} OR ${byCode})`;
};

const customers = classSource(Customer, {
  from: (ctx) => {
    const scoped = ctx.db.selectFrom('customer').where(customerInScope(ctx.scope, 'customer'));
    return (sortsOnCounts(ctx.query) ? joinCounts(ctx, scoped) : scoped) as AnySelect;
  },
  select: (qb) => qb.select(['customer.customer_group_id', 'customer.secondary_group_id']),
  async compute(rows, ctx) {
    const ids = rows.map((r) => r.id as number);
    const [counts, groups] = await Promise.all([
      countsOf(ctx, ids),
      groupsOf(
        ctx,
        rows.flatMap((r) => [r.customer_group_id, r.secondary_group_id]),
      ),
    ]);
    const group = (id: number | null) => {
      const g = id === null ? undefined : groups.get(id);
      return g ? { '@id': customerGroupIri(g.id), id: g.id, label: g.label } : null;
    };
    return rows.map((r) => ({
      customerGroup: group(r.customer_group_id),
      secondaryGroup: group(r.secondary_group_id),
      numberOfContract: counts.get(r.id)?.numberOfContract ?? 0,
      nbrBeneficiary: counts.get(r.id)?.nbrBeneficiary ?? 0,
    }));
  },
});

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Customer));
  collection(api, deps, {
    ...listParams(Customer, {
      filters: {
        'customerGroup.id': exact('customer.customer_group_id', 'id'),
        hermesGroupeClientId: customList('string', inGroup('customer_group_id')),
        hermesGroupeClientSecondaireId: customList('string', inGroup('secondary_group_id')),
      },
    }),
    paths: [collectionPath(Customer)],
    source: customers,
    // Every sort column is NOT NULL (the counts are 0 when nothing is in scope): past the
    // counted rows, hydra:next carries a keyset cursor (a large book has 100,000 customers).
    keyset: true,
  });
  item(api, deps, {
    paths: ['/api/customers/:id'],
    resource: Customer.name,
    source: customers,
    notFound: Customer.messages?.notFound,
  });
}
