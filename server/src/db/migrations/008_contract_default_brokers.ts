import { type Kysely, sql } from 'kysely';

// A seller's or a manager's default contract list (spec §4 filters, broker_ids && ARRAY[...]):
// without it the planner ANDs the seller's GIN bitmap with a bitmap of the whole partial
// default index (344,528 entries at the large scale, ~47 ms) to count, and walks that index
// to reach a deep page. A GIN index with the same predicate finds the seller's default
// contracts alone: count 1.5 ms, last page 2 ms (docs/benchmarks.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX contract_default_brokers ON contract USING gin (broker_ids)
    WHERE state_id IN (1, 2, 4) AND contract_type_id IN (1, 3) AND nbr_insured > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contract_default_brokers').execute();
}
