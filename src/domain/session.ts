// What the SPA knows of the signed-in user, shared by the auth provider, the menu and the guards.

/** react-admin permissions: the roles as given by the identity provider, and expanded. */
export interface Permissions {
  /** Roles as given (the menu's "hidden for users holding PROFILE_MANAGER" reads these). */
  givenRoles: string[];
  /** Roles expanded with the hierarchy of spec §6 (expandRoles). */
  roles: string[];
}

/** Public start-up configuration served by GET /api/config. */
export interface PublicConfig {
  brand: string;
  oidc: {
    authority: string;
    clientId: string;
    scope: string;
    /** An external provider's page where people change their passwords (it holds them). */
    accountUrl?: string;
    /** The one realm whose accounts can sign in, when the provider has one (the embedded one). */
    onlyRealm?: string;
  };
}

/**
 * The API's 401 for a valid token whose account may not use it (disabled since it signed in):
 * the server says it (server/src/auth/unauthorized.ts), the SPA tells it apart from an expired
 * session (/token-expired?motif=compte).
 */
export const ACCOUNT_REFUSED = "Ce compte n'a pas accès à l'espace partenaire.";
