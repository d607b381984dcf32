// The deterministic French demo seed, only where demo data is asked for (DEMO_DATA,
// db/prepare.ts): the same data on every machine and every run (fixed faker seed, fixed dates,
// never the clock). The codes every installation gets (codes.ts) first, then organisations and
// users (sign-in), then the business data of spec partner-extranet §3 at the chosen scale:
// `demo` (the default, seconds, built for the screens and the tests) or `large` (a million
// contracts in PostgreSQL, for the benchmarks). business/facts.ts lists what tests may rely on.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';
import { seedAccessGroups } from './accessGroups.ts';
import { seedDemoBusiness } from './business/demo.ts';
import { seedLargeBusiness } from './business/large.ts';
import { seedReference } from './business/reference.ts';
import { seedCodes } from './codes.ts';
import { seedOrganizations } from './organizations.ts';
import { createFaker } from './random.ts';
import { seedUserImports } from './userImports.ts';
import { assignPoles, seedUsers } from './users.ts';

export type SeedScale = 'demo' | 'large';

export interface SeedOptions {
  /** Progress lines (the large scale takes minutes). */
  log?: (line: string) => void;
  /** Contracts of the large scale (tests run its generator smaller); a multiple of 10. */
  largeContracts?: number;
}

export async function seed(
  db: Kysely<DB>,
  scale: SeedScale,
  options: SeedOptions = {},
): Promise<void> {
  const faker = createFaker();
  await db.transaction().execute(async (trx) => {
    await skipForeignKeyChecks(trx);
    await seedCodes(trx);
    const organizations = await seedOrganizations(trx, faker);
    const people = await seedUsers(trx, faker, organizations);
    const reference = await seedReference(trx, faker, organizations.insuranceCompanyIds);
    await assignPoles(trx);
    if (scale === 'demo') await seedDemoBusiness(trx, faker, { organizations, people, reference });
    else
      await seedLargeBusiness(trx, faker, {
        contracts: options.largeContracts,
        organizations,
        people,
        reference,
        log: options.log,
      });
    await seedAccessGroups(trx, faker, organizations);
    await seedUserImports(trx);
  });
  // Planner statistics, as a server's autovacuum would gather them (PGlite runs none). At the
  // large scale, VACUUM too: it sets the visibility map that index-only scans (the capped
  // counts) need, and clears the rows the counts' UPDATE left behind.
  const started = performance.now();
  for (const table of ANALYZED)
    if (scale === 'large') await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
    else await sql`ANALYZE ${sql.table(table)}`.execute(db);
  if (scale === 'large')
    options.log?.(
      `[large] vacuum and analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
}

const ANALYZED = [
  'organization',
  'app_user',
  'product',
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
  'carte_tp',
];

/**
 * Foreign-key triggers cost more than the inserts themselves (PGlite: 1.3 s of 1.6 s for the
 * premiums). The seed writes consistent rows by construction, and tests/api/seed-business
 * checks every foreign key afterwards, so a superuser (PGlite's user, a local PostgreSQL's
 * postgres) skips them for this transaction only; another role keeps them.
 */
async function skipForeignKeyChecks(trx: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ su: string }>`SELECT current_setting('is_superuser') AS su`.execute(
    trx,
  );
  if (rows[0]?.su === 'on') await sql`SET LOCAL session_replication_role = replica`.execute(trx);
}
