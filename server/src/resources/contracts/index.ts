// Contracts (spec §7 "Contracts"): the list at /api/contrats and the older /contrats, the
// item at /api/contracts/{id} and /contrats/{id}, the lists of a customer, a product and a
// supervisor, and the statistics block. Reference lists (states, types, categories, menus)
// are in ../contractReference.
import { type Expression, type SqlBool, sql } from 'kysely';
import { Contract } from '../../../../src/domain/schema/contract.ts';
import { type Api, type Ctx, collection, item, type ResourceDeps } from '../framework/index.ts';
import { hydraClass } from '../framework/schema.ts';
import { pathParent, queryId, queryParent } from '../parents.ts';
import { contractList } from './list.ts';
import { contracts } from './source.ts';
import { registerStatistics } from './statistics.ts';

const NEWEST_FIRST = [{ field: 'dateDebVal', direction: 'desc' }] as const;
const OLDEST_FIRST = [{ field: 'dateDebVal', direction: 'asc' }] as const;

/**
 * Contracts held by a supervisor's team: itself and the sellers it manages
 * (GET /api/contracts_by_supervisor?supervisor={id}). The team is an InitPlan of the same
 * query, so the GIN index on broker_ids still answers; the data scope applies on top.
 */
function supervisorTeam(ctx: Ctx): Expression<SqlBool> {
  const id = queryId(ctx, 'supervisor');
  return sql<SqlBool>`contract.broker_ids && (ARRAY(SELECT app_user.id FROM app_user
    WHERE app_user.managed_by = ${id}) || ${id}::int)`;
}

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Contract));

  collection(api, deps, contractList(['/api/contrats', '/contrats'], NEWEST_FIRST));
  item(api, deps, {
    paths: ['/api/contracts/:id', '/contrats/:id'],
    resource: 'Contract',
    source: contracts,
    notFound: Contract.messages?.notFound,
  });

  // Per-context lists (spec §9: ascending; a customer's contracts by state).
  // A customer outside the scope, or unknown: 404, as its item (an empty list would confirm
  // it exists). Products are reference data: only an unknown one is a 404.
  collection(api, deps, {
    ...contractList(
      ['/api/customers/:id/contracts'],
      [
        { field: 'state', direction: 'asc' },
        { field: 'dateDebVal', direction: 'asc' },
      ],
      (ctx) => sql<SqlBool>`contract.customer_id = ${ctx.pathId()}`,
    ),
    check: pathParent('customer'),
  });
  collection(api, deps, {
    ...contractList(
      ['/api/products/:id/contracts'],
      OLDEST_FIRST,
      (ctx) => sql<SqlBool>`contract.product_id = ${ctx.pathId()}`,
    ),
    check: pathParent('product'),
  });
  collection(api, deps, {
    ...contractList(['/api/contracts_by_supervisor'], OLDEST_FIRST, supervisorTeam),
    check: queryParent('supervisor', 'supervisor'),
  });
  registerStatistics(api, deps);
}
