import { type Kysely, sql } from 'kysely';

// State of the embedded identity provider (oidc-provider), kept in the database so that
// sessions, grants and refresh tokens survive a restart and are shared by every instance.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per oidc-provider model instance (Session, Grant, RefreshToken, Interaction, ...).
  await db.schema
    .createTable('oidc_payload')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('uid', 'text')
    .addColumn('user_code', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payload_pk', ['model', 'id'])
    .execute();
  // Revocation of a whole grant (logout, refresh token reuse) looks rows up by grant.
  await db.schema
    .createIndex('oidc_payload_grant_id')
    .on('oidc_payload')
    .column('grant_id')
    .where(sql.ref('grant_id'), 'is not', null)
    .execute();
  // Sessions are found by uid, device codes by user code.
  await db.schema
    .createIndex('oidc_payload_uid')
    .on('oidc_payload')
    .columns(['model', 'uid'])
    .where(sql.ref('uid'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('oidc_payload_user_code')
    .on('oidc_payload')
    .columns(['model', 'user_code'])
    .where(sql.ref('user_code'), 'is not', null)
    .execute();
  // The periodic purge of expired rows.
  await db.schema
    .createIndex('oidc_payload_expires_at')
    .on('oidc_payload')
    .column('expires_at')
    .execute();

  // Secrets generated on first start: the token signing key set and the cookie signing keys.
  await db.schema
    .createTable('oidc_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_secret').execute();
  await db.schema.dropTable('oidc_payload').execute();
}
