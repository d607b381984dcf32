// Premiums (cotisations), spec partner-extranet §7 "Premiums":
//   GET /cotisations?page&order&filters (also contrat.customer, contrat.id, assure.id)
//   GET /api/contracts/{id}/cotisations?page&order[id]=desc plus sort and filters
//   GET /api/cotisations_by_customers?contrat.customer={id}&page
//   GET /api/insureds/{id}/cotisations?page
// plus /api/cotisations (same list) and the item /api/cotisations/{id}. Default sort: dtDebVal
// descending (§9). A parent (contract, customer, insured) unknown or out of scope: 404.
import { sql } from 'kysely';
import { Premium } from '../../../../src/domain/schema/premium.ts';
import { type Api, collection, item, type ResourceDeps } from '../framework/index.ts';
import { hydraClass } from '../framework/schema.ts';
import { INSURED_ROLES } from '../insureds/index.ts';
import { pathParent, queryId, queryParent } from '../parents.ts';
import { PREMIUM_COLLECTION } from './declaration.ts';
import { premiums } from './source.ts';

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Premium));

  collection(api, deps, { ...PREMIUM_COLLECTION, paths: ['/api/cotisations', '/cotisations'] });

  collection(api, deps, {
    ...PREMIUM_COLLECTION,
    paths: ['/api/contracts/:id/cotisations'],
    check: pathParent('contract'),
    where: (ctx) => sql<boolean>`premium.contract_id = ${ctx.pathId()}`,
  });

  collection(api, deps, {
    ...PREMIUM_COLLECTION,
    paths: ['/api/cotisations_by_customers'],
    check: queryParent('customer', 'contrat.customer'),
    where: (ctx) => sql<boolean>`contract.customer_id = ${queryId(ctx, 'contrat.customer')}`,
  });

  collection(api, deps, {
    ...PREMIUM_COLLECTION,
    paths: ['/api/insureds/:id/cotisations'],
    check: pathParent('insured'),
    where: (ctx) => sql<boolean>`premium.insured_id = ${ctx.pathId()}`,
  });

  item(api, deps, {
    paths: ['/api/cotisations/:id', '/cotisations/:id'],
    resource: Premium.name,
    roles: INSURED_ROLES,
    source: premiums,
    notFound: Premium.messages?.notFound,
  });
}
