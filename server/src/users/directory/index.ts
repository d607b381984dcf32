// The single sign-on directory (spec administration §7, "sso_search" calls): the accounts of an
// identity provider's realm, searched by the user form to fill a new user from an existing
// account. One interface, two directories chosen by the configuration: the embedded provider's
// accounts (rows of app_user, ./embedded.ts) or Keycloak's admin REST API (./keycloak.ts).
// docs/api.md, "The single sign-on directory"; docs/identity.md, "The directory search".
import { type Kysely, sql } from 'kysely';
import { type DirectoryEntry, REALM_NAME } from '../../../../src/domain/directory.ts';
import { hasAnyRole } from '../../../../src/domain/roles.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { embeddedDirectory } from './embedded.ts';
import { type KeycloakOptions, keycloakDirectory } from './keycloak.ts';

export type { DirectoryEntry };

/** What is asked: a realm's accounts (optionally whose user name contains a text), or one. */
export type DirectoryQuery =
  | { by: 'contains'; realm: string; username?: string; max: number }
  | { by: 'username'; realm: string; username: string }
  | { by: 'email'; realm: string; email: string };

/**
 * Whose accounts the caller may see: the operator's administrators every account; anyone else
 * (a partner administrator) the accounts of its own partner organisation (none without one).
 */
export type Viewer = { kind: 'all' } | { kind: 'partner'; partnerId: number | null };

export interface Directory {
  readonly kind: 'embedded' | 'keycloak';
  /**
   * The entries answering the query that the viewer may see. Throws UnknownRealmError when the
   * directory has no such realm, DirectoryUnavailableError when it cannot be asked.
   */
  search(query: DirectoryQuery, viewer: Viewer): Promise<DirectoryEntry[]>;
}

export class UnknownRealmError extends Error {
  constructor(readonly realm: string) {
    super(`Unknown realm ${realm}`);
    this.name = 'UnknownRealmError';
  }
}

/** The directory did not answer (network, timeout, 5xx, refused credentials): try again later. */
export class DirectoryUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DirectoryUnavailableError';
  }
}

export function viewerOf(principal: Principal): Viewer {
  return hasAnyRole(principal.roles, 'PROFILE_ADMIN_AGEO')
    ? { kind: 'all' }
    : { kind: 'partner', partnerId: principal.partnerId };
}

/** Keycloak when KEYCLOAK_ADMIN_URL is set, else the embedded provider's accounts. */
export function directoryOf(
  config: Config,
  db: Kysely<DB>,
  options: KeycloakOptions = {},
): Directory {
  const keycloak = config.directory.keycloak;
  return keycloak ? keycloakDirectory(keycloak, db, options) : embeddedDirectory(db);
}

/**
 * The realm a call names, as the application knows it: one of the realms of the Admin area
 * (table realm, any case) or the default one; anything else is unknown, whatever the directory
 * holds (Keycloak's master realm is never searched through here).
 */
export async function knownRealm(
  db: Kysely<DB>,
  requested: string | undefined,
  defaultRealm: string,
): Promise<string> {
  if (!requested || requested === defaultRealm) return defaultRealm;
  if (!REALM_NAME.test(requested)) throw new UnknownRealmError(requested);
  const row = await db
    .selectFrom('realm')
    .select('name')
    .where(sql`lower(name)`, '=', requested.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new UnknownRealmError(requested);
  return row.name;
}
