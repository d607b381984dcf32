// To-many relations held in a link table (src/domain/schema/types.ts, `relation.through`):
// read as lists of IRIs for a page of members (one query per relation, never per row),
// filtered by a related id, and written by replacing the links with the list a body gives.
import { type Kysely, sql } from 'kysely';
import { classNamed } from '../../../../src/domain/schema/index.ts';
import {
  type AnyClass,
  entries,
  isReadable,
  itemBase,
  type LinkDecl,
  linkOf,
  type PropertyDecl,
} from '../../../../src/domain/schema/types.ts';
import type { Violation } from '../../http/violations.ts';
import { customList, type FilterDecl } from './filters.ts';
import { fail } from './schema.ts';

export interface LinkProperty {
  name: string;
  p: PropertyDecl;
  link: LinkDecl;
  target: AnyClass;
}

/** The class's to-many relations held in link tables. */
export function linkProperties(decl: AnyClass): LinkProperty[] {
  return entries(decl).flatMap(([name, p]) => {
    const link = linkOf(p);
    if (!link) return [];
    const target =
      classNamed(p.relation?.target ?? '') ?? fail(decl, `${name} targets an undeclared class`);
    return [{ name, p, link, target }];
  });
}

/** For a page of owner ids: each readable relation's IRIs, by owner, in the link's order. */
export async function readLinks(
  db: Kysely<unknown>,
  links: readonly LinkProperty[],
  ids: readonly number[],
): Promise<Array<Record<string, string[]>>> {
  const out = ids.map(() => ({}) as Record<string, string[]>);
  const readable = links.filter(({ p }) => isReadable(p));
  if (ids.length === 0 || readable.length === 0) return out;
  const at = new Map(ids.map((id, i) => [id, i]));
  for (const { name, link, target } of readable) {
    for (const record of out) record[name] = [];
    const base = itemBase(target);
    const { rows } = await sql<{ owner: number; target: number }>`
      SELECT ${sql.ref(link.owner)} AS owner, ${sql.ref(link.target)} AS target
      FROM ${sql.table(link.table)}
      WHERE ${sql.ref(link.owner)} IN (${sql.join(ids)})
      ORDER BY ${sql.ref(link.order ?? link.target)}, ${sql.ref(link.target)}`.execute(db);
    for (const row of rows) out[at.get(row.owner) as number][name].push(`${base}/${row.target}`);
  }
  return out;
}

/** `profiles.profile=3`: members linked to any of the ids given. */
export function linkFilter(idColumn: string, link: LinkDecl): FilterDecl {
  return customList<number>(
    'id',
    (ids) =>
      sql`${sql.ref(idColumn)} IN (SELECT ${sql.ref(link.owner)} FROM ${sql.table(link.table)}
        WHERE ${sql.ref(link.target)} IN (${sql.join(ids)}))`,
  );
}

/** The id column of a class's table, as its writes know it. */
const idColumnOf = (target: AnyClass) =>
  (target.properties.id?.column ?? fail(target, 'no id column')).split('.')[1];

/** Ids a body names that no record has: one violation per relation. */
export async function missingTargets(
  db: Kysely<unknown>,
  links: readonly LinkProperty[],
  values: Record<string, unknown>,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const { name, p, target } of links) {
    const ids = values[name] as number[] | undefined;
    if (!ids?.length) continue;
    const table = target.table ?? fail(target, 'a linked class needs a table');
    const { rows } = await sql<{ id: number }>`
      SELECT ${sql.ref(idColumnOf(target))} AS id FROM ${sql.table(table)}
      WHERE ${sql.ref(idColumnOf(target))} IN (${sql.join(ids)})`.execute(db);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      violations.push({
        propertyPath: name,
        message: `« ${p.label} » : ${missing.length > 1 ? 'ces éléments n’existent pas' : 'cet élément n’existe pas'} (${missing
          .map((id) => `${itemBase(target)}/${id}`)
          .join(', ')}).`,
      });
    }
  }
  return violations;
}

/**
 * Targets a body names that its relation does not accept (RelationDecl.only: a folder given as
 * a right), to-one and to-many alike: one violation per relation, in the declared words.
 */
export async function ineligibleTargets(
  db: Kysely<unknown>,
  decl: AnyClass,
  values: Record<string, unknown>,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const [name, p] of entries(decl)) {
    const only = p.relation?.only;
    const given = values[name];
    const ids = Array.isArray(given)
      ? (given as number[])
      : typeof given === 'number'
        ? [given]
        : [];
    if (!only || ids.length === 0) continue;
    const target = classNamed(p.relation?.target ?? '') ?? fail(decl, `${name}: no target class`);
    const table = target.table ?? fail(target, 'a chosen class needs a table');
    const column =
      target.properties[only.property]?.column ?? fail(target, `${only.property}: no column`);
    const { rows } = await sql`
      SELECT 1 FROM ${sql.table(table)}
      WHERE ${sql.ref(idColumnOf(target))} IN (${sql.join(ids)})
        AND ${sql.ref(column)} IS DISTINCT FROM ${only.equals}
      LIMIT 1`.execute(db);
    if (rows.length) violations.push({ propertyPath: name, message: only.message });
  }
  return violations;
}

/**
 * Makes the owner's links those the values list: links no longer listed are removed, new ones
 * added, the others kept (a link others refer to, a user's profile in a realm, stays put).
 */
export async function writeLinks(
  db: Kysely<unknown>,
  links: readonly LinkProperty[],
  ownerId: number,
  values: Record<string, unknown>,
): Promise<void> {
  for (const { name, link } of links) {
    const ids = values[name] as number[] | undefined;
    if (ids === undefined) continue;
    const owner = sql.ref(link.owner);
    const target = sql.ref(link.target);
    await sql`DELETE FROM ${sql.table(link.table)} WHERE ${owner} = ${ownerId}
      ${ids.length ? sql`AND ${target} NOT IN (${sql.join(ids)})` : sql``}`.execute(db);
    if (ids.length) {
      const rows = ids.map((id) => sql`(${ownerId}::int, ${id}::int)`);
      await sql`INSERT INTO ${sql.table(link.table)} (${owner}, ${target})
        VALUES ${sql.join(rows)} ON CONFLICT DO NOTHING`.execute(db);
    }
  }
}
