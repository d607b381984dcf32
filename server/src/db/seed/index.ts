// The deterministic French seed: the same data on every machine and every run (fixed faker
// seed, fixed dates, never the clock). Organisations and users first (sign-in), then the
// business data of spec partner-extranet §3 at the chosen scale: `demo` (the default, seconds,
// built for the screens and the tests) or `large` (a million contracts in PostgreSQL, for the
// benchmarks). business/facts.ts lists what tests may rely on.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';
import { seedDemoBusiness } from './business/demo.ts';
import { seedLargeBusiness } from './business/large.ts';
import { seedReference } from './business/reference.ts';
import { seedOrganizations } from './organizations.ts';
import { createFaker } from './random.ts';
import { seedUsers } from './users.ts';

export type SeedScale = 'demo' | 'large';

export interface SeedOptions {
  /** Progress lines (the large scale takes minutes). */
  log?: (line: string) => void;
}

export async function seed(
  db: Kysely<DB>,
  scale: SeedScale,
  options: SeedOptions = {},
): Promise<void> {
  const faker = createFaker();
  await db.transaction().execute(async (trx) => {
    const organizations = await seedOrganizations(trx, faker);
    const people = await seedUsers(trx, faker, organizations);
    const reference = await seedReference(trx, faker, organizations.insuranceCompanyIds);
    if (scale === 'demo') await seedDemoBusiness(trx, faker, { organizations, people, reference });
    else await seedLargeBusiness(trx, { organizations, people, reference, log: options.log });
  });
  // Planner statistics, as a server's autovacuum would gather them (PGlite runs none).
  await sql`ANALYZE`.execute(db);
}
