// Large totals reused for a while, small ones always exact (server/src/resources/framework/recent.ts,
// docs/api.md "Totals and deep pages"), on a real PGlite database in memory. Starting PGlite
// takes seconds, and past the 10 s default on a loaded machine: its hooks get a minute.
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePool } from '../../../server/src/db/pgliteDialect.ts';
import { RECENT_MIN_ROWS, recentRows } from '../../../server/src/resources/framework/recent.ts';

// biome-ignore lint/suspicious/noExplicitAny: a throw-away schema.
let db: Kysely<any>;
let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create();
  // biome-ignore lint/suspicious/noExplicitAny: a throw-away schema.
  db = new Kysely<any>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  await sql`CREATE TABLE row_of (kind text, n int)`.execute(db);
  await sql`INSERT INTO row_of SELECT 'large', g FROM generate_series(1, ${RECENT_MIN_ROWS + 500}) g`.execute(
    db,
  );
  await sql`INSERT INTO row_of SELECT 'small', g FROM generate_series(1, 5) g`.execute(db);
}, 60_000);
afterAll(async () => {
  await db?.destroy();
  await pglite?.close();
});

const total = async (kind: string) => {
  const query = db
    .selectFrom('row_of')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', kind);
  const [row] = await recentRows(db, query, (rows) => rows[0].n >= RECENT_MIN_ROWS);
  return row.n;
};

describe('recentRows', () => {
  it('reuses a large total of the same statement, and counts a small one every time', async () => {
    expect(await total('large')).toBe(RECENT_MIN_ROWS + 500);
    expect(await total('small')).toBe(5);
    await sql`INSERT INTO row_of VALUES ('large', 0), ('small', 0)`.execute(db);
    expect(await total('large')).toBe(RECENT_MIN_ROWS + 500);
    expect(await total('small')).toBe(6);
  });

  it('keeps one entry per database: another database counts its own rows', async () => {
    const other = await PGlite.create();
    // biome-ignore lint/suspicious/noExplicitAny: a throw-away schema.
    const otherDb = new Kysely<any>({ dialect: new PostgresDialect({ pool: pglitePool(other) }) });
    try {
      await sql`CREATE TABLE row_of (kind text, n int)`.execute(otherDb);
      await sql`INSERT INTO row_of SELECT 'large', g FROM generate_series(1, ${RECENT_MIN_ROWS}) g`.execute(
        otherDb,
      );
      const query = otherDb
        .selectFrom('row_of')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('kind', '=', 'large');
      const [row] = await recentRows(otherDb, query, () => true);
      expect(row.n).toBe(RECENT_MIN_ROWS);
    } finally {
      await otherDb.destroy();
      await other.close();
    }
  }, 60_000);
});
