// The rights this product's code reads: its profile hierarchy and the older names it maps, the
// roles of its areas, route guards and menu, and every role its classes' declarations name (who
// reads, creates, changes, deletes, writes a field). Deleting one from the roles tree would
// take a screen or a rule away from everyone at once, so the server refuses it; a right an
// administrator added is theirs to delete.
import { ADMIN_MENU_ROLE, AREA_ROLES, RIGHTS } from '../access.ts';
import { ROLE_ALIASES, ROLE_HIERARCHY } from '../roles.ts';
import { CLASSES } from './index.ts';
import { entries } from './types.ts';

function* productRights(): Generator<string> {
  yield* ROLE_HIERARCHY;
  yield* Object.keys(ROLE_ALIASES);
  yield* Object.values(ROLE_ALIASES);
  for (const roles of Object.values(AREA_ROLES)) yield* roles;
  for (const right of Object.values(RIGHTS)) yield right.role;
  yield ADMIN_MENU_ROLE;
  for (const decl of CLASSES) {
    for (const roles of Object.values(decl.access)) yield* roles ?? [];
    for (const [, property] of entries(decl)) yield* property.writeRoles ?? [];
  }
}

export const PRODUCT_RIGHTS: ReadonlySet<string> = new Set(productRights());
