// Large scale, part 2: insured persons, subscriptions and beneficiaries, generated in SQL from
// the contracts' plan (largeContracts.ts). About 1.4 subscriptions per contract; Surco contracts
// (types 3 and 4) cover insured of their customer's Base contract, the others bring their own.
// Ids are explicit (running sums), so that a subscription names its insured without a lookup.
// NIR and key agree with sex, birth date and place of birth, as in the demo scale.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { FRENCH_CITIES } from '../cities.ts';
import { LAST_PAST_DAY } from './facts.ts';

const MAX8 = sql.raw('9223372036854775807');
const lastPast = sql`${LAST_PAST_DAY}::date`;

/** How many insured each contract has, and where its insured and subscription ids start. */
export async function planSubscriptions(db: Kysely<DB>): Promise<void> {
  await sql`CREATE TEMP TABLE large_sub ON COMMIT DROP AS
    WITH wanted AS (
      SELECT p.id, p.k, p.type, (hashint8extended(p.id::bigint + 3000000000, 0) & ${MAX8}) AS h4 FROM large_plan p
    ), n AS (
      SELECT w.id, w.type IN (3, 4) AND w.k > 0 AS reuses,
        CASE WHEN h4 % 100 < 12 THEN 0 WHEN h4 % 100 < 80 THEN 1 WHEN h4 % 100 < 92 THEN 2
          WHEN h4 % 100 < 98 THEN 3 + h4 / 100 % 4 ELSE 7 + h4 / 100 % 14 END AS wanted,
        w.id - w.k AS base_id
      FROM wanted w
    ), capped AS (
      SELECT n.id, n.base_id, n.reuses,
        (CASE WHEN n.reuses THEN least(n.wanted, b.wanted) ELSE n.wanted END)::int AS n
      FROM n JOIN n b ON b.id = n.base_id
    )
    SELECT id, base_id, reuses, n,
      (coalesce(sum(n) FILTER (WHERE NOT reuses) OVER (ORDER BY id), 0)
        - CASE WHEN reuses THEN 0 ELSE n END)::int AS insured_from,
      (sum(n) OVER (ORDER BY id) - n)::int AS subscription_from
    FROM capped`.execute(db);
  await sql`ALTER TABLE large_sub ADD PRIMARY KEY (id)`.execute(db);
}

export async function insertInsured(
  db: Kysely<DB>,
  names: { female: string[]; male: string[]; last: string[] },
): Promise<void> {
  const insee = FRENCH_CITIES.map((c) => c.insee);
  const postal = FRENCH_CITIES.map((c) => c.postalCode);
  const city = FRENCH_CITIES.map((c) => c.name);
  const n = FRENCH_CITIES.length;
  await sql`
    WITH i AS (
      SELECT s.insured_from + j AS id, p.type, c.id AS customer_id, c.partner_id,
        (hashint8extended((s.insured_from + j)::bigint + 4000000000, 0) & ${MAX8}) AS hi
      FROM large_sub s JOIN large_plan p ON p.id = s.id JOIN large_customer c ON c.id = p.customer_id
      CROSS JOIN LATERAL generate_series(1, s.n) AS j
      WHERE NOT s.reuses
    ), born AS (
      SELECT i.*, hi % 2 = 0 AS woman,
        CASE WHEN type = 5 THEN '1940-01-01'::date + (hi / 1000000 % 8400)::int
          ELSE '1958-01-01'::date + (hi / 1000000 % 17000)::int END AS birth,
        lpad((1 + hi / 1000000000000 % 999)::text, 3, '0') AS birth_order,
        (hi / 10000000000 % ${n})::int + 1 AS birth_place,
        (hi / 100000000000000 % ${n})::int + 1 AS home,
        (hi / 10000000000000000 % 100)::int AS situation
      FROM i
    ), nir AS (
      SELECT born.*, CASE WHEN woman THEN '2' ELSE '1' END || to_char(birth, 'YYMM')
        || (${insee}::text[])[birth_place] || birth_order AS body
      FROM born
    )
    INSERT INTO insured (id, firstname, lastname, id_gender, sex, dt_birthday, noss, noss_key,
      postal_code, address_locality, lb_sit_fam, customer_id, partner_id)
    SELECT id,
      CASE WHEN woman THEN (${names.female}::text[])[1 + (hi / 2 % ${names.female.length})::int]
        ELSE (${names.male}::text[])[1 + (hi / 2 % ${names.male.length})::int] END,
      (${names.last}::text[])[1 + (hi / 1000 % ${names.last.length})::int],
      CASE WHEN woman THEN 1 ELSE 2 END, CASE WHEN woman THEN 'F' ELSE 'M' END, birth,
      body, lpad((97 - body::bigint % 97)::text, 2, '0'),
      (${postal}::text[])[home], (${city}::text[])[home],
      CASE WHEN situation < 40 THEN CASE WHEN woman THEN 'Mariée' ELSE 'Marié' END
        WHEN situation < 70 THEN 'Célibataire'
        WHEN situation < 80 THEN CASE WHEN woman THEN 'Pacsée' ELSE 'Pacsé' END
        WHEN situation < 88 THEN 'Concubinage'
        WHEN situation < 97 THEN CASE WHEN woman THEN 'Divorcée' ELSE 'Divorcé' END
        ELSE CASE WHEN woman THEN 'Veuve' ELSE 'Veuf' END END,
      customer_id, partner_id
    FROM nir ORDER BY id`.execute(db);
}

