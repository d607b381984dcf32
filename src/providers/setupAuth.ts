import type { PublicConfig } from '../domain/session.ts';
import { createUserManager } from './auth/createUserManager.ts';
import { sessionTokenStore } from './auth/externalToken.ts';
import type { Me } from './auth/identity.ts';
import { type AppAuthProvider, createAuthProvider } from './authProvider.ts';
import { setBearerSource } from './bearer.ts';
import { httpClient } from './httpClient.ts';
import { navigateTo } from './navigator.ts';

/** Builds the application's auth provider from /api/config and makes it the bearer source. */
export function setupAuth(config: PublicConfig): AppAuthProvider {
  const authProvider = createAuthProvider({
    userManager: createUserManager(config),
    clientId: config.oidc.clientId,
    tokens: sessionTokenStore(),
    // No error routing: at start the router is not there yet, and the maintenance gate asks
    // /api/maintenance itself.
    fetchMe: async () => (await httpClient<Me>('/api/me', { routeErrors: false })).json,
    navigate: navigateTo,
  });
  setBearerSource(authProvider.getAccessToken);
  return authProvider;
}
