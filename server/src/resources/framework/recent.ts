// Totals and statistics kept a short while (docs/api.md "Totals and deep pages"). Counting the
// default contract list reads 10,001 index entries for the operator (1.5 to 2 ms of database
// CPU) and its statistics block sums 344,528 rows (200 to 360 ms): asked again and again with
// the same scope and filters, they are answered from memory for RECENT_MS.
//
// The key is the statement itself (SQL text and bound values), which holds the scope and the
// normalised filters, per database. Only large results are kept (`keep`): a small total is
// cheap to count and is the one a user checks after a change, so it is always exact. Concurrent
// identical requests share one execution. Nothing else invalidates an entry: a large total or
// statistic may lag changes by up to RECENT_MS.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { BoundedMap } from '../../lib/boundedMap.ts';

export const RECENT_MS = 30_000;
/** Totals (and statistics over contracts) of at least this many rows are kept. */
export const RECENT_MIN_ROWS = 1_000;
/** Entries per database (the oldest is dropped first). */
const RECENT_MAX = 2_000;

interface Entry {
  rows: Promise<unknown[]>;
  until: number;
}

// biome-ignore lint/suspicious/noExplicitAny: one cache per database, whatever its schema.
const caches = new WeakMap<Kysely<any>, Map<string, Entry>>();

/**
 * The rows of `query`, or those of the same statement run less than RECENT_MS ago when
 * `keep(rows)` said they were worth keeping. The rows are shared: read them, never change them.
 */
export async function recentRows<R>(
  // biome-ignore lint/suspicious/noExplicitAny: any database.
  db: Kysely<any>,
  query: Compilable<R> | CompiledQuery<R>,
  keep: (rows: R[]) => boolean,
): Promise<R[]> {
  const compiled = 'compile' in query ? query.compile() : query;
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  let cache = caches.get(db);
  if (!cache) {
    cache = new BoundedMap(RECENT_MAX);
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return (await hit.rows) as R[];
  if (hit) cache.delete(key);

  const rows = db.executeQuery(compiled).then((result) => result.rows as R[]);
  const entry: Entry = { rows, until: now + RECENT_MS };
  cache.set(key, entry);
  const forget = () => {
    if (cache.get(key) === entry) cache.delete(key);
  };
  rows.then((result) => {
    if (!keep(result)) forget();
  }, forget);
  return rows;
}
