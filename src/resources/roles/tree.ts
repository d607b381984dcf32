// The roles tree as the screen edits it (spec administration §3 "Roles form a tree ordered by
// listOrder", §7 updateRolesTree): built from the flat list GET /api/roles answers, changed by
// moves that keep every other node in place, and sent back as the nested body the API reads.
// Pure: the screen (./RolesTree.tsx) and its tests share it.

export interface RoleRecord {
  id: number;
  name: string;
  description?: string | null;
  isFolder: boolean;
  listOrder: number;
  /** The parent's id (the data provider reads relations as ids). */
  parent: number | null;
}

/** Children ids by parent id (null: the root), each list in its order. */
export type Tree = Map<number | null, number[]>;

export function buildTree(roles: readonly RoleRecord[]): Tree {
  const known = new Set(roles.map((r) => r.id));
  const tree: Tree = new Map([[null, []]]);
  for (const role of roles) if (role.isFolder) tree.set(role.id, []);
  const sorted = [...roles].sort((a, b) => a.listOrder - b.listOrder || a.id - b.id);
  for (const role of sorted) {
    // A role whose parent is unknown (not loaded) is shown at the root rather than lost.
    const parent = role.parent !== null && known.has(role.parent) ? role.parent : null;
    if (!tree.has(parent)) tree.set(parent, []);
    tree.get(parent)?.push(role.id);
  }
  return tree;
}

export function parentOf(tree: Tree, id: number): number | null {
  for (const [parent, children] of tree) if (children.includes(id)) return parent;
  return null;
}

const copy = (tree: Tree): Tree => new Map([...tree].map(([k, v]) => [k, [...v]]));

/** The node one place up (-1) or down (+1) among its siblings; the tree as it is at an end. */
export function moveBy(tree: Tree, id: number, step: -1 | 1): Tree {
  const parent = parentOf(tree, id);
  const siblings = tree.get(parent) ?? [];
  const at = siblings.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= siblings.length) return tree;
  const next = copy(tree);
  const list = next.get(parent) as number[];
  [list[at], list[to]] = [list[to], list[at]];
  return next;
}

/** The node placed in `folder` (null: the root) at `index` (its end by default). */
export function moveInto(tree: Tree, id: number, folder: number | null, index?: number): Tree {
  if (folder === id || isUnder(tree, folder, id)) return tree;
  const next = copy(tree);
  const from = parentOf(next, id);
  next.set(
    from,
    (next.get(from) ?? []).filter((child) => child !== id),
  );
  const target = next.get(folder) ?? [];
  const place = index === undefined ? target.length : Math.max(0, Math.min(index, target.length));
  target.splice(place, 0, id);
  next.set(folder, target);
  return next;
}

/** Whether `node` lies under `ancestor` (a folder is never moved into its own content). */
function isUnder(tree: Tree, node: number | null, ancestor: number): boolean {
  let current = node;
  for (let guard = 0; current !== null && guard < 1000; guard++) {
    if (current === ancestor) return true;
    current = parentOf(tree, current);
  }
  return false;
}

export interface TreeNode {
  id: number;
  listOrder: number;
  children?: TreeNode[];
}

/** The body of POST /api/roles/updateRolesTree: the whole tree, each list in its new order. */
export function treeBody(tree: Tree, parent: number | null = null): TreeNode[] {
  return (tree.get(parent) ?? []).map((id, listOrder) =>
    tree.has(id) ? { id, listOrder, children: treeBody(tree, id) } : { id, listOrder },
  );
}

/** Whether two trees place every node alike. */
export const sameTree = (a: Tree, b: Tree) =>
  JSON.stringify(treeBody(a)) === JSON.stringify(treeBody(b));
