import { type Kysely, sql } from 'kysely';

// The start of an insured person's latest subscription, kept on the insured row and indexed
// with the id (issue 19). The affiliates' default order (spec §9: startAt descending) is that
// date within the caller's scope: for the operator, whose scope is everything, the list now
// walks this index instead of computing max() over the subscriptions of every insured person
// and sorting them all (2.2 s a page at a million insured, docs/benchmarks.md). Derived like
// insured.broker_ids (migration 017): subscriptions are written by the seed only, which
// refreshes it (server/src/db/seed/business/derived.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE insured ADD COLUMN last_start_at date`.execute(db);
  await sql`UPDATE insured i SET last_start_at = s.latest
    FROM (SELECT insured_id, max(start_at) AS latest FROM subscription GROUP BY insured_id) AS s
    WHERE i.id = s.insured_id`.execute(db);
  // ORDER BY last_start_at DESC, id DESC (PostgreSQL puts NULLs first when descending, as here).
  await sql`CREATE INDEX insured_last_start ON insured (last_start_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS insured_last_start`.execute(db);
  await sql`ALTER TABLE insured DROP COLUMN IF EXISTS last_start_at`.execute(db);
}
