// Route guards of spec partner-extranet §6 and administration §6, as pure rules.
// The SPA applies them for convenience only: the server enforces the same rules again.
import { hasAnyRole, type Role } from './roles.ts';
import type { Permissions } from './session.ts';

/** Where a guard sends a visitor who lacks an area's role (spec partner-extranet §6). */
export const NOT_FOUND_PATH = '/404';
/** Where the users-management guards send a visitor, with a `msg` (administration §6). */
export const NOT_ALLOWED_PATH = '/errors/405';

/** Areas of spec partner-extranet §6; holding any of an area's roles opens it. */
export const AREA_ROLES = {
  admin: ['PROFILE_ADMIN_AGEO'],
  partnerAdmin: ['PROFILE_ADMIN_PARTNER'],
  broker: ['PROFILE_SELLER', 'PROFILE_GROUP'],
  supervisor: ['PROFILE_MANAGER'],
  user: ['ROLE_USER'],
} as const satisfies Record<string, readonly Role[]>;
export type Area = keyof typeof AREA_ROLES;

/** The right that shows the administration's menu entry (its pages need the admin profile). */
export const ADMIN_MENU_ROLE = 'VIEW_ADMIN';

/** Messages of the /errors/405 page, word for word from administration §6 (spelling kept). */
export const NOT_ALLOWED_MESSAGES = {
  usersList: "Vous n'êtes pas autorisé à voir la liste des utilisateurs",
  usersCreate: "Vous n'êtes pas autorisé à créer un nouvel utilisateur",
  usersImport: "Vous n'êtes pas autorisé à importer des utilisateurs",
  partnerGroups: "Vous n'êtes pas autorisé à gérer les groupes partenaires",
  default: 'Vous ne disposez pas des droits pour accèder à cette page',
} as const;

/** An extra right a route needs beyond its area, and where a visitor without it goes. */
export type Right =
  | { role: Role; denied: 'notFound' }
  | { role: Role; denied: 'notAllowed'; message: string };

export const RIGHTS = {
  // spec partner-extranet §6: the commissions need VIEW_COMMISSIONS, else /404.
  commissions: { role: 'VIEW_COMMISSIONS', denied: 'notFound' },
  // administration §6: users management needs USERS_MANAGEMENT, else /errors/405 with a message.
  usersList: {
    role: 'USERS_MANAGEMENT',
    denied: 'notAllowed',
    message: NOT_ALLOWED_MESSAGES.usersList,
  },
  usersCreate: {
    role: 'USERS_MANAGEMENT',
    denied: 'notAllowed',
    message: NOT_ALLOWED_MESSAGES.usersCreate,
  },
  usersImport: {
    role: 'USERS_MANAGEMENT',
    denied: 'notAllowed',
    message: NOT_ALLOWED_MESSAGES.usersImport,
  },
  partnerGroups: {
    role: 'USERS_MANAGEMENT',
    denied: 'notAllowed',
    message: NOT_ALLOWED_MESSAGES.partnerGroups,
  },
  usersOther: {
    role: 'USERS_MANAGEMENT',
    denied: 'notAllowed',
    message: NOT_ALLOWED_MESSAGES.default,
  },
} as const satisfies Record<string, Right>;
export type RightName = keyof typeof RIGHTS;

/** What a route requires; an empty rule opens the route to anyone who reaches the app. */
export interface GuardRule {
  area?: Area;
  right?: RightName;
}

export type AccessDecision = { allowed: true } | { allowed: false; redirectTo: string };

/** `/errors/405?msg=...`, the message URI-encoded. */
export const notAllowedPath = (message: string): string =>
  `${NOT_ALLOWED_PATH}?msg=${encodeURIComponent(message)}`;

/**
 * Decides whether permissions open a route. The area is checked first (missing role: /404),
 * then the extra right. Role checks read the EXPANDED roles, so an administrator opens every
 * lower area. Missing permissions (not signed in, provider without roles) open nothing guarded.
 */
export function decideAccess(
  rule: GuardRule,
  permissions: Permissions | null | undefined,
): AccessDecision {
  const roles = permissions?.roles ?? [];
  if (rule.area && !hasAnyRole(roles, AREA_ROLES[rule.area])) {
    return { allowed: false, redirectTo: NOT_FOUND_PATH };
  }
  if (rule.right) {
    const right: Right = RIGHTS[rule.right];
    if (!hasAnyRole(roles, right.role)) {
      return {
        allowed: false,
        redirectTo: right.denied === 'notFound' ? NOT_FOUND_PATH : notAllowedPath(right.message),
      };
    }
  }
  return { allowed: true };
}

/**
 * The message the /errors/405 page shows for a `msg` parameter: one of the known messages, else
 * the default. Only known texts are shown, so a crafted link cannot make the extranet display
 * words of someone else's choosing.
 */
export function notAllowedMessage(msg: string | null | undefined): string {
  const known: readonly string[] = Object.values(NOT_ALLOWED_MESSAGES);
  return msg && known.includes(msg) ? msg : NOT_ALLOWED_MESSAGES.default;
}
