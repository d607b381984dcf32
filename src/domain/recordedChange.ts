// What a recorded change did (a class's `changeOf`: the rights history), read from its two
// snapshots: the properties of the changed record that differ, in its declaration's order and
// under its labels, or the rights the roles tree moved. The detail screen shows these instead
// of the raw JSON (src/components/generic/RecordedChange.tsx).
import { idOfIri, isEmptyValue } from './apiValues.ts';
import type { AnyClass, PropertyDecl } from './schema/index.ts';

export interface ChangedProperty {
  name: string;
  label: string;
  /** The changed class's declaration of it; none for a name it no longer declares. */
  property?: PropertyDecl;
  before: unknown;
  after: unknown;
}

/** A right's place in the roles tree as the tree's operations record it (rights/tree.ts). */
export interface Placement {
  id: number;
  name: string;
  parent: number | null;
  listOrder: number;
}

export interface Move {
  id: number;
  name: string;
  before?: Placement;
  after?: Placement;
}

const same = (a: unknown, b: unknown) =>
  (isEmptyValue(a) && isEmptyValue(b)) || JSON.stringify(a) === JSON.stringify(b);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A name that says nothing to a reader: JSON-LD's own keys and the record's id. */
const isBookkeeping = (name: string) => name === 'id' || name.startsWith('@');

/**
 * The properties whose values differ between the two snapshots (a creation: every value set;
 * a deletion: every value there was). An empty value and a missing one are the same.
 */
export function changedProperties(
  changed: AnyClass | undefined,
  before: unknown,
  after: unknown,
): ChangedProperty[] {
  const was = isObject(before) ? before : {};
  const is = isObject(after) ? after : {};
  const names = new Set([
    ...Object.keys(changed?.properties ?? {}),
    ...Object.keys(was),
    ...Object.keys(is),
  ]);
  return [...names]
    .filter((name) => !isBookkeeping(name) && (name in was || name in is))
    .filter((name) => !same(was[name], is[name]))
    .map((name) => ({
      name,
      label: changed?.properties[name]?.label ?? name,
      property: changed?.properties[name],
      before: was[name],
      after: is[name],
    }));
}

const isPlacement = (value: unknown): value is Placement =>
  isObject(value) && typeof value.id === 'number' && 'parent' in value;

/** Whether the snapshots are the roles tree's (lists of placements), not a record's. */
export const isTreeChange = (before: unknown, after: unknown): boolean =>
  Array.isArray(before) || Array.isArray(after);

/** The rights whose folder or place changed, in the order the operation listed them. */
export function movedRights(before: unknown, after: unknown): Move[] {
  const placements = (value: unknown) => (Array.isArray(value) ? value.filter(isPlacement) : []);
  const was = new Map(placements(before).map((p) => [p.id, p]));
  const moves: Move[] = [];
  for (const now of placements(after)) {
    const then = was.get(now.id);
    was.delete(now.id);
    if (then && then.parent === now.parent && then.listOrder === now.listOrder) continue;
    moves.push({ id: now.id, name: now.name, before: then, after: now });
  }
  for (const then of was.values()) moves.push({ id: then.id, name: then.name, before: then });
  return moves;
}

/** The id a snapshot holds for a related record: an IRI's, or an embedded record's. */
export function relatedId(value: unknown): number | string | undefined {
  if (isObject(value)) return relatedId(value.id ?? value['@id']);
  const id = idOfIri(value);
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? id : undefined;
}
