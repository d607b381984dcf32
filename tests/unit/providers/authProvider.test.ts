import { ErrorResponse, User } from 'oidc-client-ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetExchanges } from '../../../src/providers/auth/exchangeOnce.ts';
import type { TokenStore } from '../../../src/providers/auth/externalToken.ts';
import type { Me } from '../../../src/providers/auth/identity.ts';
import {
  createAuthProvider,
  SESSION_CACHE_PREFIX,
  type SessionClient,
} from '../../../src/providers/authProvider.ts';

const now = () => Math.floor(Date.now() / 1000);

function oidcUser(overrides: Partial<ConstructorParameters<typeof User>[0]> = {}) {
  return new User({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    id_token: 'id-1',
    token_type: 'Bearer',
    expires_at: now() + 300,
    profile: {
      sub: 'u-3',
      iss: 'http://localhost/oidc',
      aud: 'espace-partenaire',
      exp: now() + 300,
      iat: now(),
      preferred_username: 'manager',
      name: 'Mathilde Roux',
      roles: ['PROFILE_MANAGER', 'VIEW_SELLER', 'VIEW_COMMISSIONS'],
    },
    ...overrides,
  });
}

function fakeUserManager(initial: User | null = null) {
  let stored = initial;
  const um = {
    getUser: vi.fn(async () => stored),
    removeUser: vi.fn(async () => {
      stored = null;
    }),
    signinRedirect: vi.fn(async () => undefined),
    signinCallback: vi.fn(async (): Promise<User | undefined> => stored ?? undefined),
    signinSilent: vi.fn(async (): Promise<User | null> => stored),
    signoutRedirect: vi.fn(async () => {
      stored = null;
    }),
    events: {
      addAccessTokenExpired: vi.fn((_onExpired: () => Promise<void>) => () => undefined),
      addSilentRenewError: vi.fn((_onError: (error: Error) => Promise<void>) => () => undefined),
    },
    announceSignOut: vi.fn(),
    onSignedOutElsewhere: vi.fn((_handler: () => void) => undefined),
    store(user: User | null) {
      stored = user;
    },
  };
  return um;
}

function memoryTokens(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (next) => {
      token = next;
    },
    clear: () => {
      token = null;
    },
  };
}

function setup(options: {
  user?: User | null;
  token?: string | null;
  address?: string;
  me?: () => Promise<Me>;
  clientId?: string;
}) {
  const um = fakeUserManager(options.user ?? null);
  const tokens = memoryTokens(options.token ?? null);
  const url = new URL(options.address ?? '/', 'http://localhost:5173');
  const navigate = vi.fn();
  const replaceUrl = vi.fn();
  const fetchMe = vi.fn(
    options.me ??
      (async () => ({
        username: 'vendeur',
        name: 'Victor Morel',
        givenRoles: ['PROFILE_SELLER'],
        roles: ['PROFILE_SELLER', 'ROLE_PARTNER', 'ROLE_USER'],
      })),
  );
  const auth = createAuthProvider({
    userManager: um as unknown as SessionClient,
    clientId: options.clientId,
    tokens,
    fetchMe,
    navigate,
    location: () => url,
    replaceUrl,
  });
  return { auth, um, tokens, navigate, replaceUrl, fetchMe };
}

beforeEach(() => {
  forgetExchanges();
  sessionStorage.clear();
  localStorage.clear();
});

