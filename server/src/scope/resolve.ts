// Who may see which business rows: the data scope of a signed-in user (issue 3, spec §6),
// computed once per request from the most powerful profile among the EXPANDED roles. The
// expansion of an administrator's roles also holds PROFILE_SELLER, so the rule reads the
// hierarchy from its top down and stops at the first profile found.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { DB } from '../db/schema.ts';

export type DataScope =
  /** The operator's administrators (PROFILE_ADMIN_AGEO): every row. */
  | { kind: 'all' }
  /** Partner administrators and group users: the rows of one partner organisation. */
  | { kind: 'partner'; partnerId: number }
  /** Managers (themselves and the sellers they supervise) and sellers (themselves). */
  | { kind: 'brokers'; brokerIds: readonly number[] }
  /** Anyone else: no business row at all. */
  | { kind: 'none' };

export const NO_SCOPE: DataScope = { kind: 'none' };

/** Whether the principal's scope is every partner's data (the operator's administrators). */
export const seesEveryPartner = (principal: Principal): boolean =>
  principal.roles.includes('PROFILE_ADMIN_AGEO');

export async function resolveScope(principal: Principal, db: Kysely<DB>): Promise<DataScope> {
  const roles = new Set(principal.roles);
  if (seesEveryPartner(principal)) return { kind: 'all' };
  if (roles.has('PROFILE_ADMIN_PARTNER') || roles.has('PROFILE_GROUP')) {
    return principal.partnerId === null
      ? NO_SCOPE
      : { kind: 'partner', partnerId: principal.partnerId };
  }
  if (principal.userId === null) return NO_SCOPE;
  if (roles.has('PROFILE_MANAGER')) {
    const team = await db
      .selectFrom('app_user')
      .select('id')
      .where('managed_by', '=', principal.userId)
      .orderBy('id')
      .execute();
    return { kind: 'brokers', brokerIds: [principal.userId, ...team.map((u) => u.id)] };
  }
  if (roles.has('PROFILE_SELLER')) return { kind: 'brokers', brokerIds: [principal.userId] };
  return NO_SCOPE;
}

// One resolution per request, whatever number of handlers and helpers ask for it.
const perRequest = new WeakMap<FastifyRequest, Promise<DataScope>>();

/** The scope of the request's principal; none when the request carries no principal. */
export function scopeOf(request: FastifyRequest, db: Kysely<DB>): Promise<DataScope> {
  let scope = perRequest.get(request);
  if (!scope) {
    scope = request.principal ? resolveScope(request.principal, db) : Promise.resolve(NO_SCOPE);
    perRequest.set(request, scope);
  }
  return scope;
}
