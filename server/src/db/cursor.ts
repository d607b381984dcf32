// One statement read through a server-side cursor (PostgreSQL only; pg-cursor): its rows come
// in batches on one connection held until the last one, from one plan and one scan, where a
// statement per batch would plan, scan and join again each time. The next batch is asked for
// as soon as one arrives, so PostgreSQL produces it while the caller works on this one.
// The exports read their rows this way (docs/benchmarks.md, "Exports"); PGlite has a single
// connection, which no statement may hold that long: there, exports read keyset batches.
import type pg from 'pg';
import Cursor from 'pg-cursor';

export interface CursorStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** The rows of `statement`, `batch` at a time (objects; arrays with rowMode 'array'). */
export type RowCursor = <Row>(
  statement: CursorStatement,
  batch: number,
  options?: { rowMode?: 'array' },
) => AsyncGenerator<Row[]>;

export function pgCursor(pool: pg.Pool): RowCursor {
  return async function* read<Row>(
    statement: CursorStatement,
    batch: number,
    options: { rowMode?: 'array' } = {},
  ): AsyncGenerator<Row[]> {
    const client = await pool.connect();
    // Without JIT: PostgreSQL compiles a long statement's plan before its first row (0.8 to
    // 1.4 s for the contract file), time the caller waits for, which a plan read batch by batch
    // did not win back (docs/benchmarks.md, "Exports"). In a transaction of its own, so the
    // setting ends with it.
    try {
      await client.query('BEGIN READ ONLY');
      await client.query('SET LOCAL jit = off');
    } catch (error) {
      client.release(true);
      throw error;
    }
    // The pool's type parsers apply (the client gives its own to a cursor that names none).
    const cursor = client.query(
      new Cursor<Row>(statement.sql, [...statement.parameters], { rowMode: options.rowMode }),
    );
    let next: Promise<Row[]> | undefined = cursor.read(batch);
    let broken = false;
    try {
      for (;;) {
        const rows: Row[] = await next;
        next = undefined;
        if (rows.length === 0) return;
        next = cursor.read(batch);
        // Awaited on the next turn, or in `finally` when the caller stops early.
        next.catch(() => undefined);
        yield rows;
      }
    } catch (error) {
      broken = true;
      throw error;
    } finally {
      // Stopped early (an error downstream, a shutdown): the batch asked for ends before the
      // portal is closed, so the connection goes back to the pool in a known state.
      if (next) await next.catch(() => undefined);
      if (!broken) await cursor.close().catch(() => (broken = true));
      if (!broken) await client.query('COMMIT').catch(() => (broken = true));
      // A connection whose statement failed is closed rather than lent again.
      client.release(broken);
    }
  };
}
