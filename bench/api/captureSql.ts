// Preloaded (node --import) into a separate "capture" server only, never into the measured
// one: records every statement the server sends to PostgreSQL, with its parameters and its
// start and end, one JSON line each in BENCH_SQL_LOG. The benchmark then replays exactly the
// statements one request ran, straight through pg, to compare HTTP with raw SQL.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

export interface CapturedStatement {
  text: string;
  values: unknown[];
  /** The prepared statement's name, when the server sent it as a named statement. */
  name?: string;
  start: number;
  end: number;
}

const file = process.env.BENCH_SQL_LOG;
if (file) {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const patched = function (this: pg.Client, ...args: unknown[]): unknown {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    const name = typeof first === 'object' ? (first as { name?: string } | null)?.name : undefined;
    const values =
      (Array.isArray(second) ? second : (first as { values?: unknown[] } | undefined)?.values) ??
      [];
    const start = performance.now();
    const record = () => {
      if (typeof text !== 'string') return;
      const line: CapturedStatement = { text, values, name, start, end: performance.now() };
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    };
    // The server sends its statements in pg's callback form (server/src/db/preparedStatements.ts);
    // other callers use its promise form.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...outcome: unknown[]) => {
        record();
        return callback(...outcome);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(record, record);
    return result;
  };
  pg.Client.prototype.query = patched as typeof pg.Client.prototype.query;
}
