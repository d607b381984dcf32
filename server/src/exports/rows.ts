// The rows of an export, in the list's order, each batch made into list members through the
// list's own source (or the export's leaner shape), so a file holds exactly what the list shows.
// On PostgreSQL, one statement read through a server-side cursor (db/cursor.ts): one plan and
// one scan for the whole file, the next batch produced while the current one is written. On
// PGlite, whose single connection no statement may hold for a whole export, short keyset
// batches ("the rows after the last one read, in this order"): each costs the same at row 20
// and at row 900,000; an order on a column that may be empty, which no keyset can follow, is
// read by offset (the embedded database holds demo-sized lists). Either way the file is in
// the list's order, and no more than two batches are in memory.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { RowCursor } from '../db/cursor.ts';
import type { CollectionQuery } from '../hydra/query.ts';
import type { AnySelect, CollectionDecl, Ctx } from '../resources/framework/index.ts';
import { followsByKeyset, listKeys, windowQuery } from '../resources/framework/index.ts';
import { orderModifiers, type SortKey } from '../resources/framework/paging.ts';
import type { Member } from './kinds.ts';

/** Rows per statement: short enough to leave the single PGlite connection to others often. */
export const BATCH_SIZE = 1000;

const KEY = (i: number) => `__export_key${i}`;

/** The list's order (the same keys its pages use), and whether a keyset can follow it. */
export function exportOrder(
  decl: CollectionDecl,
  query: CollectionQuery,
): { keys: SortKey[]; keyset: boolean } {
  return { keys: listKeys(decl, query), keyset: followsByKeyset(decl, query) };
}

/**
 * How a batch's rows are selected and become members: the list's own source, or a leaner
 * select of the file's columns only (same FROM, so the same scope and filters).
 */
export interface BatchShape {
  select?(qb: AnySelect): AnySelect;
  /** The same columns for the whole file in one statement (the cursor), when it differs. */
  selectAll?(qb: AnySelect): AnySelect;
  members?(rows: Member[], ctx: Ctx): Member[] | Promise<Member[]>;
}

/**
 * One batch, as the list reads a page (framework windowQuery), in the export's order: the rows
 * after `after` (keyset), or from `offset`.
 */
function batchQuery(
  decl: CollectionDecl,
  shape: BatchShape,
  ctx: Ctx,
  filtered: AnySelect,
  order: { keys: SortKey[]; keyset: boolean },
  from: { after?: unknown[]; offset: number },
  size: number,
): AnySelect {
  const { keys, keyset } = order;
  let batch = windowQuery(decl.source, ctx, filtered, keys, from.after, {
    limit: size,
    offset: from.offset,
    select: shape.select,
  });
  keys.forEach((key, i) => {
    batch = batch.orderBy(sql.ref(key.column), orderModifiers(key));
    if (keyset) batch = batch.select(sql.ref(key.column).as(KEY(i)));
  });
  return batch.limit(size);
}

/** The whole filtered list as one statement, in the export's order. */
function wholeQuery(
  decl: CollectionDecl,
  shape: BatchShape,
  filtered: AnySelect,
  keys: SortKey[],
): AnySelect {
  let all = (shape.selectAll ?? shape.select ?? decl.source.select)(filtered) as AnySelect;
  for (const key of keys) all = all.orderBy(sql.ref(key.column), orderModifiers(key));
  return all;
}

/**
 * Every member of the filtered list, batch after batch: through `cursor` when given (one
 * statement), else in keyset batches. The next batch is already asked for while the caller
 * writes the current one (the database works while the writer does).
 */
export async function* memberBatches(
  decl: CollectionDecl,
  ctx: Ctx,
  filtered: AnySelect,
  query: CollectionQuery,
  size = BATCH_SIZE,
  shape: BatchShape = {},
  cursor?: RowCursor,
): AsyncGenerator<Member[]> {
  const order = exportOrder(decl, query);
  const { keys, keyset } = order;
  const members = shape.members ?? ((rows: Member[]) => decl.source.members(rows, ctx));
  if (cursor) {
    const statement = wholeQuery(decl, shape, filtered, keys).compile();
    for await (const rows of cursor<Member>(statement, size)) {
      yield (await members(rows, ctx)) as Member[];
    }
    return;
  }
  const read = (from: { after?: unknown[]; offset: number }) =>
    batchQuery(decl, shape, ctx, filtered, order, from, size).execute() as Promise<Member[]>;
  let offset = 0;
  let pending: Promise<Member[]> | undefined = read({ offset });
  try {
    while (pending) {
      const rows: Member[] = await pending;
      const last: Member | undefined = rows.at(-1);
      offset += rows.length;
      pending =
        last && rows.length === size
          ? read(keyset ? { after: keys.map((_, i) => last[KEY(i)]), offset: 0 } : { offset })
          : undefined;
      // Asking is not sending: the pool hands a connection over asynchronously, so without a
      // turn the statement left only once the current batch was written, and the writer then
      // waited for the database a third of the time (docs/benchmarks.md, "Exports").
      await nextTurn();
      if (keyset) for (const row of rows) for (const i of keys.keys()) delete row[KEY(i)];
      if (rows.length) yield (await members(rows, ctx)) as Member[];
    }
  } finally {
    // Stopped early (an error, a shutdown): the batch asked for in advance is not awaited.
    pending?.catch(() => undefined);
  }
}
