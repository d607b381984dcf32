// The deterministic French seed: what sign-in and the data scopes rely on, and the same data
// on every run (organisations, users and every business table).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/src/auth/password.ts';
import { givenRolesSql } from '../../server/src/auth/rights.ts';
import { loadConfig } from '../../server/src/config.ts';
import { type Database, openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { FRENCH_CITIES } from '../../server/src/db/seed/cities.ts';
import { isValidOrias, isValidSiret } from '../../server/src/db/seed/french.ts';
import { seed } from '../../server/src/db/seed/index.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { PROFILE_TYPES } from '../../src/domain/roles.ts';
import { type FreshDatabase, freshDatabase } from './support/server.ts';

const opened: Array<{ fresh: FreshDatabase; database: Database }> = [];

async function seededDatabase(): Promise<Database> {
  const fresh = await freshDatabase({ initialised: true });
  const database = await openDatabase(loadConfig(fresh.env).database);
  opened.push({ fresh, database });
  await migrateToLatest(database.db);
  await seed(database.db, 'demo');
  return database;
}

let database: Database;
beforeAll(async () => {
  database = await seededDatabase();
});
afterAll(async () => {
  for (const { fresh, database: db } of opened) {
    await db.close();
    await fresh.dispose();
  }
});

const users = () =>
  database.db
    .selectFrom('app_user')
    .selectAll()
    .select(givenRolesSql.as('given_roles'))
    .orderBy('id')
    .execute();
const organizations = () =>
  database.db.selectFrom('organization').selectAll().orderBy('id').execute();

describe('organisations', () => {
  it('has the five organisation types', async () => {
    const types = await database.db
      .selectFrom('organization_type')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(types).toEqual([
      { id: 1, label: 'Opérateur' },
      { id: 2, label: 'Partenaire' },
      { id: 3, label: 'Apporteur' },
      { id: 4, label: 'Entreprise' },
      { id: 5, label: "Compagnie d'assurance" },
    ]);
  });

  it('has the operator, 3 partners, about 20 business providers and 8 insurance companies', async () => {
    const orgs = await organizations();
    const count = (type: number) => orgs.filter((o) => o.type_id === type).length;
    expect(count(1)).toBe(1);
    expect(count(2)).toBe(3);
    expect(count(3)).toBeGreaterThanOrEqual(18);
    expect(count(5)).toBe(8);
  });

  it('gives valid SIRET and ORIAS numbers and postcodes that match their city', async () => {
    const cities = new Set(FRENCH_CITIES.map((c) => `${c.postalCode} ${c.name}`));
    for (const org of await organizations()) {
      expect(isValidSiret(org.siret ?? ''), org.legalname).toBe(true);
      expect(cities.has(`${org.postal_code} ${org.address_locality}`), org.legalname).toBe(true);
      expect(org.street_address).toMatch(/^\d+ \S/);
      if (org.type_id === 3) expect(isValidOrias(org.orias ?? ''), org.legalname).toBe(true);
      if (org.type_id === 5) expect(org.orias).toBeNull();
    }
    const sirets = (await organizations()).map((o) => o.siret);
    expect(new Set(sirets).size).toBe(sirets.length);
  });
});

describe('users', () => {
  it('keeps the four demo accounts exactly, with the password demo', async () => {
    const all = await users();
    for (const account of DEMO_ACCOUNTS) {
      const user = all.find((u) => u.username === account.username);
      expect(user, account.username).toMatchObject({
        firstname: account.firstname,
        lastname: account.lastname,
        // Its type's role, the rest from its type's profile (migration 012_rights).
        roles: account.roles.filter((r) => r.startsWith('PROFILE_')).join(','),
        given_roles: account.roles.join(','),
        realm: 'partenaires',
        enabled: true,
      });
      const profile = account.roles.find((r) => r in PROFILE_TYPES) as keyof typeof PROFILE_TYPES;
      expect(user?.user_type).toBe(PROFILE_TYPES[profile]);
      expect(await verifyPassword(account.password, user?.password_hash ?? null)).toBe(true);
    }
  });

  it('places the demo accounts in their organisations and hierarchy', async () => {
    const all = await users();
    const orgs = await organizations();
    const by = (name: string) => all.find((u) => u.username === name);
    const operator = orgs.find((o) => o.type_id === 1);
    const partner1 = orgs.find((o) => o.type_id === 2);
    expect(by('ageo')).toMatchObject({ organization_id: operator?.id, partner_id: null });
    for (const name of ['partenaire', 'manager', 'vendeur']) {
      expect(by(name), name).toMatchObject({
        organization_id: partner1?.id,
        partner_id: partner1?.id,
      });
    }
    expect(by('vendeur')?.managed_by).toBe(by('manager')?.id);
    expect(by('vendeur')?.seller_code).toMatch(/^VD\d{4}$/);
    const supervised = all.filter((u) => u.managed_by === by('manager')?.id);
    expect(supervised.length).toBeGreaterThanOrEqual(3);
  });

  it('has more managers and sellers across the partners, with unique seller codes', async () => {
    const all = await users();
    const sellers = all.filter((u) => u.user_type === 4);
    const managers = all.filter((u) => u.user_type === 3);
    expect(sellers.length).toBeGreaterThanOrEqual(15);
    expect(managers.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sellers.map((s) => s.partner_id)).size).toBe(3);
    const codes = sellers.map((s) => s.seller_code);
    expect(codes.every(Boolean)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    for (const seller of sellers) {
      const manager = managers.find((m) => m.id === seller.managed_by);
      expect(manager?.partner_id, seller.username).toBe(seller.partner_id);
    }
    for (const user of all) {
      expect([1, 2]).toContain(user.civility);
      expect(user.email).toMatch(/^[a-z0-9.-]+@[a-z0-9.-]+\.fr$/);
      expect(user.job_function).toBeTruthy();
    }
    expect(new Set(all.map((u) => u.username)).size).toBe(all.length);
  });
});

const BUSINESS_TABLES = [
  'contract_state',
  'contract_type',
  'contract_category',
  'pole',
  'customer_group',
  'product',
  'menu',
  'customer',
  'contract',
  'contract_organization',
  'contract_option',
  'customer_portfolio',
  'insured',
  'beneficiary',
  'subscription',
  'premium',
  'benefit',
  'commission',
];

/** One digest of each business table's rows, in a fixed order. */
async function businessDigest(database: Database): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of BUSINESS_TABLES) {
    const { rows } = await sql<{ md5: string; n: number }>`SELECT
      md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS md5, count(*)::int AS n
      FROM ${sql.table(table)} t`.execute(database.db);
    digest[table] = `${rows[0].n}:${rows[0].md5}`;
  }
  return digest;
}

describe('determinism', () => {
  it('two seeds give identical data', async () => {
    const other = await seededDatabase();
    const strip = <T extends { created_at?: unknown }>(rows: T[]) =>
      rows.map(({ created_at: _, ...rest }) => rest);
    const [a, b] = [database, other];
    expect(strip(await b.db.selectFrom('app_user').selectAll().orderBy('id').execute())).toEqual(
      strip(await a.db.selectFrom('app_user').selectAll().orderBy('id').execute()),
    );
    expect(await b.db.selectFrom('organization').selectAll().orderBy('id').execute()).toEqual(
      await a.db.selectFrom('organization').selectAll().orderBy('id').execute(),
    );
    const [first, second] = [await businessDigest(a), await businessDigest(b)];
    expect(second).toEqual(first);
    expect(Object.keys(first).length).toBe(BUSINESS_TABLES.length);
  });
});
