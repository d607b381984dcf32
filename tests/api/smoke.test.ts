import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it('starts on a migrated, seeded database holding the four demo accounts', async () => {
  const users = await server.database.db
    .selectFrom('app_user')
    .select('username')
    .where(
      'username',
      'in',
      DEMO_ACCOUNTS.map((a) => a.username),
    )
    .orderBy('username')
    .execute();
  expect(users.map((u) => u.username)).toEqual(['ageo', 'manager', 'partenaire', 'vendeur']);
});
