// The rights this product's code reads: its profile hierarchy and the older names it maps, the
// roles of its areas, route guards and menu, and every role its classes' declarations name (who
// reads, creates, changes, deletes, writes a field). Deleting one from the roles tree would
// take a screen or a rule away from everyone at once, so the server refuses it; a right an
// administrator added is theirs to delete (the Role class's `kept`, ./rights.ts).
//
// The Role class names this rule, and the rule reads every class, the Role one among them: the
// list of classes (./index.ts) hands itself over once built, rather than being imported here.
// An import would close a loop (rights.ts, here, index.ts, rights.ts) in which whichever module
// a bundle loads first finds the others' classes not yet defined.
import { ADMIN_MENU_ROLE, AREA_ROLES, RIGHTS } from '../access.ts';
import { ROLE_ALIASES, ROLE_HIERARCHY } from '../roles.ts';
import { type AnyClass, entries } from './types.ts';

let classes: readonly AnyClass[] | undefined;
let rights: ReadonlySet<string> | undefined;

/** Every class, handed over by ./index.ts once its list is built. */
export function classesNamingRights(all: readonly AnyClass[]): void {
  classes = all;
  rights = undefined;
}

function* productRights(classes: readonly AnyClass[]): Generator<string> {
  yield* ROLE_HIERARCHY;
  yield* Object.keys(ROLE_ALIASES);
  yield* Object.values(ROLE_ALIASES);
  for (const roles of Object.values(AREA_ROLES)) yield* roles;
  for (const right of Object.values(RIGHTS)) yield right.role;
  yield ADMIN_MENU_ROLE;
  for (const decl of classes) {
    for (const roles of Object.values(decl.access)) yield* roles ?? [];
    for (const [, property] of entries(decl)) yield* property.writeRoles ?? [];
  }
}

/** Whether the product's code reads the right of this code. */
export function isProductRight(code: string): boolean {
  // Never an answer from part of the classes: it would let a right the code reads go.
  if (!classes) throw new Error('isProductRight: src/domain/schema/index.ts is not loaded yet');
  rights ??= new Set(productRights(classes));
  return rights.has(code);
}
