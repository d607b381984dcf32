import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';

/** Brings the schema up to date; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(error as Error).message ?? error}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
