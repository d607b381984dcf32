// Renders the real App (providers, maintenance gate, session routes, layout routes) at an address,
// with a fake OIDC client behind the real auth provider; msw answers the API.
import { render } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import { StrictMode } from 'react';
import { vi } from 'vitest';
import { App } from '../../../src/App.tsx';
import type { PublicConfig } from '../../../src/domain/session.ts';
import { forgetExchanges } from '../../../src/providers/auth/exchangeOnce.ts';
import { sessionTokenStore } from '../../../src/providers/auth/externalToken.ts';
import { createAuthProvider, type SessionClient } from '../../../src/providers/authProvider.ts';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { resetMaintenanceFlag } from '../../../src/providers/maintenanceFlag.ts';
import { setViewportWidth } from '../support/viewport.ts';

export const config: PublicConfig = {
  brand: 'azur',
  oidc: {
    authority: 'http://localhost:3000/oidc',
    clientId: 'espace-partenaire',
    scope: 'openid profile roles',
  },
};

const now = () => Math.floor(Date.now() / 1000);

export function signedInUser(target?: string, roles: string[] = ['PROFILE_SELLER']) {
  return new User({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    id_token: 'id-1',
    token_type: 'Bearer',
    expires_at: now() + 300,
    userState: target === undefined ? undefined : { target },
    profile: {
      sub: 'u-4',
      iss: config.oidc.authority,
      aud: config.oidc.clientId,
      exp: now() + 300,
      iat: now(),
      preferred_username: 'vendeur',
      name: 'Victor Morel',
      roles,
    },
  });
}

export function fakeOidcClient(initial: User | null = null) {
  let stored = initial;
  return {
    getUser: vi.fn(async () => stored),
    removeUser: vi.fn(async () => {
      stored = null;
    }),
    signinRedirect: vi.fn(() => new Promise<void>(() => undefined)),
    signinCallback: vi.fn(async (): Promise<User | undefined> => stored ?? undefined),
    signinSilent: vi.fn(async (): Promise<User | null> => stored),
    signoutRedirect: vi.fn(() => new Promise<void>(() => undefined)),
    events: {
      addAccessTokenExpired: vi.fn(() => () => undefined),
      addSilentRenewError: vi.fn(() => () => undefined),
    },
    store(user: User | null) {
      stored = user;
    },
  };
}

export function startApp(address: string, oidc = fakeOidcClient()) {
  setViewportWidth(1024);
  forgetExchanges();
  resetMaintenanceFlag();
  window.history.replaceState(null, '', address);
  const authProvider = createAuthProvider({
    userManager: oidc as unknown as SessionClient,
    tokens: sessionTokenStore(),
    fetchMe: async () => ({ username: 'vendeur', name: 'Victor Morel', givenRoles: [], roles: [] }),
    navigate: (path) => window.history.pushState(null, '', path),
  });
  setBearerSource(authProvider.getAccessToken);
  const view = render(
    <StrictMode>
      <App config={config} authProvider={authProvider} />
    </StrictMode>,
  );
  return { ...view, oidc, authProvider };
}
