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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_chunk').execute();
  await db.schema.dropTable('export_file').execute();
}
