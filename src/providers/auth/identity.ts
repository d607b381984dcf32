import type { UserIdentity } from 'ra-core';
import { expandRoles, rolesFromString } from '../../domain/roles.ts';
import type { Permissions } from '../../domain/session.ts';

/** GET /api/me. */
export interface Me {
  username: string;
  name: string;
  givenRoles: string[];
  roles: string[];
}

export const NO_PERMISSIONS: Permissions = { givenRoles: [], roles: [] };

/** The roles claim as given: a list, or a comma list (spec §6 stores them so). */
export function rolesClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((role): role is string => typeof role === 'string');
  return typeof value === 'string' ? rolesFromString(value) : [];
}

export function permissionsOf(givenRoles: readonly string[]): Permissions {
  return { givenRoles: [...givenRoles], roles: expandRoles(givenRoles) };
}

/** react-admin identity from the ID token claims. */
export function identityOfClaims(claims: Record<string, unknown>): UserIdentity {
  const username = String(claims.preferred_username ?? claims.sub ?? '');
  const fullName = typeof claims.name === 'string' && claims.name ? claims.name : username;
  return { id: username, fullName };
}

export function identityOfMe(me: Me): UserIdentity {
  return { id: me.username, fullName: me.name || me.username };
}
