// The rows of an export, read from the database in short keyset batches ("the rows after the
// last one read, in this order"): each batch costs the same at row 20 and at row 900,000, no
// statement holds a connection for the whole export (PGlite has only one), and no more than
// two batches are in memory. Each batch becomes list members through the list's own source, so
// a file holds exactly what the list shows, with the same derived fields.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { CollectionQuery } from '../hydra/query.ts';
import type { AnySelect, CollectionDecl, Ctx } from '../resources/framework/index.ts';
import { sortKeys } from '../resources/framework/index.ts';
import { afterCursor, type SortKey } from '../resources/framework/paging.ts';
import type { Member } from './kinds.ts';

/** Rows per statement: short enough to leave the single PGlite connection to others often. */
export const BATCH_SIZE = 1000;

const KEY = (i: number) => `__export_key${i}`;

/**
 * The list's order when every key can carry a cursor (NOT NULL columns, as the list's own
 * keyset); otherwise (an order on a nullable column, such as the insured's latest subscription)
 * the id's, which every list has.
 */
export function exportKeys(decl: CollectionDecl, query: CollectionQuery): SortKey[] {
  if (query.order.some((o) => decl.nullableOrder?.includes(o.field))) {
    return [{ column: decl.source.id, direction: 'asc' }];
  }
  return sortKeys(query, decl.source.id);
}

/**
 * One batch, as the list reads a page: when every key is a column of the source's own table,
 * the batch's ids come from a lean ordered query on the scoped, filtered rows (an index scan
 * for the default contract list), and only those rows are joined for display.
 */
/**
 * How a batch's rows are selected and become members: the list's own source, or a leaner
 * select of the file's columns only (same FROM, so the same scope and filters).
 */
export interface BatchShape {
  select?(qb: AnySelect): AnySelect;
  members?(rows: Member[], ctx: Ctx): Member[] | Promise<Member[]>;
}

function batchQuery(
  decl: CollectionDecl,
  shape: BatchShape,
  ctx: Ctx,
  filtered: AnySelect,
  keys: SortKey[],
  after: unknown[] | undefined,
  size: number,
): AnySelect {
  const { source } = decl;
  const select = (qb: AnySelect) => (shape.select ?? source.select)(qb) as AnySelect;
  const window = after ? filtered.where(afterCursor(keys, after)) : filtered;
  const table = source.id.slice(0, source.id.lastIndexOf('.') + 1);
  let page: AnySelect;
  if (keys.every((key) => key.column.startsWith(table))) {
    let ids = window.select(sql.ref(source.id).as('page_id'));
    for (const key of keys) ids = ids.orderBy(sql.ref(key.column), key.direction);
    const batch = sql<boolean>`${sql.ref(source.id)} = ANY (ARRAY(SELECT page_id FROM (${ids.limit(size)}) AS page_ids))`;
    page = select((source.from(ctx) as AnySelect).where(batch));
  } else {
    page = select(window);
  }
  keys.forEach((key, i) => {
    page = page.orderBy(sql.ref(key.column), key.direction).select(sql.ref(key.column).as(KEY(i)));
  });
  return page.limit(size);
}

/**
 * Every member of the filtered list, batch after batch. The next batch is already asked for
 * while the caller writes the current one (the database works while the writer does).
 */
export async function* memberBatches(
  decl: CollectionDecl,
  ctx: Ctx,
  filtered: AnySelect,
  query: CollectionQuery,
  size = BATCH_SIZE,
  shape: BatchShape = {},
): AsyncGenerator<Member[]> {
  const keys = exportKeys(decl, query);
  const members = shape.members ?? ((rows: Member[]) => decl.source.members(rows, ctx));
  const read = (after?: unknown[]) =>
    batchQuery(decl, shape, ctx, filtered, keys, after, size).execute() as Promise<Member[]>;
  let pending: Promise<Member[]> | undefined = read();
  try {
    while (pending) {
      const rows: Member[] = await pending;
      const last: Member | undefined = rows.at(-1);
      pending = last && rows.length === size ? read(keys.map((_, i) => last[KEY(i)])) : undefined;
      // Asking is not sending: the pool hands a connection over asynchronously, so without a
      // turn the statement left only once the current batch was written, and the writer then
      // waited for the database a third of the time (docs/benchmarks.md, "Exports").
      await nextTurn();
      for (const row of rows) for (const i of keys.keys()) delete row[KEY(i)];
      if (rows.length) yield (await members(rows, ctx)) as Member[];
    }
  } finally {
    // Stopped early (an error, a shutdown): the batch asked for in advance is not awaited.
    pending?.catch(() => undefined);
  }
}
