// Reading who calls from a verified access token: the embedded provider's claims, or Keycloak's.
import type { JWTPayload } from 'jose';

const stringList = (value: unknown): string[] | undefined => {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  // Some mappers emit a single role as a plain string, or a comma list (spec §6 storage).
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean);
  }
  return undefined;
};

/**
 * Roles as given by the identity provider: the `roles` claim (embedded provider, or a Keycloak
 * "roles" mapper); without it Keycloak's default places, realm_access.roles and then
 * resource_access[clientId].roles.
 */
export function givenRolesOf(payload: JWTPayload, clientId: string): string[] {
  const direct = stringList(payload.roles);
  if (direct) return direct;
  const realm = stringList((payload.realm_access as { roles?: unknown } | undefined)?.roles);
  if (realm) return realm;
  const resourceAccess = payload.resource_access as Record<string, { roles?: unknown }> | undefined;
  return stringList(resourceAccess?.[clientId]?.roles) ?? [];
}

/** The user name the API keys users by: preferred_username, else the subject. */
export function usernameOf(payload: JWTPayload): string | undefined {
  const name = payload.preferred_username;
  if (typeof name === 'string' && name) return name;
  return payload.sub || undefined;
}

export function displayNameOf(payload: JWTPayload): string | undefined {
  if (typeof payload.name === 'string' && payload.name) return payload.name;
  const given = typeof payload.given_name === 'string' ? payload.given_name : '';
  const family = typeof payload.family_name === 'string' ? payload.family_name : '';
  return `${given} ${family}`.trim() || undefined;
}
