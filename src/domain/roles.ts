// Role rules of spec partner-extranet §6 and administration §6, shared by the SPA and the server.

/** The profile hierarchy, highest first: each role includes every role after it. */
export const ROLE_HIERARCHY = [
  'PROFILE_ADMIN_AGEO',
  'PROFILE_ADMIN_PARTNER',
  'PROFILE_GROUP',
  'PROFILE_MANAGER',
  'PROFILE_SELLER',
  'ROLE_PARTNER',
  'ROLE_USER',
] as const;

/** The profile roles' names in French, as the user types of the demo data call them. */
export const PROFILE_ROLE_LABELS: Readonly<Record<string, string>> = {
  PROFILE_ADMIN_AGEO: 'Administrateur AGEO',
  PROFILE_ADMIN_PARTNER: 'Administrateur partenaire',
  PROFILE_GROUP: 'Groupe',
  PROFILE_MANAGER: 'Manageur',
  PROFILE_SELLER: 'Vendeur',
};

/** Older role names that grant the same right as the current one (spec §6 "also ..."). */
export const ROLE_ALIASES: Readonly<Record<string, string>> = {
  ROLE_COMMISSION: 'VIEW_COMMISSIONS',
  ROLE_MANAGE_USER: 'USERS_MANAGEMENT',
};

export type Role = string;

/**
 * The form of a right's code (VIEW_ADMIN): a user's roles are stored joined by commas, so a code
 * is capitals, digits and _, never a comma nor a space. A folder of the tree is named freely.
 */
export const RIGHT_CODE = /^[A-Z][A-Z0-9_]{1,79}$/;

/**
 * Expands a user's roles with every lower role of the hierarchy and the rights its aliases
 * grant. Roles outside the hierarchy (ROLE_BUSINESS_PROVIDER, ROLE_COMPANIE, COMMISSION,
 * VIEW_*, ...) are kept as they are. Each given role is followed by what it
 * implies, without duplicates.
 */
export function expandRoles(roles: readonly Role[]): Role[] {
  const expanded = new Set<Role>();
  for (const raw of roles) {
    const role = raw.trim();
    if (!role) continue;
    expanded.add(role);
    const alias = ROLE_ALIASES[role];
    if (alias) expanded.add(alias);
    const rank = (ROLE_HIERARCHY as readonly string[]).indexOf(role);
    if (rank >= 0) for (const lower of ROLE_HIERARCHY.slice(rank + 1)) expanded.add(lower);
  }
  return [...expanded];
}

const stringList = (value: unknown): string[] | undefined => {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  // Some mappers emit a single role as a plain string, or a comma list (spec §6 storage).
  if (typeof value === 'string') return rolesFromString(value);
  return undefined;
};

/** Roles every Keycloak user holds, which say nothing of what they may do here. */
const isProviderDefault = (role: string) =>
  role === 'offline_access' || role === 'uma_authorization' || role.startsWith('default-roles-');

/**
 * The roles as given by any standard OpenID Connect provider, one rule for the SPA and the API:
 * the `roles` claim (the embedded provider, or a Keycloak "roles" mapper); without it
 * Keycloak's own places, `realm_access.roles` and `resource_access.<clientId>.roles` together
 * (a realm always holds Keycloak's defaults, so the client's roles must not hide behind them).
 * Keycloak's default roles (offline_access, uma_authorization, default-roles-*) are left out.
 */
export function rolesOfClaims(claims: Record<string, unknown>, clientId: string): Role[] {
  const own = stringList(claims.roles);
  const realm = (claims.realm_access as { roles?: unknown } | undefined)?.roles;
  const client = (claims.resource_access as Record<string, { roles?: unknown }> | undefined)?.[
    clientId
  ]?.roles;
  const given = own ?? [...(stringList(realm) ?? []), ...(stringList(client) ?? [])];
  return [...new Set(given)].filter((role) => !isProviderDefault(role));
}

/** Roles are stored as a comma list (spec §6). */
export const rolesToString = (roles: readonly Role[]): string => roles.join(',');
export const rolesFromString = (value: string | null | undefined): Role[] =>
  (value ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

/** True when the roles hold the required one, or any of them when a list is given. */
export function hasAnyRole(roles: readonly Role[], required: Role | readonly Role[]): boolean {
  const wanted = typeof required === 'string' ? [required] : required;
  return wanted.some((role) => roles.includes(role));
}

/** Profile types of spec §6 / administration §3. */
export const PROFILE_TYPES = {
  PROFILE_ADMIN_AGEO: 1,
  PROFILE_ADMIN_PARTNER: 2,
  PROFILE_MANAGER: 3,
  PROFILE_SELLER: 4,
} as const;

/** Access-level constants of spec §6. */
export const ACCESS_LEVELS = {
  global: 1,
  pole: 2,
  company: 3,
  customerPortfolio: 4,
  incomplete: 1007,
  group: 1008,
} as const;
