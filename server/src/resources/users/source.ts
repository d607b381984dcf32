// The users an administrator manages, as the User declaration says (src/domain/schema/user.ts),
// in the caller's data scope: the operator's administrators see every account, a partner
// administrator its partner's (server/src/scope, brokerScope: the rule the sellers' and
// managers' lists already follow). References are embedded with what the screens show.
import { type Expression, type SqlBool, sql } from 'kysely';
import { rolesFromString } from '../../../../src/domain/roles.ts';
import { User } from '../../../../src/domain/schema/user.ts';
import { brokerScope } from '../../scope/index.ts';
import { custom } from '../framework/filters.ts';
import { type AnySelect, iri } from '../framework/index.ts';
import { classSource } from '../framework/schema.ts';

type Id = number | null;

const distinct = (ids: Id[]) => [...new Set(ids.filter((id): id is number => id !== null))];

/** Rows of `table` by id, for a page: one query per reference. */
async function rowsByIds<T extends { id: number }>(
  ids: Id[],
  load: (wanted: number[]) => Promise<T[]>,
): Promise<Map<number, T>> {
  const wanted = distinct(ids);
  return new Map(wanted.length ? (await load(wanted)).map((row) => [row.id, row]) : []);
}

/** The embedded record of a reference, or null. */
const embed = <T extends { id: number }>(
  base: string,
  found: Map<number, T>,
  id: Id,
  shape: (row: T) => Record<string, unknown>,
) => {
  const row = id === null ? undefined : found.get(id);
  return row ? { '@id': iri(base, row.id), id: row.id, ...shape(row) } : null;
};

type UserRow = {
  id: number;
  own_roles: string;
  user_type: number;
  id_sso: string | null;
  organization_id: Id;
  profile_realm_id: Id;
  pole_id: Id;
  access_group_id: Id;
  managed_by: Id;
};

export const users = classSource<UserRow>(User, {
  from: (ctx) =>
    ctx.db.selectFrom('app_user').where(brokerScope(ctx.scope, 'app_user')) as AnySelect,
  select: (qb) =>
    qb.select([
      'app_user.roles as own_roles',
      'app_user.user_type',
      'app_user.id_sso',
      'app_user.organization_id',
      'app_user.profile_realm_id',
      'app_user.pole_id',
      'app_user.access_group_id',
      'app_user.managed_by',
    ]),
  async compute(rows, ctx) {
    const ids = <K extends keyof UserRow>(key: K) => rows.map((r) => r[key] as Id);
    const db = ctx.db;
    const [types, organizations, profileRealms, poles, groups, managers] = await Promise.all([
      rowsByIds(ids('user_type'), (w) =>
        db.selectFrom('user_type').select(['id', 'name', 'role']).where('id', 'in', w).execute(),
      ),
      rowsByIds(ids('organization_id'), (w) =>
        db
          .selectFrom('organization')
          .select(['id', 'legalname', 'type_id', 'parent_id'])
          .where('id', 'in', w)
          .execute(),
      ),
      rowsByIds(ids('profile_realm_id'), (w) =>
        db
          .selectFrom('profile_realm')
          .innerJoin('profile', 'profile.id', 'profile_realm.profile_id')
          .innerJoin('realm', 'realm.id', 'profile_realm.realm_id')
          .select([
            'profile_realm.id',
            'profile.id as profileId',
            'profile.name as profileName',
            'realm.id as realmId',
            'realm.name as realmName',
          ])
          .where('profile_realm.id', 'in', w)
          .execute(),
      ),
      rowsByIds(ids('pole_id'), (w) =>
        db.selectFrom('pole').select(['id', 'label']).where('id', 'in', w).execute(),
      ),
      rowsByIds(ids('access_group_id'), (w) =>
        db.selectFrom('access_group').select(['id', 'name']).where('id', 'in', w).execute(),
      ),
      rowsByIds(ids('managed_by'), (w) =>
        db
          .selectFrom('app_user')
          .select(['id', 'firstname', 'lastname'])
          .where('id', 'in', w)
          .execute(),
      ),
    ]);
    return rows.map((r) => {
      const type = types.get(r.user_type);
      return {
        typeSelected: type?.role ?? null,
        userType: type ? { id: type.id, label: type.name, role: type.role } : null,
        roles: rolesFromString(r.own_roles),
        profileRealm: embed('/api/profileRealms', profileRealms, r.profile_realm_id, (p) => ({
          profile: {
            '@id': iri('/api/profiles', p.profileId),
            id: p.profileId,
            name: p.profileName,
          },
          realm: { '@id': iri('/api/realms', p.realmId), id: p.realmId, name: p.realmName },
        })),
        organization: embed('/api/organizations', organizations, r.organization_id, (o) => ({
          legalname: o.legalname,
          type: o.type_id,
          parentOrganization: o.parent_id === null ? null : iri('/api/organizations', o.parent_id),
        })),
        managedBy: embed('/api/supervisors', managers, r.managed_by, (m) => ({
          firstname: m.firstname,
          lastname: m.lastname,
        })),
        pole: embed('/api/poles', poles, r.pole_id, (p) => ({ label: p.label })),
        accessGroup: embed('/api/access_groups', groups, r.access_group_id, (g) => ({
          name: g.name,
        })),
        hasSsoAccount: r.id_sso !== null,
      };
    });
  },
});

/** Filters written in SQL: the lookup of §5 and the profile whatever its realm. */
export const userFilters = {
  exact_username: custom<string>(
    'string',
    (username): Expression<SqlBool> => sql<SqlBool>`lower(app_user.username) = lower(${username})`,
  ),
  'profileRealm.profile': custom<number>(
    'id',
    (profile) =>
      sql<SqlBool>`app_user.profile_realm_id IN (SELECT id FROM profile_realm WHERE profile_id = ${profile})`,
  ),
};
