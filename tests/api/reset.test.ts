// `npm run db:reset` wipes the database on purpose and seeds it again.
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { prepareDatabase } from '../../server/src/db/prepare.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { RESET, run } from './support/process.ts';
import { type FreshDatabase, freshDatabase } from './support/server.ts';

let fresh: FreshDatabase | undefined;
afterEach(async () => {
  await fresh?.dispose();
  fresh = undefined;
});

async function withDatabase<T>(
  env: Record<string, string>,
  use: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const database = await openDatabase(loadConfig(env).database);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

it('wipes what was written and seeds the demo data again', async () => {
  fresh = await freshDatabase();
  const env = fresh.env;
  const seeded = await withDatabase(env, async (database) => {
    await prepareDatabase(database, { seedScale: 'demo', demoData: true });
    const rows = await database.db
      .selectFrom('app_user')
      .select('username')
      .orderBy('id')
      .execute();
    await database.db
      .updateTable('app_user')
      .set({ firstname: 'Modifié' })
      .where('username', '=', 'ageo')
      .execute();
    await database.db
      .insertInto('organization')
      .values({ type_id: 3, legalname: 'Écrit avant la remise à zéro', address_country: 'FRANCE' })
      .execute();
    return rows.map((r) => r.username);
  });

  const reset = run(RESET, env);
  expect(await reset.exited).toBe(0);
  expect(reset.output()).toMatch(/Database reset .*demo data seeded/);

  await withDatabase(env, async (database) => {
    const users = await database.db
      .selectFrom('app_user')
      .select(['username', 'firstname'])
      .orderBy('id')
      .execute();
    expect(users.map((u) => u.username)).toEqual(seeded);
    expect(users.find((u) => u.username === 'ageo')?.firstname).toBe(DEMO_ACCOUNTS[0].firstname);
    const stray = await database.db
      .selectFrom('organization')
      .select('id')
      .where('legalname', '=', 'Écrit avant la remise à zéro')
      .execute();
    expect(stray).toEqual([]);
  });
}, 120_000);
