// The large scale (benchmarks): placeholder until written.
import type { Kysely } from 'kysely';
import type { DB } from '../../schema.ts';
import type { SeededOrganizations } from '../organizations.ts';
import type { SeededPeople } from '../users.ts';
import type { SeededReference } from './reference.ts';

export async function seedLargeBusiness(
  _db: Kysely<DB>,
  _seeded: {
    organizations: SeededOrganizations;
    people: SeededPeople;
    reference: SeededReference;
    log?: (line: string) => void;
  },
): Promise<void> {
  throw new Error('SEED_SCALE=large is not written yet');
}
