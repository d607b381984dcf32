import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import type { AuthProvider, UserIdentity } from 'ra-core';
import { rolesOfClaims } from '../domain/roles.ts';
import { safeRedirectTarget } from '../domain/safeRedirect.ts';
import { ACCOUNT_REFUSED, type Permissions } from '../domain/session.ts';
import { decideTokenEntry, type TokenEntry, withoutTokenParam } from '../domain/tokenParam.ts';
import { exchangeOnce } from './auth/exchangeOnce.ts';
import type { TokenStore } from './auth/externalToken.ts';
import {
  identityOfClaims,
  identityOfMe,
  jwtClaims,
  type Me,
  NO_PERMISSIONS,
  permissionsOf,
} from './auth/identity.ts';
import { isSessionPath } from './auth/sessionPaths.ts';
import { clearSessionCaches, SESSION_CACHE_PREFIX } from './sessionCache.ts';

// react-admin's authProvider on the OIDC client (spec partner-extranet §4, §6, §7 "Authentication").
// Two ways in, one session at a time: the OIDC authorization-code flow (the normal one), or a
// bearer token handed over in the 'token' query parameter (see src/domain/tokenParam.ts).

/** The part of oidc-client-ts's UserManager this provider uses (a fake one in tests). */
export type SessionClient = Pick<
  UserManager,
  | 'getUser'
  | 'removeUser'
  | 'signinRedirect'
  | 'signinCallback'
  | 'signinSilent'
  | 'signoutRedirect'
> & {
  events: Pick<UserManager['events'], 'addAccessTokenExpired' | 'addSilentRenewError'>;
  /** Tells the other tabs this one signed out (CoordinatedUserManager). */
  announceSignOut?: () => void;
  /** Called when another tab signed out. */
  onSignedOutElsewhere?: (handler: () => void) => void;
};

export interface AuthDeps {
  userManager: SessionClient;
  /** The SPA's OpenID Connect client id: Keycloak may state roles under it. */
  clientId?: string;
  tokens: TokenStore;
  /** GET /api/me with the current bearer (the adopted token's identity). */
  fetchMe: () => Promise<Me>;
  navigate: (path: string, options?: { replace?: boolean; state?: unknown }) => void;
  /** The browser address (injected for tests). */
  location?: () => Pick<Location, 'pathname' | 'search' | 'hash' | 'href'>;
  /** Rewrites the address without a navigation (drops the token parameter). */
  replaceUrl?: (url: string) => void;
}

export interface AppAuthProvider extends AuthProvider {
  getPermissions: (params?: unknown) => Promise<Permissions>;
  getIdentity: () => Promise<UserIdentity>;
  /** The bearer for API calls, renewed when close to expiry; null without a session. */
  getAccessToken: () => Promise<string | null>;
  /** Applies the spec §4 token parameter rule to the address the SPA started on. */
  applyTokenEntry: () => Promise<TokenEntry>;
}

/** Why checkAuth failed: go to /login without a "please sign in" toast (we sign in silently). */
const SIGN_IN_NEEDED = { redirectTo: '/login', message: false } as const;
/** A 401 nothing could renew: the session is over. */
const SESSION_EXPIRED = { redirectTo: '/token-expired', message: false } as const;
/** The account was disabled while signed in: not an expired session (TokenExpiredPage). */
const ACCOUNT_ENDED = { redirectTo: '/token-expired?motif=compte', message: false } as const;

export { SESSION_CACHE_PREFIX };

/** A user whose access token is still valid (not a type guard: an expired user is still a User). */
const usable = (user: User | null): boolean => Boolean(user && !user.expired);

