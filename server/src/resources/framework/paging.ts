// Totals and deep pages at a million rows (issue 3, docs/api.md "Totals and deep pages").
//
// Totals: counting 300,000 matching rows costs ~90 ms on PostgreSQL, so a collection counts
// at most COUNT_CAP + 1 rows (`SELECT count(*) FROM (... LIMIT cap + 1)`, which an index-only
// scan stops early). Past the cap the total is an honest lower bound: hydra:totalItems = cap,
// `totalItemsIsLowerBound: true`, no hydra:last; the SPA shows « plus de 10 000 ».
//
// Pages: page numbers reach the counted rows only (offset at most MAX_OFFSET), so no request
// makes the database skip hundreds of thousands of rows. Past them, hydra:next carries an
// opaque `after` cursor (keyset paging: `WHERE (sort keys) < (last row's keys)`), which costs
// the same on page 2 and page 20,000.
import { type Expression, type OrderByModifiers, type SqlBool, sql } from 'kysely';
import { httpError } from '../../http/problem.ts';
import type { Direction } from '../../hydra/query.ts';

export const COUNT_CAP = 10_000;
export const MAX_OFFSET = COUNT_CAP;

export interface SortKey {
  column: string;
  direction: Direction;
  /** Empty values last, descending too (PostgreSQL puts them first there). */
  emptyLast?: boolean;
}

/** The key's direction for Kysely's orderBy, with NULLS LAST when it asks for it. */
export const orderModifiers = (key: SortKey): OrderByModifiers =>
  key.emptyLast
    ? (order) => (key.direction === 'desc' ? order.desc() : order.asc()).nullsLast()
    : key.direction;

export interface Cursor {
  /** The order the cursor was made for (public fields and directions): must match. */
  order: string;
  values: unknown[];
}

export const orderSignature = (keys: readonly SortKey[]) =>
  keys.map((k) => `${k.column}:${k.direction}`).join(',');

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.order, cursor.values])).toString('base64url');
}

const badCursor = () =>
  httpError(
    400,
    'Le paramètre « after » n’est pas un curseur valide pour ce tri : suivez le lien hydra:next tel quel.',
  );

export function decodeCursor(raw: unknown, keys: readonly SortKey[]): Cursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== 2 ||
    decoded[0] !== orderSignature(keys) ||
    !Array.isArray(decoded[1]) ||
    decoded[1].length !== keys.length ||
    !decoded[1].every((v) => typeof v === 'string' || typeof v === 'number')
  ) {
    throw badCursor();
  }
  return { order: decoded[0], values: decoded[1] };
}

/**
 * Rows strictly after the cursor in the given order. One direction throughout: a row
 * comparison, which PostgreSQL answers from a matching index. Mixed directions: the expanded
 * form (a > x) OR (a = x AND b < y) ... Sort keys must be NOT NULL columns.
 */
export function afterCursor(keys: readonly SortKey[], values: unknown[]): Expression<SqlBool> {
  const refs = keys.map((k) => sql.ref(k.column));
  const params = values.map((v) => sql`${v}`);
  if (keys.every((k) => k.direction === keys[0].direction)) {
    const op = sql.raw(keys[0].direction === 'asc' ? '>' : '<');
    return sql<SqlBool>`(${sql.join(refs)}) ${op} (${sql.join(params)})`;
  }
  const branches = keys.map((key, i) => {
    const equal = refs.slice(0, i).map((ref, j) => sql`${ref} = ${params[j]}`);
    const op = sql.raw(key.direction === 'asc' ? '>' : '<');
    return sql`(${sql.join([...equal, sql`${refs[i]} ${op} ${params[i]}`], sql` AND `)})`;
  });
  return sql<SqlBool>`(${sql.join(branches, sql` OR `)})`;
}

/** How a list goes on past its numbered pages: its order's cursor, another order's, or not. */
export type Beyond = 'cursor' | 'otherOrder' | 'none';

const FURTHER: Record<Beyond, string> = {
  cursor: 'affinez les filtres, ou suivez le lien hydra:next (curseur « after »)',
  otherOrder:
    'affinez les filtres, ou triez sur une colonne toujours renseignée (order[id]) : le lien hydra:next va alors au-delà',
  none: 'affinez les filtres',
};

/** Page numbers reach the counted rows only: past them, 400 saying how to go on. */
export function checkOffset(offset: number, beyond: Beyond, cap = MAX_OFFSET): void {
  if (offset > cap) {
    throw httpError(
      400,
      `Le paramètre « page » dépasse les ${cap.toLocaleString('fr-FR')} premiers résultats : ${FURTHER[beyond]}.`,
    );
  }
}
