// Run at every start: migrate, then seed only a database that has never been seeded, so a
// second start reuses everything (npm run db:reset re-seeds on purpose). The seed (faker and
// its locales) is loaded only to seed: a server starting on a seeded database never holds it.
import type { Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';

export async function prepareDatabase(
  database: Database,
  options: { seedScale: 'demo' | 'large'; log?: (line: string) => void },
): Promise<{ migrated: string[]; seeded: boolean }> {
  const migrated = await migrateToLatest(database.db);
  const { count } = await database.db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return { migrated, seeded: false };
  const { seed } = await import('./seed/index.ts');
  await seed(database.db, options.seedScale, { log: options.log });
  return { migrated, seeded: true };
}
