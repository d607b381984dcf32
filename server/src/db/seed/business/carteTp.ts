// The third-party-payer cards (carte TP, migration 016), derived in SQL from the subscriptions
// already seeded, the same at both scales. Only health contracts (risk S) give a card: one per
// civil year of coverage from `fromYear` to SEED_TODAY's year, cut to the subscription's own
// start and end, so that the last card of a subscription active at SEED_TODAY is the current
// one (its year). Each card was sent 10 to 29 days before it starts, between 08:00 and 18:00.
// Everything comes from hashes of row ids (hashint4, identical on PGlite and PostgreSQL) and
// from the seed's fixed dates: never the clock.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { SEED_TODAY } from './facts.ts';

const MAX4 = sql.raw('2147483647');

export async function seedCarteTp(db: Kysely<DB>, options: { fromYear: number }): Promise<void> {
  const lastYear = Number(SEED_TODAY.slice(0, 4));
  await sql`
    WITH years AS (
      SELECT s.id AS subscription_id, s.insured_id, s.contract_id, p.insurance_company_id,
        greatest(s.start_at, make_date(y, 1, 1)) AS debval,
        least(coalesce(s.end_at, make_date(y, 12, 31)),
          coalesce(c.date_fin_val, make_date(y, 12, 31)), make_date(y, 12, 31)) AS debfin,
        (hashint4(s.id * 37 + y) & ${MAX4}) AS h
      FROM subscription s
      JOIN contract c ON c.id = s.contract_id
      JOIN product p ON p.id = c.product_id
      CROSS JOIN LATERAL generate_series(
        greatest(extract(year FROM s.start_at)::int, ${options.fromYear}::int),
        ${lastYear}::int) AS y
      WHERE c.lb_type = 'S'
    )
    INSERT INTO carte_tp (insured_id, contract_id, debval, debfin, datenvoi, heure, amc_number)
    SELECT insured_id, contract_id, debval, debfin,
      debval - (10 + h % 20)::int,
      to_char(time '08:00' + make_interval(secs => (h / 20) % 36000), 'HH24:MI:SS'),
      -- One insurer in four has no AMC number on its cards.
      CASE WHEN insurance_company_id % 4 = 0 THEN NULL
        ELSE lpad(((hashint4(insurance_company_id) & ${MAX4}) % 1000000000)::text, 9, '0') END
    FROM years
    WHERE debval <= debfin
    ORDER BY insured_id, debval, contract_id
    ON CONFLICT (insured_id, debval, debfin, datenvoi, heure) DO NOTHING`.execute(db);
}
