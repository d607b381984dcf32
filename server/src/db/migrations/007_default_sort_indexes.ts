import { type Kysely, sql } from 'kysely';

// The operator sees every row, so the default sorts of spec §9 over whole tables must walk an
// index rather than sort them: premiums by dtDebVal, benefits by datePayment and commissions by
// startAt, newest first (the framework breaks ties on the id in the same direction). The
// insured's startAt is the latest start of their subscriptions: a per-insured index lookup.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX premium_default_sort ON premium (dt_deb_val DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX benefit_default_sort ON benefit (date_payment DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX commission_default_sort ON commission (start_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX subscription_insured_start ON subscription (insured_id, start_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'subscription_insured_start',
    'commission_default_sort',
    'benefit_default_sort',
    'premium_default_sort',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
