// Kysely 0.28 has no PGlite dialect (0.29 needs Node 22): PGlite is one connection, so this
// adapter hands Kysely's PostgresDialect a "pool" of one client that is lent to one caller at a
// time. Transactions are serialised, as PGlite requires.
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

const COMMANDS = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT'] as const;

function commandOf(sql: string): string {
  const head = sql.trimStart().slice(0, 12).toUpperCase();
  return COMMANDS.find((c) => head.startsWith(c)) ?? 'SELECT';
}

export function pglitePool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();
  const client = {
    async query(sql: string, parameters: readonly unknown[]) {
      const result = await pglite.query(sql, parameters as unknown[]);
      return {
        command: commandOf(sql),
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    },
  };
  return {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const previous = queue;
      queue = previous.then(() => turn);
      await previous;
      return { ...client, release } as unknown as PostgresPoolClient;
    },
    async end() {
      await queue;
    },
  };
}
