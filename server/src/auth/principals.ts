// Principal = verified token claims + the matching app_user row (ids of the data scope).
// Rows are cached per user name for a short time: every API call needs them.
import type { JWTPayload } from 'jose';
import { type Kysely, sql } from 'kysely';
import { expandRoles, rolesOfClaims } from '../../../src/domain/roles.ts';
import type { DB } from '../db/schema.ts';
import { BoundedMap } from '../lib/boundedMap.ts';
import { displayNameOf, usernameOf } from './claims.ts';
import type { Principal } from './principal.ts';

/** Long enough to spare the database, short enough for a disabled user to be refused soon. */
const CACHE_MS = 30_000;
const CACHE_MAX = 5_000;

interface UserRow {
  id: number;
  firstname: string;
  lastname: string;
  enabled: boolean;
  organization_id: number | null;
  partner_id: number | null;
}

/** The token is valid but its user may not use the API (disabled account, no user name). */
export class RefusedPrincipalError extends Error {}

export function principalResolver(db: Kysely<DB>, options: { clientId: string }) {
  const cache = new BoundedMap<string, { row: UserRow | undefined; until: number }>(CACHE_MAX);

  async function userRow(username: string): Promise<UserRow | undefined> {
    const now = Date.now();
    const hit = cache.get(username);
    if (hit && hit.until > now) return hit.row;
    const row = await db
      .selectFrom('app_user')
      .select(['id', 'firstname', 'lastname', 'enabled', 'organization_id', 'partner_id'])
      .where('username', '=', username)
      // The embedded provider's realm first, should another realm hold the same name.
      .orderBy(sql`realm = 'partenaires'`, 'desc')
      .orderBy('id')
      .executeTakeFirst();
    cache.set(username, { row, until: now + CACHE_MS });
    return row;
  }

  return {
    async resolve(payload: JWTPayload): Promise<Principal> {
      const username = usernameOf(payload);
      if (!username) throw new RefusedPrincipalError('The token names no user');
      const row = await userRow(username);
      if (row && !row.enabled) throw new RefusedPrincipalError('The user account is disabled');
      // The one rule the SPA applies too (src/domain/roles.ts).
      const givenRoles = rolesOfClaims(payload, options.clientId);
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
      };
    },
    /** Forget cached rows (after an administrator changes a user). */
    forget(username?: string) {
      if (username) cache.delete(username);
      else cache.clear();
    },
  };
}

export type PrincipalResolver = ReturnType<typeof principalResolver>;
