import { type Kysely, sql } from 'kysely';

// A group's name is unique within its partner (the operator's groups, without one, among
// themselves), not across partners: a partner administrator neither learns another partner's
// group names from a refusal nor is kept from a name another partner chose.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX access_group_name`.execute(db);
  await sql`CREATE UNIQUE INDEX access_group_name ON access_group (lower(name), COALESCE(partner_id, 0))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX access_group_name`.execute(db);
  await sql`CREATE UNIQUE INDEX access_group_name ON access_group (lower(name))`.execute(db);
}
