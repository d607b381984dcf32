// Reading who calls from a verified access token: the embedded provider's claims, or Keycloak's.
import type { JWTPayload } from 'jose';

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

/** The sign-in session the token belongs to (`sid`, the embedded provider's and Keycloak's). */
export function sessionOf(payload: JWTPayload): string | null {
  return typeof payload.sid === 'string' && payload.sid ? payload.sid : null;
}
