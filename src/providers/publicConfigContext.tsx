// The public configuration (GET /api/config) for the screens that depend on it: read once at
// start (main.tsx), given to the tree by App.
import { createContext, useContext } from 'react';
import type { PublicConfig } from '../domain/session.ts';

export const PublicConfigContext = createContext<PublicConfig | null>(null);

/**
 * Where an external identity provider lets people change their passwords, when it holds them
 * (Keycloak); undefined when they are held here (the embedded provider, and outside the app).
 */
export function useExternalPasswordPage(): string | undefined {
  return useContext(PublicConfigContext)?.oidc.accountUrl;
}

/** The one realm whose accounts can sign in (the embedded provider); undefined with Keycloak. */
export function useOnlyRealm(): string | undefined {
  return useContext(PublicConfigContext)?.oidc.onlyRealm;
}
