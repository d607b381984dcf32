import { type Kysely, sql } from 'kysely';

// The affiliates sorted by last name (then the id), the order a list of people is read in:
// without an index PostgreSQL sorted every insured person in the operator's scope for each
// page (161 to 192 ms at a million); walking this one it stops after the page (10 to 11 ms;
// docs/benchmarks.md, "Fourth pass"). A seller's page is unchanged (37 to 53 ms either way).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX insured_lastname ON insured (lastname, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS insured_lastname`.execute(db);
}
