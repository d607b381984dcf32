// The 'token' query parameter of spec partner-extranet §4: "A sign-in return may bring a 'token'
// query parameter, used as the session bearer token; if the session token differs from the one
// received, the user is logged out and the new token set. If absent, not logged in and not on
// /logout: go to /erreur_connexion."
//
// How it lives beside the OIDC flow (decision): the parameter is a second way in. An external
// portal that already authenticated the person hands us a bearer token on any deep link
// (`/contrats/liste?token=...`); the SPA then uses it as is (no refresh token: when the server
// answers 401 the session is over, /token-expired) and learns who the user is from GET /api/me.
// At most one session is active: adopting a token ends the OIDC session held locally, and an
// OIDC sign-in drops the adopted token. "No token and not logged in" only means a failed login
// on a sign-in return, i.e. /callback arriving with neither a token nor an authorization code;
// everywhere else an anonymous visitor goes into the OIDC sign-in flow (spec §2).

export const TOKEN_PARAM = 'token';

/** The path where sign-in returns land (the OIDC redirect URI). */
export const SIGN_IN_RETURN_PATH = '/callback';

export interface TokenEntryInput {
  pathname: string;
  search: string;
  /** The bearer token of the current session, if any (adopted token or OIDC access token). */
  sessionToken: string | null;
  /** A usable session exists (a token adopted earlier, or a signed-in OIDC user). */
  signedIn: boolean;
}

export type TokenEntry =
  /** Nothing to do: carry on with the current session, or the OIDC flow. */
  | { action: 'none' }
  /** The session already uses this token: only drop the parameter from the address. */
  | { action: 'keep' }
  /** No session token: use the received one. */
  | { action: 'adopt'; token: string }
  /** Another session is active: log it out, then use the received token. */
  | { action: 'replace'; token: string }
  /** A sign-in return without any credential: /erreur_connexion. */
  | { action: 'loginError' };

/** The token parameter's value, or null when it is absent or blank. */
export function readTokenParam(search: string): string | null {
  const value = new URLSearchParams(search).get(TOKEN_PARAM)?.trim();
  return value ? value : null;
}

/** The query without the token parameter ('' or '?...'), so the token leaves the address bar. */
export function withoutTokenParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(TOKEN_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Pages whose `token` is no bearer token but a one-time link's (docs/security.md, "Accounts an
 * administrator creates"): the page itself reads it, and it must never become the session.
 */
export const LINK_TOKEN_PATHS: readonly string[] = ['/finalise-account'];

export function decideTokenEntry(input: TokenEntryInput): TokenEntry {
  if (LINK_TOKEN_PATHS.includes(input.pathname.replace(/\/+$/, ''))) return { action: 'none' };
  const token = readTokenParam(input.search);
  if (token) {
    if (!input.sessionToken) return { action: 'adopt', token };
    return input.sessionToken === token ? { action: 'keep' } : { action: 'replace', token };
  }
  if (input.signedIn || input.pathname === '/logout') return { action: 'none' };
  const params = new URLSearchParams(input.search);
  const bringsCredential = params.has('code') || params.has('error');
  if (input.pathname === SIGN_IN_RETURN_PATH && !bringsCredential) return { action: 'loginError' };
  return { action: 'none' };
}
