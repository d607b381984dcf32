import type { UserIdentity } from 'ra-core';
import { expandRoles } from '../../domain/roles.ts';
import type { Permissions } from '../../domain/session.ts';

/** GET /api/me. */
export interface Me {
  username: string;
  name: string;
  givenRoles: string[];
  roles: string[];
}

export const NO_PERMISSIONS: Permissions = { givenRoles: [], roles: [] };

/**
 * The claims of a JWT access token, unverified: read only for what the screens show (the
 * API verifies every token it is sent). An opaque token has none.
 */
export function jwtClaims(token: string | undefined): Record<string, unknown> {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const text = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(text);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
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