/**
 * Subscriptions: employees join during the contract's first two years; 18 % of those of
 * running contracts have left; terminated contracts end them all, 20 % earlier.
 */
export async function insertSubscriptions(db: Kysely<DB>): Promise<void> {
  await sql`
    WITH s AS (
      SELECT s.subscription_from + j AS id, p.id AS contract_id, p.state, p.start, p."end",
        CASE WHEN s.reuses THEN b.insured_from ELSE s.insured_from END + j AS insured_id,
        (hashint8extended((s.subscription_from + j)::bigint + 5000000000, 0) & ${MAX8}) AS hs
      FROM large_sub s JOIN large_plan p ON p.id = s.id JOIN large_sub b ON b.id = s.base_id
      CROSS JOIN LATERAL generate_series(1, s.n) AS j
    ), started AS (
      SELECT s.*, CASE WHEN state = 4 THEN start
        ELSE start + (hs % (1 + least(730, ${lastPast} - start,
          coalesce("end" - 1 - start, 730))))::int END AS start_at
      FROM s
    )
    INSERT INTO subscription (id, insured_id, contract_id, start_at, end_at)
    SELECT id, insured_id, contract_id, start_at,
      CASE WHEN state = 4 THEN NULL
        WHEN state = 3 AND hs / 1000 % 100 < 20 AND "end" - start_at > 1
          THEN start_at + 1 + (hs / 100000 % ("end" - start_at - 1))::int
        WHEN state <> 3 AND hs / 1000 % 100 < 18 AND start_at + 30 < ${lastPast}
          THEN start_at + 30 + (hs / 100000 % (${lastPast} - start_at - 29))::int
        ELSE "end" END
    FROM started ORDER BY id`.execute(db);
}

/** A spouse for 30 % of the insured, a child for 30 %, covered while the subscription runs. */
export async function insertBeneficiaries(
  db: Kysely<DB>,
  names: { female: string[]; male: string[] },
): Promise<void> {
  const first = (woman: string, salt: string) =>
    sql.raw(`CASE WHEN ${woman} THEN (ARRAY[${quoted(names.female)}])[1 + (${salt} % ${names.female.length})::int]
      ELSE (ARRAY[${quoted(names.male)}])[1 + (${salt} % ${names.male.length})::int] END`);
  await sql`
    WITH base AS (
      SELECT i.id AS insured_id, i.lastname, i.sex, i.dt_birthday, sub.start_at, sub.end_at,
        (hashint8extended(i.id::bigint + 6000000000, 0) & ${MAX8}) AS hb
      FROM large_sub s JOIN subscription sub ON sub.contract_id = s.id
      JOIN insured i ON i.id = sub.insured_id
      WHERE NOT s.reuses
    ), people AS (
      SELECT insured_id, 1 AS rank, ${first("sex = 'M'", 'hb / 100')} AS firstname, lastname,
        least(dt_birthday + (hb / 100000 % 5000)::int - 2500, '2005-12-31'::date) AS birth,
        CASE WHEN sex = 'M' THEN 'F' ELSE 'M' END AS sex, 'C' AS link, 'Conjoint' AS lb_lien,
        start_at, end_at
      FROM base WHERE hb % 100 < 30
      UNION ALL
      SELECT insured_id, 2, ${first('hb / 10 % 2 = 0', 'hb / 1000')}, lastname,
        least(dt_birthday + 7300 + (hb / 10000000 % 9125)::int, '2025-12-31'::date),
        CASE WHEN hb / 10 % 2 = 0 THEN 'F' ELSE 'M' END, 'E', 'Enfant', start_at, end_at
      FROM base WHERE hb / 1000000000 % 100 < 30
    ), dated AS (
      SELECT people.*, greatest(start_at, birth) AS starts,
        CASE WHEN link = 'E' AND birth + 9496 <= ${lastPast}
          THEN least(birth + 9496, coalesce(end_at, birth + 9496)) ELSE end_at END AS ends
      FROM people
    )
    INSERT INTO beneficiary (id, insured_id, firstname, lastname, date_of_birth, sex, link,
      lb_lien, start_at, end_at)
    SELECT row_number() OVER (ORDER BY insured_id, rank), insured_id, firstname, lastname, birth,
      sex, link, lb_lien, starts, ends
    FROM dated WHERE ends IS NULL OR ends > starts`.execute(db);
}

const quoted = (values: string[]) => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',');
