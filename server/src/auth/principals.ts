// Principal = verified token claims + the matching app_user row (ids of the data scope and, on
// the embedded provider, the given roles: docs/security.md, "Rights come from data").
// Rows are cached per user name for a short time, every API call needs them; any write the API
// answers, and any change another instance or the database announces, forgets them all
// (app.ts), so that a disabled, re-enabled or demoted account is judged anew at the commit.
import type { JWTPayload } from 'jose';
import { type Kysely, sql } from 'kysely';
import { expandRoles, rolesOfClaims } from '../../../src/domain/roles.ts';
import type { DB } from '../db/schema.ts';
import { BoundedMap } from '../lib/boundedMap.ts';
import { displayNameOf, sessionOf, usernameOf } from './claims.ts';
import type { Principal } from './principal.ts';
import { givenRolesOfRow, givenRolesSql } from './rights.ts';

/** Spares the database between writes; a write forgets every row at once (forget()). */
const CACHE_MS = 30_000;
const CACHE_MAX = 5_000;

interface UserRow {
  id: number;
  firstname: string;
  lastname: string;
  enabled: boolean;
  organization_id: number | null;
  partner_id: number | null;
  /** The given roles, a comma list (rights.ts). */
  roles: string;
}

/** The token is valid but its user may not use the API (disabled account, no user name). */
export class RefusedPrincipalError extends Error {}

export function principalResolver(
  db: Kysely<DB>,
  options: {
    clientId: string;
    /**
     * The given roles are read from the user's row (the embedded provider, whose tokens state
     * the same rows as they were at issue), not from the token: a change counts at its commit,
     * not at the next refresh. An external issuer's roles stay its own (docs/identity.md).
     */
    rolesFromData: boolean;
  },
) {
  const cache = new BoundedMap<string, { row: UserRow | undefined; until: number }>(CACHE_MAX);
  // Bumped by forget(): a row read while a write committed is not kept (it may predate it).
  let generation = 0;

  async function userRow(username: string): Promise<UserRow | undefined> {
    const now = Date.now();
    const hit = cache.get(username);
    if (hit && hit.until > now) return hit.row;
    const readAt = generation;
    const row = await db
      .selectFrom('app_user')
      .select(['id', 'firstname', 'lastname', 'enabled', 'organization_id', 'partner_id'])
      .select(givenRolesSql.as('roles'))
      .where('username', '=', username)
      // The embedded provider's realm first, should another realm hold the same name.
      .orderBy(sql`realm = 'partenaires'`, 'desc')
      .orderBy('id')
      .executeTakeFirst();
    if (readAt === generation) cache.set(username, { row, until: now + CACHE_MS });
    return row;
  }

  return {
    async resolve(payload: JWTPayload): Promise<Principal> {
      const username = usernameOf(payload);
      if (!username) throw new RefusedPrincipalError('The token names no user');
      const row = await userRow(username);
      if (row && !row.enabled) throw new RefusedPrincipalError('The user account is disabled');
      // The one rule the SPA applies too (src/domain/roles.ts).
      const givenRoles =
        options.rolesFromData && row
          ? givenRolesOfRow(row.roles)
          : rolesOfClaims(payload, options.clientId);
      const rowName = row ? `${row.firstname} ${row.lastname}`.trim() : '';
      return {
        // Unknown users of an external issuer still call the API, with no data of their own.
        userId: row?.id ?? null,
        username,
        name: displayNameOf(payload) ?? (rowName || username),
        givenRoles,
        roles: expandRoles(givenRoles),
        organizationId: row?.organization_id ?? null,
        partnerId: row?.partner_id ?? null,
        sessionId: sessionOf(payload),
      };
    },
    /** Forgets every cached row: something may have changed a user or a right. */
    forget() {
      generation += 1;
      cache.clear();
    },
  };
}

export type PrincipalResolver = ReturnType<typeof principalResolver>;
