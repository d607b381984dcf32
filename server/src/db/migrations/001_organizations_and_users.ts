import { type Kysely, sql } from 'kysely';

// Organisations and the users who sign in (spec administration §3).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_type')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organization')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type_id', 'integer', (c) => c.notNull().references('organization_type.id'))
    .addColumn('legalname', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('siret', 'char(14)')
    .addColumn('orias', 'text')
    .addColumn('naf', 'text')
    .addColumn('ape', 'text')
    .addColumn('legal_form', 'text')
    .addColumn('founding_date', 'date')
    .addColumn('street_address', 'text')
    .addColumn('street_address2', 'text')
    .addColumn('post_office_box_number', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('address_locality', 'text')
    .addColumn('address_country', 'text', (c) => c.notNull().defaultTo('FRANCE'))
    .addColumn('parent_id', 'integer', (c) => c.references('organization.id'))
    .execute();
  await db.schema
    .createIndex('organization_type_idx')
    .on('organization')
    .columns(['type_id', 'legalname'])
    .execute();

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('realm', 'text', (c) => c.notNull().defaultTo('partenaires'))
    .addColumn('password_hash', 'text')
    .addColumn('email', 'text')
    .addColumn('civility', 'smallint')
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('job_function', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_type', 'smallint', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.references('organization.id'))
    .addColumn('partner_id', 'integer', (c) => c.references('organization.id'))
    .addColumn('managed_by', 'integer', (c) => c.references('app_user.id'))
    .addColumn('seller_code', 'text')
    .addColumn('id_sso', 'text')
    .addColumn('last_logged', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('app_user_username_realm')
    .unique()
    .on('app_user')
    .columns(['username', 'realm'])
    .execute();
  await db.schema.createIndex('app_user_managed_by').on('app_user').column('managed_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_user').execute();
  await db.schema.dropTable('organization').execute();
  await db.schema.dropTable('organization_type').execute();
}
