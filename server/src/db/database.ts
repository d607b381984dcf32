// Opens the database the configuration names: PGlite on disk by default, or a PostgreSQL
// server through DATABASE_URL. Both speak the same SQL and run the same migrations.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { pgCursor, type RowCursor } from './cursor.ts';
import { lockDirectory } from './directoryLock.ts';
import { holdInstanceLockOnPglite, holdInstanceLockOnServer } from './instance.ts';
import { pglitePool } from './pgliteDialect.ts';
import { preparingPool } from './preparedStatements.ts';
import type { DB } from './schema.ts';

// Type parsers shared by both drivers: DATE stays a 'YYYY-MM-DD' string, counts are numbers,
// NUMERIC amounts are numbers (2 decimals at most in this domain).
const PARSERS: Record<number, (value: string) => unknown> = {
  1082: (v) => v,
  20: (v) => Number(v),
  1700: (v) => Number(v),
};

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (kind 'pglite'): the hub LISTENs through it. */
  pglite?: PGlite;
  /** One statement read batch by batch on a connection of its own (kind 'postgres'): exports. */
  cursor?: RowCursor;
  close(): Promise<void>;
}

export async function openDatabase(database: Config['database']): Promise<Database> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // A server that does not answer (network cut, host down) fails the request after 5 s
      // (a 503, db/unavailable.ts) instead of holding it forever; a refusal fails at once.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server ends (a restart, an administrator's termination) is
    // reported here and dropped by the pool, which opens another for the next query; without a
    // listener, Node would treat it as an unhandled 'error' event and stop the process.
    pool.on('error', (error) => {
      process.emitWarning(`Connexion PostgreSQL inactive perdue : ${error.message}`);
    });
    // A connection lost while lent (between two queries of a request, a transaction) fails
    // its query and emits 'error' too, which the pool no longer listens to while the client
    // is out: heard here, or Node would stop the process at the first outage. The pool drops
    // the broken client when it comes back (not queryable).
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    // The pool needs nothing more to come back after an outage: a broken connection is dropped
    // (above, or when its query fails) and the next query opens a new one.
    // Repeated SELECTs become named prepared statements: planned once per connection.
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    // This process's jobs are known to be alive while it holds its lock (instance.ts).
    const releaseInstance = await holdInstanceLockOnServer(database.url, (message) =>
      process.emitWarning(message),
    ).catch(async (error: unknown) => {
      await db.destroy();
      throw error;
    });
    return {
      db,
      kind: 'postgres',
      cursor: pgCursor(pool),
      async close() {
        await releaseInstance();
        await db.destroy();
      },
    };
  }
  const onDisk = database.dir !== 'memory://';
  if (onDisk) mkdirSync(database.dir, { recursive: true });
  const unlock = onDisk ? lockDirectory(database.dir) : () => undefined;
  // unaccent: the full-text search folds accents (migration 017_search).
  const pglite = await PGlite.create(database.dir, {
    parsers: PARSERS,
    extensions: { unaccent },
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  await holdInstanceLockOnPglite(pglite);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}
