import { type Kysely, sql } from 'kysely';

// Lookups the data scopes make on every request (users of a partner, sellers of a manager)
// and the rule that a seller code names one seller.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('app_user_seller_code')
    .unique()
    .on('app_user')
    .column('seller_code')
    .where(sql.ref('seller_code'), 'is not', null)
    .execute();
  await db.schema.createIndex('app_user_partner_id').on('app_user').column('partner_id').execute();
  await db.schema
    .createIndex('organization_parent_id')
    .on('organization')
    .column('parent_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('organization_parent_id').execute();
  await db.schema.dropIndex('app_user_partner_id').execute();
  await db.schema.dropIndex('app_user_seller_code').execute();
}
