// Subscriptions, spec partner-extranet §7 "Insured and benefits", from their declaration
// (src/domain/schema/insured.ts):
//   GET /api/insureds/{id}/subscriptions?page
//   GET /api/subscriptions_by_contract?contract={id}&page
// plus the item /api/subscriptions/{id}. Default sort: startAt descending (§9). A parent
// (insured or contract) unknown or outside the scope: 404.
import { sql } from 'kysely';
import { INSURED_ROLES, Subscription } from '../../../../src/domain/schema/insured.ts';
import { type Api, collection, ignored, item, type ResourceDeps } from '../framework/index.ts';
import { hydraClass, itemBase, listParams } from '../framework/schema.ts';
import { subscriptions } from '../insureds/source.ts';
import { pathParent, queryId, queryParent } from '../parents.ts';

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Subscription));
  const list = { ...listParams(Subscription), source: subscriptions, keyset: true };

  collection(api, deps, {
    ...list,
    paths: ['/api/insureds/:id/subscriptions'],
    check: pathParent('insured'),
    where: (ctx) => sql<boolean>`subscription.insured_id = ${ctx.pathId()}`,
  });

  collection(api, deps, {
    ...list,
    paths: ['/api/subscriptions_by_contract'],
    check: queryParent('contract', 'contract'),
    filters: { ...list.filters, contract: ignored }, // the parent, applied by `where`
    where: (ctx) => sql<boolean>`subscription.contract_id = ${queryId(ctx, 'contract')}`,
  });

  item(api, deps, {
    paths: [`${itemBase(Subscription)}/:id`],
    resource: Subscription.name,
    roles: INSURED_ROLES,
    source: subscriptions,
    notFound: Subscription.messages?.notFound,
  });
}
