import { type Kysely, sql } from 'kysely';

// The server process that runs a background job (server/src/db/instance.ts): an export or a
// user import still running when its process is gone (killed, crashed) is failed at the next
// start, its owner told, and never one that another live server runs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE export_file ADD COLUMN instance_id uuid`.execute(db);
  await sql`ALTER TABLE user_import_log ADD COLUMN instance_id uuid`.execute(db);
  await sql`CREATE INDEX export_file_running ON export_file (status)
    WHERE status = 'running'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX export_file_running`.execute(db);
  await sql`ALTER TABLE user_import_log DROP COLUMN instance_id`.execute(db);
  await sql`ALTER TABLE export_file DROP COLUMN instance_id`.execute(db);
}
