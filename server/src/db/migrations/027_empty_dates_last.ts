import { type Kysely, sql } from 'kysely';

// Lists put empty dates last whichever the direction (the declarations' `emptyLast`): a
// contract without an end, a benefit not yet paid. Newest first, that is DESC NULLS LAST, an
// order no ascending index gives backwards (it gives DESC NULLS FIRST). So the two sorts that
// walked an index keep one in their new order: the default contract list by end date, newest
// first (migration 023 still serves oldest first), and the benefits by payment date (migration
// 007's index, in the old order, is replaced).
const DEFAULT_LIST = sql`state_id IN (1, 2, 4) AND contract_type_id IN (1, 3) AND nbr_insured > 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX contract_default_end_desc
    ON contract (date_fin_val DESC NULLS LAST, id DESC) WHERE ${DEFAULT_LIST}`.execute(db);
  await sql`CREATE INDEX benefit_payment_sort ON benefit (date_payment DESC NULLS LAST, id DESC)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS benefit_default_sort`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS benefit_default_sort ON benefit (date_payment DESC, id DESC)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS benefit_payment_sort`.execute(db);
  await sql`DROP INDEX IF EXISTS contract_default_end_desc`.execute(db);
}
