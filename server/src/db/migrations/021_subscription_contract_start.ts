import { type Kysely, sql } from 'kysely';

// A seller's affiliates (issue 19): the subscriptions of the seller's contracts, with their
// start, grouped by insured person (server/src/resources/insureds/source.ts). With the start
// in the index, they are read from it alone; without it PostgreSQL fetched each subscription
// from the table, or chose to scan the whole table (130 ms at a million insured persons).
// The same keys as subscription_contract (migration 004), which this index replaces.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX subscription_contract_start ON subscription (contract_id, insured_id)
    INCLUDE (start_at)`.execute(db);
  await sql`DROP INDEX IF EXISTS subscription_contract`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS subscription_contract ON subscription (contract_id, insured_id)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS subscription_contract_start`.execute(db);
}
