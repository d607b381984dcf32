// Managers (supervisors; spec §3, §7), from their declaration (src/domain/schema/seller.ts):
// GET /api/supervisors and /api/supervisors/{id}, for PROFILE_ADMIN_AGEO, VIEW_MANAGER or
// PROFILE_ADMIN_PARTNER (spec §6; 403 otherwise), in the caller's scope (an operator sees all,
// a partner administrator its partner's managers). POST /api/supervisors creates a manager
// (server/src/users/create.ts, on the framework's write path).
import { Supervisor } from '../../../../src/domain/schema/seller.ts';
import { createMember } from '../../users/create.ts';
import { USER_TYPE, usersOfType } from '../brokers/member.ts';
import { genericResource } from '../framework/generic.ts';
import type { Api, ResourceDeps } from '../framework/index.ts';
import { invitationOnCreate } from '../users/invitation.ts';

const supervisors = usersOfType(Supervisor, USER_TYPE.manager);

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  // POST: the body API Platform takes, checked by the rules of server/src/users/create.ts.
  await genericResource(api, deps, Supervisor, {
    source: supervisors,
    partnerColumn: 'app_user.partner_id',
    create: (trx, body, ctx) => createMember(trx, ctx.principal, 'manager', body),
    // No password in that body: the new account is invited to choose one.
    committed: invitationOnCreate(api, deps),
  });
}
