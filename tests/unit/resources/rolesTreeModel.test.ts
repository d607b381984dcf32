// The roles tree's model (src/resources/roles/tree.ts): built from the flat list in listOrder,
// moved up, down and into folders without losing or repeating a node, never into itself, and
// sent back as the nested body of POST /api/roles/updateRolesTree.
import { describe, expect, it } from 'vitest';
import {
  buildTree,
  moveBy,
  moveInto,
  type RoleRecord,
  sameTree,
  treeBody,
} from '../../../src/resources/roles/tree.ts';

const role = (id: number, parent: number | null, listOrder: number, isFolder = false) =>
  ({ id, name: `R${id}`, isFolder, listOrder, parent }) satisfies RoleRecord;

const ROLES = [
  role(1, null, 1, true),
  role(2, null, 0, true),
  role(3, 1, 1),
  role(4, 1, 0),
  role(5, 2, 0),
  role(6, 99, 0), // its parent is not loaded: shown at the root
];

describe('the roles tree model', () => {
  it('orders each folder by listOrder (then id) and keeps orphans at the root', () => {
    expect(treeBody(buildTree(ROLES))).toEqual([
      { id: 2, listOrder: 0, children: [{ id: 5, listOrder: 0 }] },
      { id: 6, listOrder: 1 },
      {
        id: 1,
        listOrder: 2,
        children: [
          { id: 4, listOrder: 0 },
          { id: 3, listOrder: 1 },
        ],
      },
    ]);
  });

  it('moves a node up and down among its siblings, and not past an end', () => {
    const tree = buildTree(ROLES);
    const down = moveBy(tree, 4, 1);
    expect(treeBody(down)[2].children).toEqual([
      { id: 3, listOrder: 0 },
      { id: 4, listOrder: 1 },
    ]);
    expect(moveBy(tree, 4, -1)).toBe(tree);
    expect(sameTree(moveBy(down, 4, -1), tree)).toBe(true);
  });

  it('moves a node into another folder, at a place or at its end', () => {
    const tree = buildTree(ROLES);
    const moved = moveInto(tree, 3, 2, 0);
    expect(treeBody(moved)[0].children).toEqual([
      { id: 3, listOrder: 0 },
      { id: 5, listOrder: 1 },
    ]);
    expect(treeBody(moved)[2].children).toEqual([{ id: 4, listOrder: 0 }]);
    expect(treeBody(moveInto(tree, 5, null))[3]).toEqual({ id: 5, listOrder: 3 });
  });

  it('never moves a folder into itself or into its own content', () => {
    const nested = moveInto(buildTree(ROLES), 2, 1);
    expect(moveInto(nested, 1, 1)).toBe(nested);
    expect(moveInto(nested, 1, 2)).toBe(nested);
  });
});
