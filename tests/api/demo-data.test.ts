// Demo accounts only where asked (issue 18, point 7): without DEMO_DATA an empty database gets
// the codes the screens need and no account; ADMIN_LOGIN and ADMIN_PASSWORD create the first
// operator administrator, who signs in and administers; and a server without DEMO_DATA refuses
// to start while an enabled account still has the demo seed's published password, naming the
// accounts, never the password. On PostgreSQL (TEST_DATABASE_URL) DEMO_DATA is off by default,
// as in production; on PGlite these tests turn it off.
import { afterEach, describe, expect, it } from 'vitest';
import { callApi, OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { verifyPassword } from '../../server/src/auth/password.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { demoPasswordRefusal } from '../../server/src/db/demoPasswords.ts';
import { prepareDatabase } from '../../server/src/db/prepare.ts';
import { banner } from '../../server/src/http/banner.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/domain/demoAccounts.ts';
import { type Child, MAIN, run } from './support/process.ts';
import {
  type FreshDatabase,
  freePort,
  freshDatabase,
  startTestServer,
  type TestServer,
} from './support/server.ts';

const START = 120_000;
const ADMIN = { ADMIN_LOGIN: 'premier.admin', ADMIN_PASSWORD: 'Premier-admin-2026' };

let fresh: FreshDatabase | undefined;
let server: TestServer | undefined;
let child: Child | undefined;

afterEach(async () => {
  if (child && child.process.exitCode === null && child.process.signalCode === null) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
  child = undefined;
  await server?.close();
  server = undefined;
  await fresh?.dispose();
  fresh = undefined;
});

async function withDatabase<T>(
  env: Record<string, string>,
  use: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(loadConfig(env).database);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

const count = async (
  database: Awaited<ReturnType<typeof openDatabase>>,
  table: 'app_user' | 'contract' | 'organization' | 'contract_state' | 'organization_type',
) =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('without DEMO_DATA', () => {
  it(
    'an empty database gets the codes and no account; the banner says how to get an administrator',
    async () => {
      fresh = await freshDatabase({ initialised: true });
      const env = { ...fresh.env, DEMO_DATA: 'false' };
      const config = loadConfig(env);
      expect(config.demoData).toBe(false);
      await withDatabase(env, async (database) => {
        const prepared = await prepareDatabase(database, { seedScale: 'demo', demoData: false });
        expect(prepared).toMatchObject({ seeded: false, initialised: true, accounts: 0 });
        expect(await count(database, 'app_user')).toBe(0);
        expect(await count(database, 'contract')).toBe(0);
        expect(await count(database, 'organization')).toBe(0);
        // The codes the screens, filters and exports name.
        expect(await count(database, 'contract_state')).toBe(5);
        expect(await count(database, 'organization_type')).toBe(5);

        const text = banner(config, prepared);
        expect(text).toContain('created without demo data');
        expect(text).not.toContain('Demo accounts');
        expect(text).not.toMatch(/ageo\s+demo/);
        expect(text).toContain('ADMIN_LOGIN=<login> ADMIN_PASSWORD=');

        // A second start neither seeds nor fails.
        const again = await prepareDatabase(database, { seedScale: 'demo', demoData: true });
        expect(again).toMatchObject({ seeded: false, initialised: false, accounts: 0 });
        expect(await count(database, 'app_user')).toBe(0);
      });
    },
    START,
  );

  it(
    'ADMIN_LOGIN and ADMIN_PASSWORD create one operator administrator, who signs in and administers',
    async () => {
      server = await startTestServer({ DEMO_DATA: 'false', ...ADMIN });
      const db = server.database.db;
      const users = await db
        .selectFrom('app_user')
        .select(['username', 'roles', 'password_hash', 'profile_realm_id'])
        .execute();
      expect(users.map((u) => u.username)).toEqual([ADMIN.ADMIN_LOGIN]);
      expect(users[0].roles).toBe('PROFILE_ADMIN_AGEO');
      expect(users[0].profile_realm_id).not.toBeNull();
      expect(await verifyPassword(ADMIN.ADMIN_PASSWORD, users[0].password_hash)).toBe(true);

      const browser = new OidcBrowser(server.url, server.config.oidc.clientId);
      const { access_token } = await browser.login(ADMIN.ADMIN_LOGIN, ADMIN.ADMIN_PASSWORD);
      const list = await callApi(server.url, '/api/users', access_token);
      expect(list.status).toBe(200);
      expect((await list.json())['hydra:totalItems']).toBe(1);
      // The demo accounts do not exist.
      await expect(
        new OidcBrowser(server.url, server.config.oidc.clientId).login('ageo', DEMO_PASSWORD),
      ).rejects.toThrow();

      // Only on a database without accounts: a later start with the variables adds nobody.
      const again = await prepareDatabase(server.database, {
        seedScale: 'demo',
        demoData: false,
        firstAdmin: { login: 'autre.admin', password: ADMIN.ADMIN_PASSWORD },
      });
      expect(again.firstAdmin).toBeUndefined();
      expect(await count(server.database, 'app_user')).toBe(1);
    },
    START,
  );

  it('refuses an administrator password outside the policy, without echoing it', () => {
    expect(() => loadConfig({ ADMIN_LOGIN: 'admin', ADMIN_PASSWORD: 'demo' })).toThrow(
      /ADMIN_PASSWORD: must be 12 to 128 characters/,
    );
    try {
      loadConfig({ ADMIN_LOGIN: 'admin', ADMIN_PASSWORD: 'secret' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
    expect(() => loadConfig({ ADMIN_LOGIN: 'admin' })).toThrow(/ADMIN_PASSWORD: must be set/);
  });
});

describe('a start without DEMO_DATA on a database holding the demo accounts', () => {
  it(
    'is refused, naming the accounts but not the password, until none has it',
    async () => {
      fresh = await freshDatabase({ initialised: true });
      const env = { ...fresh.env, DEMO_DATA: 'false' };
      await withDatabase(env, (database) =>
        prepareDatabase(database, { seedScale: 'demo', demoData: true }),
      );

      const port = await freePort();
      child = run(MAIN, { ...env, PORT: String(port), HOST: '127.0.0.1' });
      expect(await child.exited).toBe(1);
      const output = child.output();
      expect(output).toContain('Refusing to start: DEMO_DATA is off');
      for (const account of DEMO_ACCOUNTS) expect(output).toContain(account.username);
      expect(output).toContain('DEMO_DATA=true');
      expect(output).not.toMatch(/\b(ageo|partenaire|manager|vendeur)\s*[:=]?\s+demo\b/);
      expect(output).not.toMatch(/password[^\n]*: ['"]?demo\b/);
      expect(output).not.toContain('is ready');

      await withDatabase(env, async (database) => {
        // Disabled, the demo accounts hold the start no more; one left enabled still does.
        await database.db
          .updateTable('app_user')
          .set({ enabled: false })
          .where('username', '!=', 'vendeur')
          .execute();
        const refusal = await demoPasswordRefusal(database.db);
        expect(refusal).toContain(': vendeur.');
        expect(refusal).not.toContain('ageo');
        // A password changed through the product (a random salt) clears it.
        const { hashPassword } = await import('../../server/src/auth/password.ts');
        await database.db
          .updateTable('app_user')
          .set({ password_hash: await hashPassword('Nouveau-mot-de-passe-1') })
          .where('username', '=', 'vendeur')
          .execute();
        expect(await demoPasswordRefusal(database.db)).toBeUndefined();
      });
    },
    START,
  );
});
