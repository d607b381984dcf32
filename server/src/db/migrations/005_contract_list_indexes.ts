import { type Kysely, sql } from 'kysely';

// Indexes for the contract list at a million rows (docs/api.md "Totals and deep pages",
// docs/benchmarks.md), each named after the query it serves.
//
// The default list of spec §4 (states 1, 2, 4; types 1, 3; an active insured), newest first,
// is read and counted from one partial index. It now also holds the two columns of the data
// scope (INCLUDE partner_id, broker_ids), so that counting a partner's or a team's default
// list (`SELECT count(*) FROM (... LIMIT 10001)`) is an index-only scan that never visits the
// table, and a page of it only reads the rows it shows. It replaces contract_default_list.
const DEFAULT_LIST = sql`state_id IN (1, 2, 4) AND contract_type_id IN (1, 3) AND nbr_insured > 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX contract_default_scoped ON contract (date_deb_val DESC, id DESC)
    INCLUDE (partner_id, broker_ids) WHERE ${DEFAULT_LIST}`.execute(db);
  await sql`DROP INDEX contract_default_list`.execute(db);
  // A partner administrator's default list: one range of the index, in date order.
  await sql`CREATE INDEX contract_partner_default ON contract
    (partner_id, date_deb_val DESC, id DESC) WHERE ${DEFAULT_LIST}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contract_partner_default').execute();
  await sql`CREATE INDEX contract_default_list ON contract (date_deb_val DESC, id DESC)
    WHERE ${DEFAULT_LIST}`.execute(db);
  await db.schema.dropIndex('contract_default_scoped').execute();
}
