// Subscriptions, spec partner-extranet §7 "Insured and benefits":
//   GET /api/insureds/{id}/subscriptions?page
//   GET /api/subscriptions_by_contract?contract={id}&page
// plus the item /api/subscriptions/{id}. Default sort: startAt descending (§9). A parent
// (insured or contract) unknown or outside the scope: 404.
import { sql } from 'kysely';
import {
  type Api,
  type CollectionDecl,
  collection,
  exact,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import { INSURED_ROLES } from '../insureds/index.ts';
import { pathParent, queryId, queryParent, withParent } from '../insureds/parents.ts';
import { subscriptions } from './source.ts';

const common: Omit<CollectionDecl, 'paths' | 'where'> = {
  resource: 'Subscription',
  roles: INSURED_ROLES,
  source: subscriptions,
  order: {
    id: 'subscription.id',
    startAt: 'subscription.start_at',
    start: 'subscription.start_at', // spec §7: start maps to startAt
    endAt: 'subscription.end_at',
    lbContrat: 'contract.lb_contrat', // spec §7: lbContrat maps to contract.*
    'contract.lbContrat': 'contract.lb_contrat',
    'insured.lastname': 'insured.lastname',
    'insured.firstname': 'insured.firstname',
  },
  defaultOrder: [{ field: 'startAt', direction: 'desc' }],
  keyset: true,
  nullableOrder: ['endAt'],
  filters: {
    'contract.id': exact('subscription.contract_id', 'id'),
    'insured.id': exact('subscription.insured_id', 'id'),
    'insured.firstname': partial('insured.firstname'),
    'insured.lastname': partial('insured.lastname'),
    'assure.firstname': partial('insured.firstname'),
    'assure.lastname': partial('insured.lastname'),
  },
  dates: { startAt: 'subscription.start_at', endAt: 'subscription.end_at' },
};

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'Subscription',
    title: 'Adhésion',
    properties: [
      { name: 'startAt', range: 'xmls:date', title: 'Début', required: true },
      { name: 'endAt', range: 'xmls:date', title: 'Fin' },
      { name: 'insured', range: '#Insured', title: 'Assuré' },
      { name: 'contract', range: '#Contract', title: 'Contrat' },
    ],
  });

  await withParent(api, deps, INSURED_ROLES, pathParent('insured'), (child) =>
    collection(child, deps, {
      ...common,
      paths: ['/api/insureds/:id/subscriptions'],
      where: (ctx) => sql<boolean>`subscription.insured_id = ${ctx.pathId()}`,
    }),
  );

  await withParent(api, deps, INSURED_ROLES, queryParent('contract', 'contract'), (child) =>
    collection(child, deps, {
      ...common,
      paths: ['/api/subscriptions_by_contract'],
      where: (ctx) => sql<boolean>`subscription.contract_id = ${queryId(ctx, 'contract')}`,
      filters: { ...common.filters, contract: { kind: 'ignored' } },
    }),
  );

  item(api, deps, {
    paths: ['/api/subscriptions/:id'],
    resource: 'Subscription',
    roles: INSURED_ROLES,
    source: subscriptions,
    notFound: 'Cette adhésion est introuvable.',
  });
}
