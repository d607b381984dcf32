// What the business seed guarantees, for the API tests, the end-to-end tests and the benchmarks.
// Tests should assert on these facts (or query the seeded rows), never on ids picked by hand.
//
// Dates. The seed never reads the clock. Every date it writes is either on or before
// QUIET_FROM - 1 day (ended periods, payments) or on or after QUIET_UNTIL + 1 day (future
// starts and ends), except premiums due in the quiet window itself (status 'A', awaiting
// payment). So "active" (no end date, or an end date after today) means the same thing
// whether it is computed at SEED_TODAY or at any real date inside the quiet window
// [2026-07-01, 2026-12-31]: the stored counts (nbr_insured, ...) agree with a query on
// CURRENT_DATE there. Tests that recompute counts should use SEED_TODAY.
//
// Demo scale (default), all deterministic:
// - contract states 1 Actif, 2 Impayé, 3 Résilié, 4 À venir, 5 Suspendu and types 1 Base,
//   2 Portabilité, 3 Surco, 4 Surco en portabilité, 5 Loi Evin (id_cod_col LOIEVAPR07) are all
//   present, each risk P, S, R too; the type always agrees with bl_ani / bl_surcomp /
//   id_contrat2 / id_cod_col (spec §3 rule). State 3 contracts ended before SEED_TODAY, state 4
//   contracts start after it, the others started before it.
// - contract.partner_id = its customer's partner_id; contract.broker_ids = the sorted distinct
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

/** Approximate sizes of the demo scale (tests assert ranges, not these exact numbers). */
export const DEMO_SIZES = {
  customers: 400,
  contracts: 2_000,
  insured: 10_000,
  premiums: 60_000,
  benefits: 20_000,
  commissions: 6_000,
} as const;

/** Sizes of the large scale (benchmarks on PostgreSQL). */
export const LARGE_SIZES = {
  customers: 100_000,
  contracts: 1_000_000,
  extraSellersPerManager: 60,
} as const;
