// What the business seed guarantees, for the API tests, the end-to-end tests and the benchmarks.
// Tests should assert on these facts (or query the seeded rows), never on ids picked by hand.
//
// Dates. The seed never reads the clock. Every contract period, subscription and beneficiary
// starts and ends either on or before LAST_PAST_DAY or on or after FIRST_FUTURE_DAY, never in
// the quiet window [QUIET_FROM, QUIET_UNTIL] that holds SEED_TODAY (premiums, benefits and
// commissions may carry dates inside it). So "active" (no end date, or an end date after
// today) means the same at SEED_TODAY and at any real date inside the window: the stored counts
// (nbr_insured, ...) agree with a query on CURRENT_DATE there. Tests that recompute counts
// should use SEED_TODAY, which stays right after the window has passed.
//
// Demo scale (default), all deterministic:
// - contract states 1 Actif, 2 Impayé, 3 Résilié, 4 À venir, 5 Suspendu and types 1 Base,
//   2 Portabilité, 3 Surco, 4 Surco en portabilité, 5 Loi Evin (id_cod_col LOIEVAPR07) are all
//   present, each risk P, S, R too; the type always agrees with bl_ani / bl_surcomp /
//   id_contrat2 / id_cod_col (spec §3 rule). State 3 contracts ended before SEED_TODAY, state 4
//   contracts start after it, the others started before it.
// - contract.partner_id = its customer's partner_id, id_groupe_principal its customer_group_id; contract.broker_ids = the sorted distinct
//   broker ids of its customer_portfolio rows (every contract has 1 to 3 holders);
//   the nbr_* counts are recomputed from subscription and beneficiary (refreshContractCounts).
// - contract_organization: 1 to 3 business providers (type 3) and exactly one insurance
//   company (type 5, the product's). lb_apporteur is the main provider's legalname, except in
//   a few contracts where it names no linked provider (main_provider_id is then null).
// - `vendeur` holds DEMO_SELLER_CONTRACTS (60 to 120) contracts of partner #1, among them every
//   state, and types 1 and 3 with an active insured; `manager` supervises `vendeur` and three
//   more sellers and holds a few contracts itself; every contract in the manager's scope
//   belongs to partner #1, the partner of `partenaire`, which has a second manager.
//   Every demo account (but ageo) has contracts outside its scope; a few contracts of a
//   partner are co-held by a seller of another partner (never one of the demo manager's team).
// - premiums: statuses I, P, S, A; 'I' always has dt_impaye and no lb_mode_paie;
//   paid_by_client is true exactly when insured_id is null; num_total_cot = num_montant +
//   num_frais_impay. Benefits: basket_type only when date_treatment >= 2020-01-01; all of
//   PRELEVEMENT, VIREMENT, CHEQUE occur. Commissions: years 2019 to 2026.
// - product: some are blocked (bl_bloque_dec with a dt_dat_bloque); no contract starts on a
//   product after the product was blocked.

/** The day the seed's "active" and "ended" are computed at. */
export const SEED_TODAY = '2026-09-01';
/** No subscription, beneficiary or contract period starts or ends inside this window. */
export const QUIET_FROM = '2026-07-01';
export const QUIET_UNTIL = '2026-12-31';
/** Last day of an ended period; first day of a future one. */
export const LAST_PAST_DAY = '2026-06-30';
export const FIRST_FUTURE_DAY = '2027-01-01';

export const DEMO_SELLER_CONTRACTS = { min: 60, max: 120 } as const;

/**
 * The demo scale's customers; the rest follows from the draws. Seeded today: 1,962 contracts,
 * 10,829 insured, 65,322 premiums, 20,324 benefits, 6,651 commissions (tests assert ranges).
 */
export const DEMO_SIZES = {
  customers: 400,
} as const;

/**
 * Sizes of the large scale (benchmarks on PostgreSQL): one customer per 10 contracts, 60 more
 * sellers under each manager but the demo one (256 sellers). Measured at a million contracts:
 * 1.03M insured, 1.27M subscriptions, 0.5M beneficiaries, 2.0M premiums (every fifth contract,
 * from July 2025), 0.31M benefits, 0.35M commissions; `vendeur` holds about 5,000 contracts,
 * `manager` about 29,000, partner #1 about 448,000; the default contract list of spec §4
 * (states 1, 2, 4; types 1, 3; an active insured) matches about 345,000.
 */
export const LARGE_SIZES = {
  contracts: 1_000_000,
  extraSellersPerManager: 60,
} as const;
