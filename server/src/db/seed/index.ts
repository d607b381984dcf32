// The deterministic French seed: the same data on every machine and every run (fixed faker
// seed, fixed date ranges). It fills what sign-in and data scopes need; the business data
// (contracts, insured persons, premiums, ...) is added by its own issue.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { seedOrganizations } from './organizations.ts';
import { createFaker } from './random.ts';
import { seedUsers } from './users.ts';

export type SeedScale = 'demo' | 'large';

export async function seed(db: Kysely<DB>, _scale: SeedScale): Promise<void> {
  // 'large' only differs once the business data exists; until then both scales are the same.
  const faker = createFaker();
  await db.transaction().execute(async (trx) => {
    const organizations = await seedOrganizations(trx, faker);
    await seedUsers(trx, faker, organizations);
  });
}
