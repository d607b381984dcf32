// Rows derived in SQL from the contracts and subscriptions already seeded, the same at both
// scales: the contracts' counts and broker_ids, premiums, benefits and commissions. Every value
// comes from deterministic expressions (hashint4/hashint8 of row ids, identical on PGlite and
// PostgreSQL), so a seed gives the same rows every time, and a million rows take seconds.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { SEED_TODAY } from './facts.ts';

const today = sql`${SEED_TODAY}::date`;
/** Masks that make a hash non-negative (abs() overflows on the smallest integer). */
const MAX4 = sql.raw('2147483647');
const MAX8 = sql.raw('9223372036854775807');

/**
 * broker_ids from customer_portfolio; the nbr_* counts from subscription and beneficiary.
 * Active means no end date or an end date after SEED_TODAY. Per contract: nbrInsured counts the
 * insured with an active subscription, nbrInsuredInactive the others; nbrBeneficiary the active
 * beneficiaries of active insured, nbrBeneficiaryInactive the other beneficiaries of its
 * insured; the totals add insured and beneficiaries.
 */
export async function refreshContractCounts(db: Kysely<DB>): Promise<void> {
  await sql`
    WITH ci AS (
      SELECT contract_id, insured_id, count(*) AS subs,
        count(*) FILTER (WHERE end_at IS NULL OR end_at > ${today}) AS active_subs
      FROM subscription GROUP BY contract_id, insured_id
    ), s AS (
      SELECT contract_id,
        sum(active_subs)::int AS subs, sum(subs - active_subs)::int AS subs_inactive,
        (count(*) FILTER (WHERE active_subs > 0))::int AS insured,
        (count(*) FILTER (WHERE active_subs = 0))::int AS insured_inactive
      FROM ci GROUP BY contract_id
    ), b AS (
      SELECT ci.contract_id,
        (count(*) FILTER (WHERE ci.active_subs > 0
          AND (be.end_at IS NULL OR be.end_at > ${today})))::int AS active,
        (count(*) FILTER (WHERE NOT (ci.active_subs > 0
          AND (be.end_at IS NULL OR be.end_at > ${today}))))::int AS inactive
      FROM ci JOIN beneficiary be ON be.insured_id = ci.insured_id GROUP BY ci.contract_id
    ), p AS (
      SELECT contract_id, array_agg(DISTINCT broker_id ORDER BY broker_id) AS ids
      FROM customer_portfolio GROUP BY contract_id
    )
    UPDATE contract c SET
      broker_ids = coalesce(p.ids, '{}'),
      nbr_suscription = coalesce(s.subs, 0),
      nbr_subscription_inactive = coalesce(s.subs_inactive, 0),
      nbr_insured = coalesce(s.insured, 0),
      nbr_insured_inactive = coalesce(s.insured_inactive, 0),
      nbr_beneficiary = coalesce(b.active, 0),
      nbr_beneficiary_inactive = coalesce(b.inactive, 0),
      nbr_total_affiliate = coalesce(s.insured, 0) + coalesce(b.active, 0),
      nbr_total_affiliate_inactive = coalesce(s.insured_inactive, 0) + coalesce(b.inactive, 0)
    FROM contract c0
      LEFT JOIN p ON p.contract_id = c0.id
      LEFT JOIN s ON s.contract_id = c0.id
      LEFT JOIN b ON b.contract_id = c0.id
    WHERE c.id = c0.id`.execute(db);
  await refreshInsuredBrokers(db);
  await refreshInsuredLastStart(db);
}

/**
 * insured.broker_ids (migration 017_search): the sellers of the contracts an insured person is
 * subscribed to, from contract.broker_ids. GIN-indexed, it lets a seller's search find its
 * insured persons from the index; the data scope (insuredScope) is still what decides.
 */
export async function refreshInsuredBrokers(db: Kysely<DB>): Promise<void> {
  await sql`UPDATE insured i SET broker_ids = held.ids
    FROM (SELECT s.insured_id, array_agg(DISTINCT b.id ORDER BY b.id) AS ids
      FROM subscription s JOIN contract c ON c.id = s.contract_id
      CROSS JOIN LATERAL unnest(c.broker_ids) AS b(id)
      GROUP BY s.insured_id) AS held
    WHERE i.id = held.insured_id AND i.broker_ids IS DISTINCT FROM held.ids`.execute(db);
}

