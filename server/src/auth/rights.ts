// A user's roles as given, read from the data the Admin area edits (docs/security.md, "Rights
// come from data"): the user's own roles (its type's PROFILE_* role and any extra), then the
// roles its profile owns, in the order of the roles tree's ids. Folder roles only group rights
// and grant nothing. The hierarchy of spec §6 expands them afterwards (src/domain/roles.ts).
import { type RawBuilder, sql } from 'kysely';
import { rolesFromString } from '../../../src/domain/roles.ts';

/** The comma list of an app_user row's given roles; needs `app_user` in the FROM. */
export const givenRolesSql: RawBuilder<string> = sql<string>`concat_ws(',',
  NULLIF(app_user.roles, ''),
  (SELECT string_agg(role.name, ',' ORDER BY role.id)
     FROM profile_realm
     JOIN profile_role ON profile_role.profile_id = profile_realm.profile_id
     JOIN role ON role.id = profile_role.role_id AND NOT role.is_folder
    WHERE profile_realm.id = app_user.profile_realm_id))`;

/** The list, each role once, in its first place. */
export const givenRolesOfRow = (value: string | null | undefined): string[] => [
  ...new Set(rolesFromString(value)),
];
