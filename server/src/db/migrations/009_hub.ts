import { type Kysely, sql } from 'kysely';

// Owners of the hub's private topics command/{uuid}: the first login to claim one owns it for
// 24 hours. Kept in the database so that every server instance agrees on the owner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE hub_topic_claim (
    topic text PRIMARY KEY,
    login text NOT NULL,
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX hub_topic_claim_expires ON hub_topic_claim (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hub_topic_claim').execute();
}