/**
 * insured.last_start_at (migration 020): the start of each insured person's latest
 * subscription, which the operator's affiliates list is ordered by (from its index).
 */
export async function refreshInsuredLastStart(db: Kysely<DB>): Promise<void> {
  await sql`UPDATE insured i SET last_start_at = s.latest
    FROM (SELECT insured_id, max(start_at) AS latest FROM subscription GROUP BY insured_id) AS s
    WHERE i.id = s.insured_id AND i.last_start_at IS DISTINCT FROM s.latest`.execute(db);
}

export interface PremiumPlan {
  /** Collective premiums are monthly from this month on (contracts of types 1 and 3). */
  collectiveFrom: string;
  /** Individual premiums are quarterly from this quarter on (types 2, 4 and 5). */
  individualFrom: string;
  /** The last month with a premium. */
  until: string;
  /** Only contracts whose id is a multiple of this number get premiums. */
  every: number;
}

/**
 * Monthly collective premiums (paid by the subscriber: insured_id null) and quarterly
 * individual ones (one per insured). Status: due after SEED_TODAY 'A' (awaiting); the last four
 * months of unpaid and suspended contracts 'I'; otherwise about 3 % 'I', 2 % 'S', the rest 'P'.
 * An unpaid premium has dt_impaye, reminders and fees, and no payment mode.
 */
export async function seedPremiums(db: Kysely<DB>, plan: PremiumPlan): Promise<void> {
  const firstId = await nextId(db, 'premium');
  const modes = sql`(ARRAY['PRELEVEMENT','PRELEVEMENT','PRELEVEMENT','VIREMENT','VIREMENT','CHEQUE'])`;
  await sql`
    WITH due AS (
      SELECT c.id AS contract_id, NULL::int AS insured_id, true AS collective, m::date AS d,
        c.state_id, c.lb_type, greatest(c.nbr_insured + c.nbr_insured_inactive, 1) AS heads
      FROM contract c
      CROSS JOIN LATERAL generate_series(
        date_trunc('month', greatest(c.date_deb_val, ${plan.collectiveFrom}::date)::timestamp),
        least(c.date_fin_val, ${plan.until}::date)::timestamp, interval '1 month') AS m
      WHERE c.contract_type_id IN (1, 3) AND c.id % ${plan.every} = 0
      UNION ALL
      SELECT s.contract_id, s.insured_id, false, m::date, c.state_id, c.lb_type, 3
      FROM subscription s JOIN contract c ON c.id = s.contract_id
      CROSS JOIN LATERAL generate_series(
        date_trunc('quarter', greatest(s.start_at, ${plan.individualFrom}::date)::timestamp),
        least(s.end_at, c.date_fin_val, ${plan.until}::date)::timestamp, interval '3 months') AS m
      WHERE c.contract_type_id IN (2, 4, 5) AND c.id % ${plan.every} = 0
    ), numbered AS MATERIALIZED (
      -- Ids in a fixed order, sorted while the rows are still narrow.
      SELECT due.*, ${firstId} + row_number() OVER (ORDER BY contract_id, d, insured_id) AS id
      FROM due
    ), hashed AS MATERIALIZED (
      SELECT numbered.*,
        (hashint8extended(id, 0) & ${MAX8}) AS h,
        (hashint4(contract_id) & ${MAX4}) AS hc
      FROM numbered
    ), rated AS MATERIALIZED (
      SELECT hashed.*,
        CASE
          WHEN d >= ${today} THEN 'A'
          WHEN state_id IN (2, 5) AND d > ${today} - interval '4 months' THEN 'I'
          WHEN h % 100 < 3 THEN 'I'
          WHEN h % 100 < 5 THEN 'S'
          ELSE 'P'
        END AS status,
        round((CASE lb_type WHEN 'S' THEN 38 + hc % 70 WHEN 'P' THEN 11 + hc % 40 ELSE 55 + hc % 140 END
          + (hc / 100 % 100) / 100.0) * heads * (1 + 0.03 * ((d - '2019-01-01'::date) / 365)), 2) AS amount
      FROM hashed
    ), priced AS MATERIALIZED (
      SELECT rated.*,
        CASE WHEN status = 'I' THEN (ARRAY[10, 15, 25])[1 + h % 3] ELSE 0 END AS fees,
        CASE WHEN status = 'I' THEN 1 + (h / 7) % 3
          WHEN status = 'P' AND h / 11 % 20 > 14 THEN 1 ELSE 0 END AS reminders
      FROM rated
    )
    INSERT INTO premium (id, contract_id, insured_id, status, dt_deb_val, dt_fin_val, dt_lim_reg,
      dt_paiement, dt_echeance, dt_impaye, dt_demeure, dt_rappel, dt_bloq_presta_previ,
      dt_resi_previ, paid_by_client, num_frais_ges, num_frais_impay, num_montant, num_total_cot,
      amount_paid, num_relance, lb_mode_paie)
    SELECT id, contract_id, insured_id, status, d,
      (d + CASE WHEN collective THEN interval '1 month' ELSE interval '3 months' END)::date - 1,
      d + 10,
      CASE WHEN status = 'P' THEN d + (h / 11 % 20)::int END,
      d,
      CASE WHEN status = 'I' THEN d + 15 END,
      CASE WHEN status = 'I' AND reminders >= 2 THEN d + 30 END,
      CASE WHEN reminders >= 1 THEN d + 17 END,
      CASE WHEN status = 'I' AND reminders >= 2 THEN d + 60 END,
      CASE WHEN status = 'I' AND reminders = 3 THEN d + 90 END,
      collective,
      round(amount * 0.025, 2),
      fees,
      amount,
      amount + fees,
      CASE WHEN status = 'P' THEN amount + fees
        WHEN status = 'I' AND h / 13 % 10 < 3 THEN round(amount * 0.3, 2) ELSE 0 END,
      reminders,
      CASE WHEN status IN ('I', 'S') THEN NULL ELSE ${modes}[1 + hc % 6] END
    FROM priced`.execute(db);
  await syncSequences(db, ['premium']);
}

