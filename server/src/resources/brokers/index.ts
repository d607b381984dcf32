// Sellers (brokers; spec §3, §7): GET /api/brokers, /api/brokers/{id} (PROFILE_ADMIN_AGEO,
// VIEW_SELLER or PROFILE_MANAGER), and /api/brokers_with_contract, the sellers holding at least
// one contract in the caller's scope, only for PROFILE_MANAGER (spec §6; 403 otherwise),
// optionally narrowed to the contracts of one product. POST /api/brokers creates a seller
// (server/src/users/create.ts, on the framework's write path).
import { type Expression, type SqlBool, sql } from 'kysely';
import { Broker } from '../../../../src/domain/schema/seller.ts';
import { contractScope, type DataScope } from '../../scope/index.ts';
import { createMember } from '../../users/create.ts';
import { genericResource } from '../framework/generic.ts';
import { type Api, custom, type ResourceDeps } from '../framework/index.ts';
import { listParams } from '../framework/schema.ts';
import { narrowed } from '../framework/source.ts';
import { optionCollection } from '../organizations/optionList.ts';
import { invitationOnCreate } from '../users/invitation.ts';
import { USER_TYPE, usersOfType } from './member.ts';

const WITH_CONTRACT_ROLES = ['PROFILE_MANAGER'] as const;

const brokers = usersOfType(Broker, USER_TYPE.seller);

/** The seller holds a contract in scope (of this product, when given). */
function holdsContract(scope: DataScope, product?: number): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM customer_portfolio AS held
    JOIN contract AS held_contract ON held_contract.id = held.contract_id
    WHERE held.broker_id = app_user.id AND ${contractScope(scope, 'held_contract')}
    ${product === undefined ? sql`` : sql`AND held_contract.product_id = ${product}`})`;
}

const brokersWithContract = narrowed(brokers, (ctx) => holdsContract(ctx.scope));

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  // POST: the body API Platform takes, checked by the rules of server/src/users/create.ts.
  await genericResource(api, deps, Broker, {
    source: brokers,
    partnerColumn: 'app_user.partner_id',
    create: (trx, body, ctx) => createMember(trx, ctx.principal, 'seller', body),
    // No password in that body: the new account is invited to choose one.
    committed: invitationOnCreate(api, deps),
  });
  const list = listParams(Broker);
  // Not a class of its own: sellers, narrowed to those holding a contract (spec §7).
  optionCollection(api, deps, {
    ...list,
    paths: ['/api/brokers_with_contract'],
    roles: WITH_CONTRACT_ROLES,
    source: brokersWithContract,
    filters: {
      ...list.filters,
      'customerPortfolios.contract.product.id': custom('id', (product: number, ctx) =>
        holdsContract(ctx.scope, product),
      ),
    },
  });
}