export function createAuthProvider(deps: AuthDeps): AppAuthProvider {
  const { userManager: um, tokens } = deps;
  const location = deps.location ?? (() => window.location);
  const replaceUrl =
    deps.replaceUrl ??
    ((url: string) => window.history.replaceState(window.history.state, '', url));
  let me: Promise<Me> | null = null;

  const loadMe = () => {
    me ??= deps.fetchMe().catch((error) => {
      me = null;
      throw error;
    });
    return me;
  };

  /** Exchanges the authorization code of the current /callback address, once. */
  const exchangeCallback = () => {
    const { href } = location();
    return exchangeOnce(href, async () => {
      const user = await um.signinCallback(href);
      // An OIDC sign-in replaces an adopted token (one session at a time).
      tokens.clear();
      me = null;
      return user ?? null;
    });
  };

  /** On /callback with a code, every question about the session waits for the exchange. */
  const settleCallback = async () => {
    const { pathname, search } = location();
    if (pathname !== '/callback' || !new URLSearchParams(search).has('code')) return;
    await exchangeCallback().catch(() => undefined);
  };

  const oidcUser = async () => {
    await settleCallback();
    return um.getUser();
  };

  const endLocalSession = async () => {
    tokens.clear();
    me = null;
    await um.removeUser();
    clearSessionCaches();
  };

  const renew = async (): Promise<User | null> => {
    try {
      return await um.signinSilent();
    } catch {
      return null;
    }
  };

  /** The session cannot go on: /token-expired, from where signing in returns to this page. */
  const sessionOver = async () => {
    if (!(await um.getUser())) return;
    await um.removeUser();
    // Same state as react-admin's logout leaves: signing in again returns to this page.
    const { pathname, search } = location();
    deps.navigate('/token-expired', {
      replace: true,
      state: { nextPathname: pathname, nextSearch: search },
    });
  };

  // Renewal failed and the access token ran out: say so rather than fail call after call.
  um.events.addAccessTokenExpired(async () => {
    if (usable(await renew())) return;
    await sessionOver();
  });
  // The refresh token was revoked (a sign-out in another tab, an account disabled): final. Kept,
  // the user would have oidc-client-ts ask again every second until the access token ran out.
  um.events.addSilentRenewError(async (error) => {
    if (error instanceof ErrorResponse && error.error === 'invalid_grant') await sessionOver();
  });
  // Another tab signed out: the provider's session is gone for this one too.
  um.onSignedOutElsewhere?.(() => void sessionOver());

  return {
    async login(params?: { target?: unknown }) {
      const target =
        typeof params?.target === 'string' && !isSessionPath(params.target)
          ? safeRedirectTarget(params.target, '/login')
          : null;
      // The deep-link target travels in the OIDC state and comes back with the user.
      await um.signinRedirect({ state: { target: target ?? '/' } });
    },

    async handleCallback() {
      const { pathname } = location();
      try {
        const user = (await exchangeCallback()) as User | null;
        const target = (user?.state as { target?: unknown } | undefined)?.target;
        const safe = typeof target === 'string' && !isSessionPath(target) ? target : null;
        return { redirectTo: safeRedirectTarget(safe, pathname) ?? '/' };
      } catch (error) {
        // Back on an old /callback address while signed in: nothing to exchange, go home.
        if (usable(await um.getUser())) return { redirectTo: '/' };
        throw error;
      }
    },

    async checkAuth() {
      if (tokens.get()) return;
      const user = await oidcUser();
      if (usable(user)) return;
      if (user?.refresh_token && usable(await renew())) return;
      if (user) await um.removeUser();
      throw SIGN_IN_NEEDED;
    },

    async checkError(error: { status?: number; message?: string } | undefined) {
      if (error?.status !== 401) return; // 403 and maintenance were routed by the http client
      await endLocalSession();
      throw error.message === ACCOUNT_REFUSED ? ACCOUNT_ENDED : SESSION_EXPIRED;
    },

    async logout() {
      const user = await um.getUser();
      if (user) um.announceSignOut?.();
      await endLocalSession();
      if (user?.id_token) {
        // End the identity provider's session too; the browser leaves for its end-session page.
        await um.signoutRedirect({ id_token_hint: user.id_token });
        return false;
      }
      return undefined;
    },

    async getIdentity() {
      if (tokens.get()) return identityOfMe(await loadMe());
      const user = await oidcUser();
      if (!user) throw new Error('Non connecté');
      return identityOfClaims(user.profile as Record<string, unknown>);
    },

    /**
     * The signed-in person changed their own name (/user/profile): the header reads it from
     * fresh tokens (a renewal: the provider states the name as saved), or from /api/me again.
     */
    async refreshIdentity() {
      if (tokens.get()) {
        me = null;
        return;
      }
      await renew();
    },

    async getPermissions() {
      if (tokens.get()) return permissionsOf((await loadMe()).givenRoles);
      const user = await oidcUser();
      if (!user) return NO_PERMISSIONS;
      // The ID token's claims, over the access token's: Keycloak states its realm and client
      // roles in the access token only, unless told otherwise (docs/identity.md).
      const claims = { ...jwtClaims(user.access_token), ...user.profile };
      return permissionsOf(rolesOfClaims(claims, deps.clientId ?? ''));
    },

    async getAccessToken() {
      const adopted = tokens.get();
      if (adopted) return adopted;
      let user = await oidcUser();
      if (!user) return null;
      // Close to expiry (a sleeping laptop, a throttled background tab): renew first.
      if (user.expired || (user.expires_in ?? 0) < 10) user = (await renew()) ?? user;
      return user && usable(user) ? user.access_token : null;
    },

    async applyTokenEntry() {
      const { pathname, search, hash } = location();
      const user = await um.getUser();
      const adopted = tokens.get();
      const decision = decideTokenEntry({
        pathname,
        search,
        sessionToken: adopted ?? user?.access_token ?? null,
        signedIn: Boolean(adopted) || usable(user),
      });
      if (decision.action === 'loginError') {
        replaceUrl('/erreur_connexion');
        return decision;
      }
      if (decision.action === 'none') return decision;
      // The token must not stay in the address bar, the history or a bookmark.
      replaceUrl(`${pathname}${withoutTokenParam(search)}${hash}`);
      if (decision.action === 'keep') return decision;
      if (decision.action === 'replace') await endLocalSession();
      tokens.set(decision.token);
      try {
        await loadMe();
      } catch (error) {
        // The portal's token is refused: a failed login (spec §8 "Login missing").
        if ((error as { status?: number })?.status === 401) {
          tokens.clear();
          replaceUrl('/erreur_connexion');
          return { action: 'loginError' };
        }
      }
      return decision;
    },
  };
}