/** Health-care benefits of the insured of health contracts (risk S), paid after treatment. */
export async function seedBenefits(
  db: Kysely<DB>,
  plan: { from: string; perSubscription: number; every: number },
): Promise<void> {
  const firstId = await nextId(db, 'benefit');
  const pick = (values: string) => sql.raw(`(ARRAY[${values}])[1 + fam]`);
  await sql`
    WITH span AS (
      SELECT s.id AS sid, s.insured_id, s.contract_id,
        greatest(s.start_at, ${plan.from}::date) AS f,
        least(coalesce(s.end_at, ${today}), ${today} - 1) AS t
      FROM subscription s JOIN contract c ON c.id = s.contract_id
      WHERE c.lb_type = 'S' AND s.id % ${plan.every} = 0
    ), acts AS MATERIALIZED (
      SELECT span.*, k, (hashint8extended(sid::bigint * 31 + k, 0) & ${MAX8}) AS h,
        ${firstId} + row_number() OVER (ORDER BY sid, k) AS id
      FROM span CROSS JOIN LATERAL generate_series(1, (hashint4(sid) & ${MAX4}) % ${plan.perSubscription + 1}) AS k
      WHERE t > f
    ), treated AS MATERIALIZED (
      SELECT acts.*, (f + (h % (t - f))::int) AS dt, (h % 10)::int AS fam FROM acts
    ), priced AS MATERIALIZED (
      SELECT treated.*,
        round(${pick('18,25,180,420,950,60,35,40,1100,55')} * (0.5 + (h / 1000 % 150) / 100.0), 2) AS price,
        ${pick('0.65,0.7,0.05,0.4,0.8,0.7,0.6,0.6,0.1,0')}::numeric AS secu_rate,
        ${pick("'PHAR','CONS','OPTI','DENT','HOSP','RADI','ANAL','AUXI','AUDI','MEDD'")} AS code,
        CASE WHEN fam IN (0, 4, 5, 6) AND h % 5 <> 0 THEN 'PRELEVEMENT'
          WHEN h % 25 = 0 THEN 'CHEQUE' ELSE 'VIREMENT' END AS mode,
        dt + 2 + (h / 17 % 18)::int AS paid
      FROM treated
    )
    INSERT INTO benefit (id, insured_id, beneficiary_id, contract_id, date_treatment, date_payment,
      date_vir, id_fam_act, lb_fam_act, lb_facture, secu_social_refund, real_price,
      mutual_refund, lb_mod_pay, lb_option, basket_type)
    SELECT id, insured_id,
      -- min(id + 0): a plain min(id) lets the planner walk the primary key looking for this
      -- insured's rows, which is quadratic on a large table.
      CASE WHEN h / 3 % 3 = 0 THEN (SELECT min(b.id + 0) FROM beneficiary b
        WHERE b.insured_id = priced.insured_id AND b.start_at <= dt
          AND (b.end_at IS NULL OR b.end_at >= dt)) END,
      contract_id, dt,
      CASE WHEN paid < ${today} THEN paid END,
      CASE WHEN mode = 'VIREMENT' AND h % 2 = 0 AND paid + 3 < ${today} THEN paid + 1 + (h % 3)::int END,
      code,
      ${pick("'Pharmacie','Consultations','Optique','Dentaire','Hospitalisation','Radiologie','Analyses','Auxiliaires médicaux','Audioprothèses','Médecines douces'")},
      'F' || to_char(dt, 'YYYYMM') || '-' || lpad((h % 1000000)::text, 6, '0'),
      round(price * secu_rate, 2),
      price,
      round((price - round(price * secu_rate, 2)) * (0.6 + (h / 7 % 40) / 100.0), 2),
      mode,
      (ARRAY[NULL, NULL, 'Option 1', 'Option 2', 'Renfort optique'])[1 + (h / 19 % 5)::int],
      CASE WHEN dt >= '2020-01-01' AND fam IN (2, 3, 8)
        THEN (ARRAY['100% Santé', 'Tarifs maîtrisés', 'Tarifs libres'])[1 + (h / 23 % 3)::int] END
    FROM priced`.execute(db);
  await syncSequences(db, ['benefit']);
}

