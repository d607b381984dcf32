import { type Kysely, sql } from 'kysely';

/** Tables whose changes the lists follow live, and the hub topic each one announces. */
const HUB_CHANGE_TOPICS = {
  contract: 'contracts',
  premium: 'contributions',
  insured: 'insureds',
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Owners of the hub's private topics command/{uuid}: the first login to claim one owns it
  // for 24 hours. Kept in the database so that every server instance agrees on the owner.
  await sql`CREATE TABLE hub_topic_claim (
    topic text PRIMARY KEY,
    login text NOT NULL,
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX hub_topic_claim_expires ON hub_topic_claim (expires_at)`.execute(db);

  // Live updates: one notification per statement that writes a followed table, sent on
  // commit (PostgreSQL folds identical ones of a transaction into one). Every server instance
  // LISTENs and tells its own subscribers (server/src/hub/databaseChanges.ts).
  await sql`CREATE FUNCTION hub_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('hub_changes', TG_ARGV[0]);
      RETURN NULL;
    END
  $$`.execute(db);
  for (const [table, topic] of Object.entries(HUB_CHANGE_TOPICS)) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_hub_change`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION hub_notify_change(${sql.lit(topic)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(HUB_CHANGE_TOPICS)) {
    await sql`DROP TRIGGER ${sql.id(`${table}_hub_change`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION hub_notify_change()`.execute(db);
  await db.schema.dropTable('hub_topic_claim').execute();
}
