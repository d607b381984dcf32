import type { Kysely } from 'kysely';

// A page of contracts loads its options by contract id (server/src/resources/contracts/
// relations.ts): at a million contracts that must be an index lookup, not a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('contract_option_contract')
    .on('contract_option')
    .column('contract_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contract_option_contract').execute();
}