/** Yearly commissions of the main business provider, 2019 to 2026 (2026 not paid yet: no date, 0 paid). */
export async function seedCommissions(
  db: Kysely<DB>,
  plan: { share: number; every: number },
): Promise<void> {
  await sql`
    INSERT INTO commission (contract_id, business_provider_id, acquisition_rate, start_at, end_at,
      date_payment_com, amound_paid, year)
    SELECT c.id, c.main_provider_id, rate,
      greatest(c.date_deb_val, make_date(y, 1, 1)),
      least(coalesce(c.date_fin_val, make_date(y, 12, 31)), make_date(y, 12, 31)),
      CASE WHEN y < 2026 THEN make_date(y + 1, 3, 1) + (hc % 60)::int END,
      -- Nothing is paid before the payment date: the year not paid yet has paid nothing.
      CASE WHEN y < 2026 THEN round(greatest(c.nbr_insured + c.nbr_insured_inactive, 1)
        * (30 + hc % 90) * 12 * rate / 100, 2) ELSE 0 END,
      y
    FROM (SELECT c.*, (hashint4(c.id) & ${MAX4}) AS hc FROM contract c) c
    CROSS JOIN LATERAL (SELECT (4 + hc % 12 + (hc / 12 % 4) * 0.25)::numeric(5, 2) AS rate) r
    CROSS JOIN LATERAL generate_series(
      greatest(2019, extract(year FROM c.date_deb_val)::int),
      least(2026, extract(year FROM coalesce(c.date_fin_val, '2026-12-31'))::int)) AS y
    WHERE c.main_provider_id IS NOT NULL AND c.date_deb_val <= ${today}
      AND hc % 100 < ${plan.share} AND c.id % ${plan.every} = 0
    ORDER BY c.id, y`.execute(db);
}

/** The largest id of a table (0 when empty): rows inserted with explicit ids follow it. */
async function nextId(db: Kysely<DB>, table: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT coalesce(max(id), 0)::int AS id
    FROM ${sql.table(table)}`.execute(db);
  return rows[0].id;
}

/** After rows were inserted with explicit ids: the next serial id follows the largest. */
export async function syncSequences(db: Kysely<DB>, tables: readonly string[]): Promise<void> {
  for (const table of tables)
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'),
      (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(db);
}
