// The side menu of spec partner-extranet §2 (table "Side menu") and administration §2, derived
// from the route declarations (src/resources) and the signed-in user's permissions.
// Pure: the declarations are passed in, so this module imports nothing of the app.
import { hasAnyRole, type Role } from './roles.ts';
import type { Permissions } from './session.ts';

/** Who sees a top-level entry. */
export interface MenuRule {
  /** Any of these EXPANDED roles shows the entry ("a list of roles means any of them"). */
  anyOf: readonly Role[];
  /**
   * Holding any of these roles AS GIVEN hides the entry (Managers: "hidden for users holding
   * PROFILE_MANAGER"). Read on the given roles, or no administrator would ever see it, since
   * every profile above PROFILE_MANAGER expands to it.
   */
  hiddenForGiven?: readonly Role[];
}

/** A route placed in the menu: as a top-level entry, as a sub-entry, or both. */
export interface RouteMenuPlacement {
  /** Top-level entry (its key is the declaration's name). */
  entry?: { label: string; rule: MenuRule };
  /** Sub-entry of the top-level entry whose key is `parent`; visible with its parent. */
  subEntry?: { parent: string; label: string };
}

/** What the menu reads of a declaration. Declarations come in menu order. */
export interface MenuSource {
  name: string;
  routes: readonly { path: string; menu?: RouteMenuPlacement }[];
}

export interface MenuItem {
  label: string;
  path: string;
}
export interface MenuEntry extends MenuItem {
  key: string;
  /** Sub-entries, in declaration order; empty for a plain link. */
  children: MenuItem[];
}

export function isMenuRuleMet(rule: MenuRule, permissions: Permissions | null | undefined) {
  const roles = permissions?.roles ?? [];
  const given = permissions?.givenRoles ?? [];
  if (rule.hiddenForGiven && hasAnyRole(given, rule.hiddenForGiven)) return false;
  return hasAnyRole(roles, rule.anyOf);
}

/** The entries the permissions show, in declaration order, each with its sub-entries. */
export function buildMenu(
  sources: readonly MenuSource[],
  permissions: Permissions | null | undefined,
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const source of sources) {
    for (const route of source.routes) {
      const entry = route.menu?.entry;
      if (entry && isMenuRuleMet(entry.rule, permissions)) {
        entries.push({ key: source.name, label: entry.label, path: route.path, children: [] });
      }
    }
  }
  // Sub-entries may be declared by other resources (Importer, Groupes partenaires): attach them
  // after all top-level entries exist, still in declaration order.
  for (const source of sources) {
    for (const route of source.routes) {
      const sub = route.menu?.subEntry;
      const parent = sub && entries.find((e) => e.key === sub.parent);
      if (sub && parent) parent.children.push({ label: sub.label, path: route.path });
    }
  }
  return entries;
}

/** True when a path is one of the entry's sub-entries (the submenu then opens by itself). */
export function isInSubmenu(entry: MenuEntry, pathname: string): boolean {
  const current = normalise(pathname);
  return entry.children.some((child) => normalise(child.path) === current);
}

// React Router matches paths case-insensitively and ignores a trailing slash: do the same.
const normalise = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';