describe('permissions and identity', () => {
  it('expands the roles given by the ID token (spec §6)', async () => {
    const { auth } = setup({ user: oidcUser() });
    await expect(auth.getPermissions()).resolves.toEqual({
      givenRoles: ['PROFILE_MANAGER', 'VIEW_SELLER', 'VIEW_COMMISSIONS'],
      roles: [
        'PROFILE_MANAGER',
        'PROFILE_SELLER',
        'ROLE_PARTNER',
        'ROLE_USER',
        'VIEW_SELLER',
        'VIEW_COMMISSIONS',
      ],
    });
  });

  it('reads a comma list of roles too', async () => {
    const user = oidcUser();
    user.profile.roles = 'PROFILE_SELLER, ROLE_COMMISSION';
    const { auth } = setup({ user });
    const permissions = await auth.getPermissions();
    expect(permissions.givenRoles).toEqual(['PROFILE_SELLER', 'ROLE_COMMISSION']);
    expect(permissions.roles).toContain('VIEW_COMMISSIONS');
    expect(permissions.roles).toContain('ROLE_USER');
  });

  it("reads a Keycloak user's roles from its access token, without Keycloak's defaults", async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const accessToken = `${part({ alg: 'RS256' })}.${part({
      realm_access: { roles: ['offline_access', 'default-roles-partners', 'PROFILE_SELLER'] },
      resource_access: { 'espace-partenaire': { roles: ['VIEW_COMMISSIONS'] } },
    })}.signature`;
    const user = oidcUser({ access_token: accessToken });
    delete user.profile.roles;
    const realm = setup({ user, clientId: 'espace-partenaire' });
    expect((await realm.auth.getPermissions()).givenRoles).toEqual([
      'PROFILE_SELLER',
      'VIEW_COMMISSIONS',
    ]);

    const clientOnly = oidcUser({
      access_token: `${part({ alg: 'RS256' })}.${part({
        resource_access: {
          'espace-partenaire': { roles: ['PROFILE_MANAGER', 'uma_authorization'] },
        },
      })}.s`,
    });
    delete clientOnly.profile.roles;
    const client = setup({ user: clientOnly, clientId: 'espace-partenaire' });
    const permissions = await client.auth.getPermissions();
    expect(permissions.givenRoles).toEqual(['PROFILE_MANAGER']);
    expect(permissions.roles).toContain('PROFILE_SELLER');
  });

  it('has no permissions with an opaque access token and no roles claim', async () => {
    const user = oidcUser({ access_token: 'opaque' });
    delete user.profile.roles;
    const { auth } = setup({ user });
    await expect(auth.getPermissions()).resolves.toEqual({ givenRoles: [], roles: [] });
  });

  it('has no permissions without a session', async () => {
    const { auth } = setup({});
    await expect(auth.getPermissions()).resolves.toEqual({ givenRoles: [], roles: [] });
  });

  it('names the user from the ID token', async () => {
    const { auth } = setup({ user: oidcUser() });
    await expect(auth.getIdentity()).resolves.toEqual({ id: 'manager', fullName: 'Mathilde Roux' });
  });

  it('takes identity and permissions from GET /api/me for an adopted token', async () => {
    const { auth, fetchMe } = setup({ token: 'portal-token' });
    await expect(auth.getIdentity()).resolves.toEqual({ id: 'vendeur', fullName: 'Victor Morel' });
    await expect(auth.getPermissions()).resolves.toEqual({
      givenRoles: ['PROFILE_SELLER'],
      roles: ['PROFILE_SELLER', 'ROLE_PARTNER', 'ROLE_USER'],
    });
    expect(fetchMe).toHaveBeenCalledTimes(1);
  });
});

describe('handleCallback', () => {
  const callback = '/callback?code=abc&state=s1';

  it.each([
    ['/contrats/liste?x=1#y', '/contrats/liste?x=1#y'],
    ['/Clients/42', '/Clients/42'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/logout', '/'],
    [undefined, '/'],
  ])('goes to the remembered target %j only if safe: %j', async (target, expected) => {
    const { auth, um } = setup({ address: callback });
    um.signinCallback.mockResolvedValue(
      new User({ ...oidcUser(), token_type: 'Bearer', userState: { target } }),
    );
    await expect(auth.handleCallback?.()).resolves.toEqual({ redirectTo: expected });
  });

  it('exchanges the code once when asked twice (StrictMode)', async () => {
    const { auth, um } = setup({ address: callback });
    um.signinCallback.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return new User({
        ...oidcUser(),
        token_type: 'Bearer',
        userState: { target: '/contrats/liste' },
      });
    });
    const [first, second] = await Promise.all([auth.handleCallback?.(), auth.handleCallback?.()]);
    expect(um.signinCallback).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ redirectTo: '/contrats/liste' });
    expect(second).toEqual(first);
  });

  it('drops an adopted token: one session at a time', async () => {
    const { auth, tokens } = setup({ address: callback, token: 'portal-token', user: oidcUser() });
    await auth.handleCallback?.();
    expect(tokens.get()).toBeNull();
  });

  it('fails when the exchange fails and no session exists', async () => {
    const { auth, um } = setup({ address: callback });
    um.signinCallback.mockRejectedValue(new Error('No matching state found in storage'));
    await expect(auth.handleCallback?.()).rejects.toThrow('No matching state');
  });

  it('goes home when an old callback address is replayed while signed in', async () => {
    const { auth, um } = setup({ address: callback, user: oidcUser() });
    um.signinCallback.mockRejectedValue(new Error('No matching state found in storage'));
    await expect(auth.handleCallback?.()).resolves.toEqual({ redirectTo: '/' });
  });

  it('lets checkAuth wait for the exchange under way on /callback', async () => {
    const { auth, um } = setup({ address: callback });
    um.signinCallback.mockImplementation(async () => {
      const user = oidcUser();
      um.store(user);
      return user;
    });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await auth.handleCallback?.();
    expect(um.signinCallback).toHaveBeenCalledTimes(1);
  });
});

