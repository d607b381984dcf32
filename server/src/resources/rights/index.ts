// Rights administration (spec administration §7; src/domain/schema/rights.ts): realms, role
// themes, user types, profiles and the history are plain classes served from their declaration
// (server/src/resources/index.ts). Here: the profiles per realm (a join to name them), the
// roles with their rules, and the roles tree's operations.
import { ProfileRealm, Role } from '../../../../src/domain/schema/rights.ts';
import { genericResource } from '../framework/generic.ts';
import type { Api, ResourceDeps } from '../framework/index.ts';
import { classSource } from '../framework/schema.ts';
import type { AnySelect } from '../framework/source.ts';
import { checkRole, prepareRole } from './roleRules.ts';
import { registerTree } from './tree.ts';

const profileRealms = classSource(ProfileRealm, {
  from: (ctx) =>
    ctx.db
      .selectFrom('profile_realm')
      .innerJoin('profile', 'profile.id', 'profile_realm.profile_id')
      .innerJoin('realm', 'realm.id', 'profile_realm.realm_id') as AnySelect,
});

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  await genericResource(api, deps, ProfileRealm, { source: profileRealms });
  // The tree's operations first: /api/roles/updateRolesTree is no role id.
  await registerTree(api, deps);
  await genericResource(api, deps, Role, {
    prepare: prepareRole,
    check: (trx, values, _ctx, id) => checkRole(trx as never, values, id),
  });
}
