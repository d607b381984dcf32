import { type Kysely, sql } from 'kysely';

// Export files (issue 5): kept in the database so that any server instance serves them, in
// chunks of about 1 MiB (no row ever holds a whole file), for 24 hours.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE export_file (
    id uuid PRIMARY KEY,
    owner text NOT NULL,
    kind text NOT NULL,
    format text NOT NULL,
    name text NOT NULL,
    status text NOT NULL DEFAULT 'running',
    rows integer,
    bytes bigint,
    message text,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX export_file_expires ON export_file (expires_at)`.execute(db);
  await sql`CREATE TABLE export_chunk (
    export_id uuid NOT NULL REFERENCES export_file (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    data bytea NOT NULL,
    PRIMARY KEY (export_id, seq)
  )`.execute(db);
  // An export walks its whole list in the list's order, in keyset batches: every contract,
  // newest first (the operator's list without filters), needs an index in that order, or
  // each batch would sort the whole table again. The default filters have their partial
  // index (migration 005).
  await sql`CREATE INDEX contract_by_start ON contract (date_deb_val DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contract_by_start').execute();
  await db.schema.dropTable('export_chunk').execute();
  await db.schema.dropTable('export_file').execute();
}
