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
  oidc: { authority: string; clientId: string; scope: string };
}
