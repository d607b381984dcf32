// The business data of the seed (spec partner-extranet §3): its size and spread, and the rules
// the screens and the data scopes rely on, checked on the seeded rows themselves, at the demo
// scale and with the large scale's generator run at 20,000 contracts (the benchmarks run it
// at a million on PostgreSQL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { type Database, openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import {
  FIRST_FUTURE_DAY,
  LAST_PAST_DAY,
  QUIET_FROM,
  QUIET_UNTIL,
  SEED_TODAY,
} from '../../server/src/db/seed/business/facts.ts';
import { FRENCH_CITIES } from '../../server/src/db/seed/cities.ts';
import { isValidNir, isValidSiret } from '../../server/src/db/seed/french.ts';
import { seed } from '../../server/src/db/seed/index.ts';
import { contractTypeIdFromFlags, LOI_EVIN_CODE } from '../../src/domain/contract.ts';
import { type FreshDatabase, freshDatabase } from './support/server.ts';

const today = sql`${SEED_TODAY}::date`;

interface Scale {
  name: 'demo' | 'large';
  largeContracts?: number;
  sizes: Record<string, [number, number]>;
}

const SCALES: Scale[] = [
  {
    name: 'demo',
    sizes: {
      customers: [400, 400],
      contracts: [1_800, 2_300],
      insured: [9_000, 12_500],
      premiums: [50_000, 75_000],
      benefits: [15_000, 28_000],
      commissions: [5_000, 9_000],
    },
  },
  {
    name: 'large',
    largeContracts: 20_000,
    sizes: {
      customers: [2_000, 2_000],
      contracts: [20_000, 20_000],
      insured: [15_000, 30_000],
      premiums: [20_000, 80_000],
      benefits: [3_000, 20_000],
      commissions: [3_000, 15_000],
    },
  },
];

