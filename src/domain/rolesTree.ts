// The version of the roles tree an administrator edits (spec administration §7 updateRolesTree):
// the screen names the version it loaded (If-Match), the server compares it with the rows it is
// about to change, and a tree another session saved meanwhile is refused (412) instead of being
// silently undone. Computed alike on both sides from the same facts; pure.

/** Where a role stands: its folder (null: the root) and its order there. */
export interface Placed {
  id: number;
  parent: number | null;
  listOrder: number;
}

/** The version of these roles' places: any move or reorder among them changes it. */
export function treeVersion(roles: Iterable<Placed>): string {
  const text = [...roles]
    .sort((a, b) => a.id - b.id)
    .map((r) => `${r.id}:${r.parent ?? ''}:${r.listOrder}`)
    .join(';');
  // FNV-1a, 32 bits: a fingerprint, not a secret; the length makes collisions rarer still.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `"tree-${hash.toString(16)}-${text.length}"`;
}

/** The 412 a stale tree gets, in the administrator's words. */
export const TREE_CHANGED_ELSEWHERE =
  "L'arbre des droits a été modifié par quelqu'un d'autre depuis son chargement : rechargez-le, puis refaites vos changements.";
