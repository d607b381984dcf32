// Sellers (brokers) and managers (supervisors) as their declarations say (spec §3 "Seller/broker and
// manager"): id, username, roles, enabled, employee (civility, firstname, lastname, jobFunction,
// organization legalname, managedBy), sellerCode, partnerId. Both are app_user rows, told apart
// by their profile type (spec §6: 3 manager, 4 seller); both are scoped with brokerScope
// (operator: all; partner admin: its partner's users; manager: itself and its sellers; seller:
// itself).
import type { Broker, Supervisor } from '../../../../src/domain/schema/seller.ts';
import { givenRolesOfRow, givenRolesSql } from '../../auth/rights.ts';
import { brokerScope } from '../../scope/index.ts';
import { type AnySelect, type Ctx, iri } from '../framework/index.ts';
import { classSource } from '../framework/schema.ts';
import { organizationIri, organizationsByIds } from '../organizations/shape.ts';

export const USER_TYPE = { manager: 3, seller: 4 } as const;

const supervisorIri = (id: number) => iri('/api/supervisors', id);

async function managersOf(ctx: Ctx, ids: ReadonlyArray<number | null>) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map<number, { id: number; firstname: string; lastname: string }>();
  const rows = await ctx.db
    .selectFrom('app_user')
    .select(['id', 'firstname', 'lastname'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** A source of the users of the class's profile type, in the caller's scope. */
export function usersOfType(decl: typeof Broker | typeof Supervisor, userType: number) {
  return classSource(decl, {
    from: (ctx) =>
      ctx.db
        .selectFrom('app_user')
        .where('app_user.user_type', '=', userType)
        .where(brokerScope(ctx.scope, 'app_user')) as AnySelect,
    select: (qb) =>
      qb.select([
        // Its roles as given: its own and its profile's (server/src/auth/rights.ts).
        givenRolesSql.as('roles'),
        'app_user.user_type',
        'app_user.civility',
        'app_user.firstname',
        'app_user.lastname',
        'app_user.job_function',
        'app_user.organization_id',
        'app_user.managed_by',
      ]),
    async compute(rows, ctx) {
      const [organizations, managers, type] = await Promise.all([
        organizationsByIds(
          ctx,
          rows.map((r) => r.organization_id),
        ),
        managersOf(
          ctx,
          rows.map((r) => r.managed_by),
        ),
        // Its label as the administration names it (the user_type table, migration 012).
        ctx.db.selectFrom('user_type').select('name').where('id', '=', userType).executeTakeFirst(),
      ]);
      return rows.map((r) => {
        const organization =
          r.organization_id === null ? undefined : organizations.get(r.organization_id);
        const manager = r.managed_by === null ? undefined : managers.get(r.managed_by);
        return {
          roles: givenRolesOfRow(r.roles),
          userType: { id: r.user_type, label: type?.name ?? null },
          employee: {
            civility: r.civility,
            firstname: r.firstname,
            lastname: r.lastname,
            jobFunction: r.job_function,
            organization: organization
              ? {
                  '@id': organizationIri(organization.id),
                  id: organization.id,
                  legalname: organization.legalname,
                }
              : null,
            managedBy: manager
              ? {
                  '@id': supervisorIri(manager.id),
                  id: manager.id,
                  firstname: manager.firstname,
                  lastname: manager.lastname,
                }
              : null,
          },
        };
      });
    },
  });
}
