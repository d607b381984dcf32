import { type Kysely, sql } from 'kysely';

// A user type's role is its identity for the forms and the rules (`typeSelected` names the
// role): two types with one role could not be told apart, and the one saved was a guess.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX user_type_role ON user_type (role)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX user_type_role`.execute(db);
}
