// The raw-SQL side of the comparison: the statements one warm request ran (captured by
// bench/api/captureSql.ts in a separate server) replayed straight through pg, with the same
// concurrency as the HTTP load, for the same time. Statements the server ran at the same time
// (overlapping in the capture) are replayed at the same time; the others one after another.
// A statement the server sent as a named prepared statement is replayed as one too (same
// name, prepared once per connection), so both sides pay the same planning.
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import type { CapturedStatement } from './captureSql.ts';
import { type LatencySummary, summarise } from './stats.ts';

/** Statements in the order they ran, grouped where they overlapped. */
export type StatementPlan = CapturedStatement[][];

/**
 * The statements of one warm request: a first request fills the server's caches (the
 * principal's row is kept 30 s), the second is the one recorded, as in the steady state.
 */
export async function captureStatements(
  sqlLog: string,
  url: string,
  token: string,
): Promise<StatementPlan> {
  const get = async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  };
  await get();
  writeFileSync(sqlLog, '');
  await get();
  const statements = readFileSync(sqlLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedStatement)
    .sort((a, b) => a.start - b.start);
  const plan: StatementPlan = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  for (const statement of statements) {
    if (statement.start < groupEnd) plan.at(-1)?.push(statement);
    else plan.push([statement]);
    groupEnd = Math.max(groupEnd, statement.end);
  }
  return plan;
}

// The server's own type parsers (server/src/db/database.ts): the same decoding work.
const PARSERS: Record<number, (value: string) => unknown> = {
  1082: (v) => v,
  20: (v) => Number(v),
  1700: (v) => Number(v),
};

export function benchPool(databaseUrl: string, max: number): pg.Pool {
  return new pg.Pool({
    connectionString: databaseUrl,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
}

/** The statements of a plan, each group at once, groups one after another; their results. */
export async function runPlan(pool: pg.Pool, plan: StatementPlan): Promise<pg.QueryResult[]> {
  const results: pg.QueryResult[] = [];
  for (const group of plan) {
    results.push(
      ...(await Promise.all(
        group.map((s) =>
          s.name
            ? pool.query({ name: s.name, text: s.text, values: s.values })
            : pool.query(s.text, s.values),
        ),
      )),
    );
  }
  return results;
}

async function loop(
  pool: pg.Pool,
  plan: StatementPlan,
  workers: number,
  seconds: number,
  latencies?: number[],
): Promise<void> {
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await runPlan(pool, plan);
        latencies?.push(performance.now() - t0);
      }
    }),
  );
}

export async function loadSql(
  pool: pg.Pool,
  plan: StatementPlan,
  options: { connections: number; seconds: number; warmupSeconds: number },
): Promise<LatencySummary> {
  if (options.warmupSeconds > 0) {
    await loop(pool, plan, options.connections, options.warmupSeconds);
  }
  const latencies: number[] = [];
  const t0 = performance.now();
  await loop(pool, plan, options.connections, options.seconds, latencies);
  return summarise(latencies, (performance.now() - t0) / 1000);
}

/** The statements with their parameters inlined for reading (EXPLAIN, the report). */
export function readable(statement: CapturedStatement): string {
  return statement.text.replace(/\$(\d+)/g, (_, n) => {
    const value = statement.values[Number(n) - 1];
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) return `'{${value.join(',')}}'`;
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}