describe('checkAuth, login', () => {
  it('accepts a signed-in user and an adopted token', async () => {
    await expect(setup({ user: oidcUser() }).auth.checkAuth({})).resolves.toBeUndefined();
    await expect(setup({ token: 't' }).auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('renews an expired access token with the refresh token', async () => {
    const { auth, um } = setup({ user: oidcUser({ expires_at: now() - 5 }) });
    um.signinSilent.mockResolvedValue(oidcUser({ access_token: 'access-2' }));
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('sends a visitor without a session to the sign-in flow, silently', async () => {
    const { auth } = setup({ address: '/contrats/liste' });
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/login', message: false });
  });

  it('forgets a session that cannot be renewed', async () => {
    const { auth, um } = setup({ user: oidcUser({ expires_at: now() - 5 }) });
    um.signinSilent.mockRejectedValue(new Error('invalid_grant'));
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(um.removeUser).toHaveBeenCalled();
  });

  it('starts the sign-in with the deep-link target in the OIDC state', async () => {
    const { auth, um } = setup({});
    await auth.login({ target: '/contrats/liste?page=2' });
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { target: '/contrats/liste?page=2' } });
    await auth.login({ target: 'https://evil.example' });
    expect(um.signinRedirect).toHaveBeenLastCalledWith({ state: { target: '/' } });
    await auth.login({ target: '/token-expired' });
    expect(um.signinRedirect).toHaveBeenLastCalledWith({ state: { target: '/' } });
  });
});

describe('checkError, logout, bearer', () => {
  it('ends the session on 401 and shows /token-expired', async () => {
    const { auth, um, tokens } = setup({ user: oidcUser(), token: null });
    await expect(auth.checkError({ status: 401 })).rejects.toEqual({
      redirectTo: '/token-expired',
      message: false,
    });
    expect(um.removeUser).toHaveBeenCalled();
    expect(tokens.get()).toBeNull();
  });

  it('ends the session on the 401 of a refused account and says so at /token-expired', async () => {
    const { auth, um } = setup({ user: oidcUser(), token: null });
    await expect(
      auth.checkError({ status: 401, message: "Ce compte n'a pas accès à l'espace partenaire." }),
    ).rejects.toEqual({ redirectTo: '/token-expired?motif=compte', message: false });
    expect(um.removeUser).toHaveBeenCalled();
  });

  it.each([403, 404, 500, 503])('keeps the session on %i', async (status) => {
    const { auth, um } = setup({ user: oidcUser() });
    await expect(auth.checkError({ status })).resolves.toBeUndefined();
    expect(um.removeUser).not.toHaveBeenCalled();
  });

  it('ends the identity provider session and clears the user caches', async () => {
    sessionStorage.setItem(`${SESSION_CACHE_PREFIX}contrats`, '[]');
    localStorage.setItem(`${SESSION_CACHE_PREFIX}users`, '[]');
    localStorage.setItem('unrelated', 'kept');
    const { auth, um } = setup({ user: oidcUser() });
    await expect(auth.logout({})).resolves.toBe(false);
    expect(um.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
    expect(sessionStorage.getItem(`${SESSION_CACHE_PREFIX}contrats`)).toBeNull();
    expect(localStorage.getItem(`${SESSION_CACHE_PREFIX}users`)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('only forgets a session it cannot end at the identity provider', async () => {
    const { auth, um, tokens } = setup({ token: 'portal-token' });
    await expect(auth.logout({})).resolves.toBeUndefined();
    expect(um.signoutRedirect).not.toHaveBeenCalled();
    expect(tokens.get()).toBeNull();
  });

  it('gives the adopted token, else the OIDC access token, renewing it near expiry', async () => {
    expect(await setup({ token: 'portal-token', user: oidcUser() }).auth.getAccessToken()).toBe(
      'portal-token',
    );
    expect(await setup({ user: oidcUser() }).auth.getAccessToken()).toBe('access-1');
    const { auth, um } = setup({ user: oidcUser({ expires_at: now() + 3 }) });
    um.signinSilent.mockResolvedValue(oidcUser({ access_token: 'access-2' }));
    expect(await auth.getAccessToken()).toBe('access-2');
    expect(await setup({}).auth.getAccessToken()).toBeNull();
  });

  it('shows /token-expired when the access token expires and cannot be renewed', async () => {
    const { um, navigate } = setup({ user: oidcUser(), address: '/contrats/liste?page=2' });
    um.signinSilent.mockRejectedValue(new Error('invalid_grant'));
    const onExpired = um.events.addAccessTokenExpired.mock
      .calls[0]?.[0] as unknown as () => Promise<void>;
    await onExpired?.();
    expect(um.removeUser).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/token-expired', {
      replace: true,
      state: { nextPathname: '/contrats/liste', nextSearch: '?page=2' },
    });
  });
});

describe('a session ended elsewhere', () => {
  it('ends at the first refused renewal (invalid_grant), not at the access token expiry', async () => {
    const { um, navigate } = setup({ user: oidcUser(), address: '/contrats/liste' });
    const onError = um.events.addSilentRenewError.mock.calls[0]?.[0] as (
      error: Error,
    ) => Promise<void>;
    // A network failure may pass: nothing ends.
    await onError(new Error('Failed to fetch'));
    expect(um.removeUser).not.toHaveBeenCalled();
    await onError(new ErrorResponse({ error: 'invalid_grant' }));
    expect(um.removeUser).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/token-expired', {
      replace: true,
      state: { nextPathname: '/contrats/liste', nextSearch: '' },
    });
  });

  it('tells the other tabs at sign-out, and ends when another tab signs out', async () => {
    const signingOut = setup({ user: oidcUser() });
    await signingOut.auth.logout({});
    expect(signingOut.um.announceSignOut).toHaveBeenCalledTimes(1);

    const other = setup({ user: oidcUser(), address: '/assures/5' });
    const onSignedOut = other.um.onSignedOutElsewhere.mock.calls[0]?.[0] as () => void;
    onSignedOut();
    await vi.waitFor(() =>
      expect(other.navigate).toHaveBeenCalledWith('/token-expired', {
        replace: true,
        state: { nextPathname: '/assures/5', nextSearch: '' },
      }),
    );
  });
});

describe('applyTokenEntry (spec §4 token parameter)', () => {
  it('adopts the token and removes it from the address', async () => {
    const { auth, tokens, replaceUrl } = setup({ address: '/contrats/liste?page=2&token=abc#top' });
    await expect(auth.applyTokenEntry()).resolves.toEqual({ action: 'adopt', token: 'abc' });
    expect(tokens.get()).toBe('abc');
    expect(replaceUrl).toHaveBeenCalledWith('/contrats/liste?page=2#top');
  });

  it('logs out a different session, then sets the new token', async () => {
    const { auth, tokens, um } = setup({ address: '/?token=new', user: oidcUser() });
    await expect(auth.applyTokenEntry()).resolves.toEqual({ action: 'replace', token: 'new' });
    expect(um.removeUser).toHaveBeenCalled();
    expect(tokens.get()).toBe('new');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getAccessToken()).toBe('new');
  });

  it('keeps the same token', async () => {
    const { auth, um, replaceUrl } = setup({ address: '/?token=same', token: 'same' });
    await expect(auth.applyTokenEntry()).resolves.toEqual({ action: 'keep' });
    expect(um.removeUser).not.toHaveBeenCalled();
    expect(replaceUrl).toHaveBeenCalledWith('/');
  });

  it('reports a sign-in return without credential as a login error', async () => {
    const { auth, replaceUrl } = setup({ address: '/callback' });
    await expect(auth.applyTokenEntry()).resolves.toEqual({ action: 'loginError' });
    expect(replaceUrl).toHaveBeenCalledWith('/erreur_connexion');
  });

  it('reports a token the server refuses as a login error', async () => {
    const { auth, tokens, replaceUrl } = setup({
      address: '/?token=forged',
      me: async () => Promise.reject(Object.assign(new Error('Jeton invalide'), { status: 401 })),
    });
    await expect(auth.applyTokenEntry()).resolves.toEqual({ action: 'loginError' });
    expect(tokens.get()).toBeNull();
    expect(replaceUrl).toHaveBeenLastCalledWith('/erreur_connexion');
  });

  it('leaves the OIDC flow alone without a token', async () => {
    const { auth, replaceUrl } = setup({ address: '/contrats/liste' });
    await expect(auth.applyTokenEntry()).resolves.toEqual({ action: 'none' });
    expect(replaceUrl).not.toHaveBeenCalled();
  });
});
