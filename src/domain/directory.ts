// The single sign-on directory search of spec administration §7 (GET /api/users/sso_search,
// sso_search_by_username, sso_search_by_email), shared by the SPA (which asks and shows) and the
// server (which answers from the embedded accounts or from Keycloak). Pure: no I/O, no React.

/**
 * One account of the directory, the subset of Keycloak's UserRepresentation the user form
 * needs (docs/api.md, "The single sign-on directory"). `id` is Keycloak's user id, or for the
 * embedded provider the account's id_sso, else its app_user id, as text.
 */
export interface DirectoryEntry {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  enabled: boolean;
  realm: string;
}

/** Spec administration §9: "SSO user search maximum 100000", also the default. */
export const DIRECTORY_MAX = 100_000;

/**
 * A realm name as this product accepts it (Keycloak's realm names, the realm table's 60
 * characters): letters, digits, dots, dashes and underscores, never '.' or '..', so that it is
 * safe in a URL path.
 */
export const REALM_NAME = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,60}$/;

/** The three calls' paths. */
export const DIRECTORY_PATHS = {
  search: '/api/users/sso_search',
  byUsername: '/api/users/sso_search_by_username',
  byEmail: '/api/users/sso_search_by_email',
} as const;
