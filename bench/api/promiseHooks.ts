// What an AsyncLocalStorage once entered costs every later database query on Node 20 (issue 19,
// server/src/auth/oidc/requestStorage.ts): the same small statement through Kysely and pg, 8 at
// a time, with V8's promise hooks off, then on (a storage entered once), then off again
// (`disable()`), in turns, each side first half the time. Client CPU per query from
// process.cpuUsage(): this process alone, so the noise of the shared machine weighs less than
// on a whole server under load. Not part of `npm run bench`; alone:
//   node --import tsx bench/api/promiseHooks.ts      (BENCH_DATABASE_URL, the large seed)
import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { benchDatabaseUrl } from './env.ts';

const QUERIES = 4_000;
const ROUNDS = 8;

const pool = new pg.Pool({ connectionString: benchDatabaseUrl, max: 4 });
// biome-ignore lint/suspicious/noExplicitAny: one statement of our own, no schema needed.
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
const statement = sql`SELECT id, lb_contrat, date_deb_val, product_id, customer_id
  FROM contract ORDER BY id LIMIT 11`.compile(db);

/** Microseconds of this process's CPU per query, over `n` queries run 8 at a time. */
async function cpuPerQuery(n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i += 8) {
    await Promise.all(Array.from({ length: 8 }, () => db.executeQuery(statement)));
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

await cpuPerQuery(QUERIES / 2); // warm-up: connections, JIT
const storage = new AsyncLocalStorage();
const off: number[] = [];
const on: number[] = [];
const measureOff = async () => off.push(await cpuPerQuery(QUERIES));
const measureOn = async () => {
  storage.run({}, () => undefined); // what oidc-provider does on each of its requests
  on.push(await cpuPerQuery(QUERIES));
  storage.disable();
};
// Each order half the time: the first measure of a pair does not always fall on the same side.
for (let round = 0; round < ROUNDS; round++) {
  if (round % 2) await measureOn().then(measureOff);
  else await measureOff().then(measureOn);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const format = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
console.log(
  `CPU per query, promise hooks off: ${format(off)} µs (median ${median(off).toFixed(1)})`,
);
console.log(`CPU per query, promise hooks on:  ${format(on)} µs (median ${median(on).toFixed(1)})`);
console.log(`On / off: ${(median(on) / median(off)).toFixed(2)}x`);
await db.destroy();
