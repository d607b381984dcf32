import { type Kysely, sql } from 'kysely';

// The contract list sorted by its number (lbContrat, then the id), the sort after the date an
// operator reaches for: without an index PostgreSQL sorted every contract the default filters
// keep for each page (172 ms at a million contracts as the operator); walking this index it
// stops after the page's rows (8 to 12 ms; docs/benchmarks.md, "Fourth pass"). Both directions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX contract_number ON contract (lb_contrat, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS contract_number`.execute(db);
}
