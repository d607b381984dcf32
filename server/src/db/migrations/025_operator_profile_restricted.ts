import { type Kysely, sql } from 'kysely';

// The operator's administrators' profile is theirs to give: reserved (`is_restricted`), so that
// the user form does not offer it to a partner administrator, who could never give it (its
// rights are above its own). Seeded unrestricted by 012; a profile an operator made since is
// left as it was.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE profile SET is_restricted = true WHERE name = 'Administrateur AGEO'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE profile SET is_restricted = false WHERE name = 'Administrateur AGEO'`.execute(
    db,
  );
}
