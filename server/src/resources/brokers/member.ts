// Sellers (brokers) and managers (supervisors) as the API shows them (spec §3 "Seller/broker and
// manager"): id, username, roles, enabled, employee (civility, firstname, lastname, jobFunction,
// organization legalname, managedBy), sellerCode, partnerId. Both are app_user rows, told apart
// by their profile type (spec §6: 3 manager, 4 seller); both are scoped with brokerScope
// (operator: all; partner admin: its partner's users; manager: itself and its sellers; seller:
// itself).
import type { Selectable } from 'kysely';
import { rolesFromString } from '../../../../src/domain/roles.ts';
import type { AppUserTable } from '../../db/schema.ts';
import { brokerScope } from '../../scope/index.ts';
import { type Ctx, defineSource, exact, iri, partial } from '../framework/index.ts';
import { organizationIri, organizationsByIds } from '../organizations/shape.ts';

/** Profile types of spec §6 and their French labels (the `type` sort reads userType.label). */
export const USER_TYPE_LABELS: Readonly<Record<number, string>> = {
  1: 'Administrateur AGEO',
  2: 'Administrateur partenaire',
  3: 'Manager',
  4: 'Vendeur',
};
export const USER_TYPE = { manager: 3, seller: 4 } as const;

export const brokerIri = (id: number) => iri('/api/brokers', id);
export const supervisorIri = (id: number) => iri('/api/supervisors', id);

type UserRow = Omit<Selectable<AppUserTable>, 'password_hash'>;

const COLUMNS = [
  'app_user.id',
  'app_user.username',
  'app_user.realm',
  'app_user.email',
  'app_user.civility',
  'app_user.firstname',
  'app_user.lastname',
  'app_user.job_function',
  'app_user.enabled',
  'app_user.roles',
  'app_user.user_type',
  'app_user.organization_id',
  'app_user.partner_id',
  'app_user.managed_by',
  'app_user.seller_code',
  'app_user.id_sso',
  'app_user.last_logged',
  'app_user.created_at',
] as const;

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

/** A source of users of one profile type, in the caller's scope. */
export function usersOfType(userType: number, type: 'Broker' | 'Supervisor') {
  const self = type === 'Broker' ? brokerIri : supervisorIri;
  return defineSource({
    from: (ctx) =>
      ctx.db
        .selectFrom('app_user')
        .where('app_user.user_type', '=', userType)
        .where(brokerScope(ctx.scope, 'app_user')),
    id: 'app_user.id',
    select: (qb) => qb.select([...COLUMNS]),
    async members(rows: UserRow[], ctx) {
      const [organizations, managers] = await Promise.all([
        organizationsByIds(
          ctx,
          rows.map((r) => r.organization_id),
        ),
        managersOf(
          ctx,
          rows.map((r) => r.managed_by),
        ),
      ]);
      return rows.map((r) => {
        const organization =
          r.organization_id === null ? undefined : organizations.get(r.organization_id);
        const manager = r.managed_by === null ? undefined : managers.get(r.managed_by);
        return {
          '@id': self(r.id),
          '@type': type,
          id: r.id,
          username: r.username,
          email: r.email,
          roles: rolesFromString(r.roles),
          enabled: r.enabled,
          userType: { id: r.user_type, label: USER_TYPE_LABELS[r.user_type] ?? null },
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
          sellerCode: r.seller_code,
          partnerId: r.partner_id,
        };
      });
    },
  });
}

/** Sort fields of both lists (spec §7: type maps to userType.label; one type per list). */
export const USER_ORDER = {
  id: 'app_user.id',
  username: 'app_user.username',
  enabled: 'app_user.enabled',
  sellerCode: 'app_user.seller_code',
  'employee.lastname': 'app_user.lastname',
  'employee.firstname': 'app_user.firstname',
  'employee.jobFunction': 'app_user.job_function',
  lastname: 'app_user.lastname',
  firstname: 'app_user.firstname',
  type: 'app_user.user_type',
  'userType.label': 'app_user.user_type',
} as const;

export const USER_FILTERS = {
  id: exact('app_user.id', 'id'),
  username: partial('app_user.username'),
  enabled: exact('app_user.enabled', 'boolean'),
  sellerCode: partial('app_user.seller_code'),
  'employee.lastname': partial('app_user.lastname'),
  'employee.firstname': partial('app_user.firstname'),
  lastname: partial('app_user.lastname'),
  firstname: partial('app_user.firstname'),
  'employee.managedBy': exact('app_user.managed_by', 'id'),
  managedBy: exact('app_user.managed_by', 'id'),
  partnerId: exact('app_user.partner_id', 'id'),
} as const;

/** Writeable ones are those POST takes (server/src/users/fields.ts). */
export const USER_PROPERTIES = [
  { name: 'id', title: 'Identifiant', range: 'xmls:integer' },
  {
    name: 'username',
    title: 'Identifiant de connexion',
    range: 'xmls:string',
    required: true,
    writeable: true,
  },
  { name: 'email', title: 'Courriel', range: 'xmls:string', required: true, writeable: true },
  { name: 'roles', title: 'Rôles', writeable: true },
  { name: 'enabled', title: 'Actif', range: 'xmls:boolean', writeable: true },
  { name: 'userType', title: 'Profil' },
  { name: 'employee', title: 'Salarié', required: true, writeable: true },
  { name: 'sellerCode', title: 'Code vendeur', range: 'xmls:string', writeable: true },
  { name: 'partnerId', title: 'Partenaire', range: 'xmls:integer', writeable: true },
] as const;