describe.each(SCALES)('$name scale', (scale) => {
  let fresh: FreshDatabase;
  let database: Database;
  const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await (query as ReturnType<typeof sql<T>>).execute(database.db)).rows as T[];
  const one = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await q<T>(query))[0];
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await one<{ n: number }>(query)).n);

  beforeAll(async () => {
    fresh = await freshDatabase({ initialised: true });
    database = await openDatabase(loadConfig(fresh.env).database);
    await migrateToLatest(database.db);
    const started = performance.now();
    await seed(database.db, scale.name, { largeContracts: scale.largeContracts });
    // Printed, never asserted: the machine is shared.
    console.info(
      `${scale.name} seed (${database.kind}): ${Math.round(performance.now() - started)} ms`,
    );
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.dispose();
  });

  describe('size and spread', () => {
    it('has the expected sizes', async () => {
      const sizes = await one<Record<string, number>>(sql`SELECT
      (SELECT count(*) FROM customer)::int AS customers,
      (SELECT count(*) FROM contract)::int AS contracts,
      (SELECT count(*) FROM insured)::int AS insured,
      (SELECT count(*) FROM beneficiary)::int AS beneficiaries,
      (SELECT count(*) FROM subscription)::int AS subscriptions,
      (SELECT count(*) FROM premium)::int AS premiums,
      (SELECT count(*) FROM benefit)::int AS benefits,
      (SELECT count(*) FROM commission)::int AS commissions,
      (SELECT count(*) FROM product)::int AS products`);
      console.info(`${scale.name} seed sizes`, sizes);
      for (const [name, [low, high]] of Object.entries(scale.sizes)) {
        expect(sizes[name], name).toBeGreaterThanOrEqual(low);
        expect(sizes[name], name).toBeLessThanOrEqual(high);
      }
      expect(sizes.products).toBe(40);
    });

    it('has every state, type and risk, Loi Evin with LOIEVAPR07', async () => {
      const spread = await one<Record<string, number[] | string[]>>(sql`SELECT
      array_agg(DISTINCT state_id ORDER BY state_id) AS states,
      array_agg(DISTINCT contract_type_id ORDER BY contract_type_id) AS types,
      array_agg(DISTINCT lb_type ORDER BY lb_type) AS risks FROM contract`);
      expect(spread).toEqual({
        states: [1, 2, 3, 4, 5],
        types: [1, 2, 3, 4, 5],
        risks: ['P', 'R', 'S'],
      });
      const loiEvin = await q<{ id_cod_col: string }>(
        sql`SELECT DISTINCT id_cod_col FROM contract WHERE contract_type_id = 5`,
      );
      expect(loiEvin).toEqual([{ id_cod_col: LOI_EVIN_CODE }]);
      const lookups = await one<Record<string, number>>(sql`SELECT
      (SELECT count(*) FROM contract_state)::int AS states,
      (SELECT count(*) FROM contract_type)::int AS types,
      (SELECT count(*) FROM contract_category)::int AS categories,
      (SELECT count(*) FROM pole)::int AS poles,
      (SELECT count(*) FROM customer_group)::int AS groups,
      (SELECT count(DISTINCT kind) FROM menu)::int AS menu_kinds`);
      expect(lookups).toMatchObject({ states: 5, types: 5, categories: 5, menu_kinds: 2 });
      expect(lookups.poles).toBeGreaterThan(0);
      expect(lookups.groups).toBeGreaterThan(0);
    });

    it('spreads dates from 2015 to 2027 with ended, current and future periods', async () => {
      const bounds = await one<Record<string, string>>(sql`SELECT
      min(date_deb_val)::text AS first, max(date_deb_val)::text AS last,
      max(date_fin_val)::text AS last_end FROM contract`);
      expect(bounds.first.slice(0, 4)).toBe('2015');
      expect(bounds.last.slice(0, 4)).toBe('2027');
      expect(bounds.last_end.slice(0, 4)).toBe('2027');
    });
  });

  describe('integrity', () => {
    it('keeps every foreign key (the seed skips their triggers while it writes)', async () => {
      const keys = await q<{ child: string; col: string; parent: string; pcol: string }>(sql`
      SELECT c.conrelid::regclass::text AS child, a.attname AS col,
        c.confrelid::regclass::text AS parent, pa.attname AS pcol
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND cardinality(c.conkey) = 1`);
      expect(keys.length).toBeGreaterThan(20);
      for (const k of keys) {
        const orphans = await count(sql`SELECT count(*) AS n FROM ${sql.table(k.child)} t
        WHERE t.${sql.ref(k.col)} IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM ${sql.table(k.parent)} p WHERE p.${sql.ref(k.pcol)} = t.${sql.ref(k.col)})`);
        expect(orphans, `${k.child}.${k.col} -> ${k.parent}`).toBe(0);
      }
    });

    it('leaves every serial sequence after the largest id', async () => {
      for (const table of [
        'customer',
        'contract',
        'insured',
        'beneficiary',
        'subscription',
        'premium',
        'benefit',
      ]) {
        const r = await one<{ max: number; next: number }>(sql`SELECT
        (SELECT coalesce(max(id), 0) FROM ${sql.table(table)})::int AS max,
        nextval(pg_get_serial_sequence(${table}, 'id'))::int AS next`);
        expect(r.next, table).toBe(r.max + 1);
      }
    });
  });

  describe('contracts', () => {
    it('derives the type from the flags (spec §3)', async () => {
      const rows = await q<{
        contract_type_id: number;
        bl_ani: boolean;
        bl_surcomp: boolean;
        id_contrat2: string | null;
        id_cod_col: string;
      }>(sql`SELECT contract_type_id, bl_ani, bl_surcomp, id_contrat2, id_cod_col FROM contract`);
      for (const c of rows) {
        const derived = contractTypeIdFromFlags({
          blAni: c.bl_ani,
          blSurcomp: c.bl_surcomp,
          idContrat2: c.id_contrat2,
          idCodCol: c.id_cod_col,
        });
        expect(derived, JSON.stringify(c)).toBe(c.contract_type_id);
      }
      expect(rows.some((c) => c.id_contrat2 !== null)).toBe(true);
    });

    it('keeps states and periods in step, clear of the quiet window', async () => {
      const wrong = await count(sql`SELECT count(*) AS n FROM contract WHERE
      (state_id = 3 AND (date_fin_val IS NULL OR date_fin_val > ${LAST_PAST_DAY}::date))
      OR (state_id = 4 AND date_deb_val < ${FIRST_FUTURE_DAY}::date)
      OR (state_id IN (1, 2, 5) AND date_deb_val > ${LAST_PAST_DAY}::date)
      OR date_fin_val BETWEEN ${QUIET_FROM}::date AND ${QUIET_UNTIL}::date`);
      expect(wrong).toBe(0);
      const quiet = await count(sql`SELECT count(*) AS n FROM (
      SELECT start_at, end_at FROM subscription UNION ALL SELECT start_at, end_at FROM beneficiary
    ) p WHERE start_at BETWEEN ${QUIET_FROM}::date AND ${QUIET_UNTIL}::date
      OR end_at BETWEEN ${QUIET_FROM}::date AND ${QUIET_UNTIL}::date OR end_at <= start_at`);
      expect(quiet).toBe(0);
    });

    it('stores counts equal to those of the subscriptions and beneficiaries', async () => {
      // Recomputed independently, at the seed's own day (facts.ts).
      const wrong = await q(sql`
      WITH ci AS (
        SELECT contract_id, insured_id,
          bool_or(end_at IS NULL OR end_at > ${today}) AS active, count(*) AS subs,
          count(*) FILTER (WHERE end_at IS NULL OR end_at > ${today}) AS active_subs
        FROM subscription GROUP BY contract_id, insured_id
      ), b AS (
        SELECT ci.contract_id,
          count(*) FILTER (WHERE ci.active AND (be.end_at IS NULL OR be.end_at > ${today})) AS act,
          count(*) FILTER (WHERE NOT (ci.active AND (be.end_at IS NULL OR be.end_at > ${today}))) AS ina
        FROM ci JOIN beneficiary be ON be.insured_id = ci.insured_id GROUP BY ci.contract_id
      ), s AS (
        SELECT contract_id, count(*) FILTER (WHERE active) AS ins, count(*) FILTER (WHERE NOT active) AS ina,
          sum(active_subs) AS subs, sum(subs - active_subs) AS subs_ina
        FROM ci GROUP BY contract_id
      )
      SELECT c.id FROM contract c LEFT JOIN s ON s.contract_id = c.id LEFT JOIN b ON b.contract_id = c.id
      WHERE c.nbr_insured <> coalesce(s.ins, 0) OR c.nbr_insured_inactive <> coalesce(s.ina, 0)
        OR c.nbr_suscription <> coalesce(s.subs, 0) OR c.nbr_subscription_inactive <> coalesce(s.subs_ina, 0)
        OR c.nbr_beneficiary <> coalesce(b.act, 0) OR c.nbr_beneficiary_inactive <> coalesce(b.ina, 0)
        OR c.nbr_total_affiliate <> c.nbr_insured + c.nbr_beneficiary
        OR c.nbr_total_affiliate_inactive <> c.nbr_insured_inactive + c.nbr_beneficiary_inactive`);
      expect(wrong).toEqual([]);
      const spread = await one<Record<string, number>>(sql`SELECT
      count(*) FILTER (WHERE nbr_insured = 0)::int AS without,
      count(*) FILTER (WHERE nbr_insured > 0)::int AS with_active,
      count(*) FILTER (WHERE nbr_insured_inactive > 0)::int AS with_inactive,
      count(*) FILTER (WHERE nbr_beneficiary > 0)::int AS with_beneficiaries FROM contract`);
      for (const [name, n] of Object.entries(spread)) expect(n, name).toBeGreaterThan(20);
    });

    it('denormalises broker_ids, partner_id and id_groupe_principal', async () => {
      const wrong =
        await count(sql`SELECT count(*) AS n FROM contract c JOIN customer cu ON cu.id = c.customer_id
      WHERE c.partner_id <> cu.partner_id
        OR c.id_groupe_principal IS DISTINCT FROM cu.customer_group_id
        OR c.broker_ids IS DISTINCT FROM (
        SELECT array_agg(DISTINCT p.broker_id ORDER BY p.broker_id) FROM customer_portfolio p
        WHERE p.contract_id = c.id)
      OR cardinality(c.broker_ids) NOT BETWEEN 1 AND 3`);
      expect(wrong).toBe(0);
    });

    it('links 1 to 3 business providers and the product’s insurance company', async () => {
      const rows = await q<Record<string, number>>(sql`SELECT c.id,
      count(*) FILTER (WHERE o.type_id = 3)::int AS providers,
      count(*) FILTER (WHERE o.type_id = 5)::int AS companies,
      bool_or(o.type_id = 5 AND o.id = p.insurance_company_id) AS own_company,
      bool_or(o.type_id = 3 AND o.id = c.main_provider_id AND o.legalname = c.lb_apporteur) AS main,
      bool_or(o.type_id = 3 AND o.legalname = c.lb_apporteur) AS named
      FROM contract c JOIN product p ON p.id = c.product_id
      JOIN contract_organization co ON co.contract_id = c.id
      JOIN organization o ON o.id = co.organization_id GROUP BY c.id, c.main_provider_id`);
      for (const r of rows) {
        expect(r.providers).toBeGreaterThanOrEqual(1);
        expect(r.providers).toBeLessThanOrEqual(3);
        expect(r.companies).toBe(1);
        expect(r.own_company).toBe(true);
      }
      expect(rows.filter((r) => r.providers > 1).length).toBeGreaterThan(100);
      const unmatched = rows.filter((r) => !r.named);
      expect(unmatched.length).toBeGreaterThan(0);
      expect(unmatched.length).toBeLessThan(rows.length / 10);
      expect(rows.filter((r) => r.named && !r.main)).toEqual([]);
    });

    it('blocks some products, and starts no contract on a product already blocked', async () => {
      const blocked = await count(
        sql`SELECT count(*) AS n FROM product WHERE bl_bloque_dec AND dt_dat_bloque IS NOT NULL`,
      );
      expect(blocked).toBeGreaterThan(0);
      const late =
        await count(sql`SELECT count(*) AS n FROM contract c JOIN product p ON p.id = c.product_id
      WHERE p.bl_bloque_dec AND c.date_deb_val >= p.dt_dat_bloque`);
      expect(late).toBe(0);
      const risk = await count(
        sql`SELECT count(*) AS n FROM contract c JOIN product p ON p.id = c.product_id WHERE p.lb_type <> c.lb_type`,
      );
      expect(risk).toBe(0);
    });
  });

  describe('customers and insured', () => {
    it('gives customers a valid SIRET, a matching postcode and city, an IDCC', async () => {
      const cities = new Set(FRENCH_CITIES.map((c) => `${c.postalCode} ${c.name}`));
      const rows = await q<Record<string, string>>(
        sql`SELECT siret, postal_code, address_locality, id_cc1 FROM customer`,
      );
      for (const c of rows) {
        expect(isValidSiret(c.siret), c.siret).toBe(true);
        expect(cities.has(`${c.postal_code} ${c.address_locality}`)).toBe(true);
        expect(c.id_cc1).toMatch(/^\d{4}$/);
      }
    });

    it('gives every insured a valid NIR that agrees with sex, birth date and civility', async () => {
      const rows = await q<Record<string, string | number>>(
        sql`SELECT noss, noss_key, sex, id_gender, dt_birthday, postal_code, address_locality FROM insured`,
      );
      for (const i of rows) {
        const nir = `${i.noss}${i.noss_key}`;
        expect(isValidNir(nir), nir).toBe(true);
        expect(nir[0]).toBe(i.sex === 'M' ? '1' : '2');
        expect(i.id_gender).toBe(i.sex === 'M' ? 2 : 1);
        const birth = String(i.dt_birthday);
        expect(nir.slice(1, 5)).toBe(`${birth.slice(2, 4)}${birth.slice(5, 7)}`);
      }
    });
  });

  describe('premiums, benefits, commissions', () => {
    it('follows the premium rules of spec §3', async () => {
      const r = await one<Record<string, unknown>>(sql`SELECT
      array_agg(DISTINCT status ORDER BY status) AS statuses,
      array_agg(DISTINCT lb_mode_paie ORDER BY lb_mode_paie) FILTER (WHERE lb_mode_paie IS NOT NULL) AS modes,
      count(*) FILTER (WHERE status = 'I' AND (dt_impaye IS NULL OR lb_mode_paie IS NOT NULL))::int AS bad_unpaid,
      count(*) FILTER (WHERE paid_by_client <> (insured_id IS NULL))::int AS bad_collective,
      count(*) FILTER (WHERE num_total_cot <> num_montant + num_frais_impay)::int AS bad_total,
      count(*) FILTER (WHERE num_montant * 100 <> round(num_montant * 100))::int AS bad_cents,
      count(*) FILTER (WHERE paid_by_client)::int AS collective,
      count(*) FILTER (WHERE status = 'I')::int AS unpaid FROM premium`);
      expect(r).toMatchObject({
        statuses: ['A', 'I', 'P', 'S'],
        modes: ['CHEQUE', 'PRELEVEMENT', 'VIREMENT'],
        bad_unpaid: 0,
        bad_collective: 0,
        bad_total: 0,
        bad_cents: 0,
      });
      expect(r.collective).toBeGreaterThan(1000);
      expect(r.unpaid).toBeGreaterThan(100);
      // Unpaid contracts have unpaid premiums.
      const unpaidContracts =
        await count(sql`SELECT count(*) AS n FROM contract c WHERE state_id = 2
      AND EXISTS (SELECT 1 FROM premium p WHERE p.contract_id = c.id AND p.status = 'I')`);
      expect(unpaidContracts).toBeGreaterThan(0);
    });

    it('seeds benefits with baskets only from 2020 and every payment mode', async () => {
      const r = await one<Record<string, unknown>>(sql`SELECT
      array_agg(DISTINCT lb_mod_pay ORDER BY lb_mod_pay) AS modes,
      count(*) FILTER (WHERE basket_type IS NOT NULL AND date_treatment < '2020-01-01')::int AS early_baskets,
      count(*) FILTER (WHERE basket_type IS NOT NULL)::int AS baskets,
      count(*) FILTER (WHERE date_vir IS NOT NULL)::int AS transfers,
      count(*) FILTER (WHERE beneficiary_id IS NOT NULL)::int AS for_beneficiaries,
      count(*) FILTER (WHERE mutual_refund + secu_social_refund > real_price)::int AS over_refunded
      FROM benefit`);
      expect(r).toMatchObject({
        modes: ['CHEQUE', 'PRELEVEMENT', 'VIREMENT'],
        early_baskets: 0,
        over_refunded: 0,
      });
      for (const key of ['baskets', 'transfers', 'for_beneficiaries'])
        expect(r[key], key).toBeGreaterThan(100);
    });

    it('seeds commissions from 2019 to 2026 with acquisition rates', async () => {
      const r = await one<
        Record<string, number>
      >(sql`SELECT min(year)::int AS first, max(year)::int AS last,
      min(acquisition_rate) AS low, max(acquisition_rate) AS high FROM commission`);
      expect(r).toMatchObject({ first: 2019, last: 2026 });
      expect(r.low).toBeGreaterThan(0);
      expect(r.high).toBeLessThan(100);
    });
  });
});
