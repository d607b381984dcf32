// Sellers (brokers; spec §3, §7): GET /api/brokers, /api/brokers/{id} (PROFILE_ADMIN_AGEO,
// VIEW_SELLER or PROFILE_MANAGER), and /api/brokers_with_contract, the sellers holding at least
// one contract in the caller's scope, only for PROFILE_MANAGER (spec §6; 403 otherwise),
// optionally narrowed to the contracts of one product. POST /api/brokers creates a seller
// (create.ts, server/src/users/).
import { type Expression, type SqlBool, sql } from 'kysely';
import type { HydraProperty } from '../../hydra/registry.ts';
import { contractScope, type DataScope } from '../../scope/index.ts';
import {
  type Api,
  collection,
  custom,
  defineSource,
  item,
  type ResourceDeps,
} from '../framework/index.ts';
import { optionCollection } from '../organizations/optionList.ts';
import { creation } from './create.ts';
import { USER_FILTERS, USER_ORDER, USER_PROPERTIES, USER_TYPE, usersOfType } from './member.ts';

const BROKER_ROLES = ['PROFILE_ADMIN_AGEO', 'VIEW_SELLER', 'PROFILE_MANAGER'] as const;
const WITH_CONTRACT_ROLES = ['PROFILE_MANAGER'] as const;

const brokers = usersOfType(USER_TYPE.seller, 'Broker');

/** The seller holds a contract in scope (of this product, when given). */
function holdsContract(scope: DataScope, product?: number): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM customer_portfolio AS held
    JOIN contract AS held_contract ON held_contract.id = held.contract_id
    WHERE held.broker_id = app_user.id AND ${contractScope(scope, 'held_contract')}
    ${product === undefined ? sql`` : sql`AND held_contract.product_id = ${product}`})`;
}

const brokersWithContract = defineSource({
  ...brokers,
  from: (ctx) => brokers.from(ctx).where(holdsContract(ctx.scope)),
});

const LIST = {
  resource: 'Broker',
  order: USER_ORDER,
  defaultOrder: [
    { field: 'employee.lastname', direction: 'asc' },
    { field: 'employee.firstname', direction: 'asc' },
  ],
  filters: USER_FILTERS,
} as const;

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'Broker',
    title: 'Vendeur',
    collection: { path: '/api/brokers', key: 'brokers', methods: ['GET', 'POST'] },
    properties: [...(USER_PROPERTIES as readonly HydraProperty[])],
  });
  collection(api, deps, { ...LIST, paths: ['/api/brokers'], roles: BROKER_ROLES, source: brokers });
  await creation(api, deps, {
    path: '/api/brokers',
    resource: 'Broker',
    member: 'seller',
    source: brokers,
  });
  item(api, deps, {
    paths: ['/api/brokers/:id'],
    resource: 'Broker',
    roles: BROKER_ROLES,
    source: brokers,
    notFound: 'Ce vendeur est introuvable.',
  });
  optionCollection(api, deps, {
    ...LIST,
    paths: ['/api/brokers_with_contract'],
    roles: WITH_CONTRACT_ROLES,
    source: brokersWithContract,
    filters: {
      ...USER_FILTERS,
      'customerPortfolios.contract.product.id': custom('id', (product: number, ctx) =>
        holdsContract(ctx.scope, product),
      ),
    },
  });
}
