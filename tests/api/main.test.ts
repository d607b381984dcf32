// `npm start` as people run it: server/src/main.ts in its own process.

import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { DEMO_ACCOUNTS } from '../../src/domain/demoAccounts.ts';
import { type Child, MAIN, RESET, run } from './support/process.ts';
import { type FreshDatabase, freePort, freshDatabase } from './support/server.ts';

const START = 120_000;
let fresh: FreshDatabase | undefined;
let child: Child | undefined;

afterEach(async () => {
  if (child && child.process.exitCode === null && child.process.signalCode === null) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
  child = undefined;
  await fresh?.dispose();
  fresh = undefined;
});

async function countUsers(env: Record<string, string>) {
  const database = await openDatabase(loadConfig(env).database);
  try {
    const rows = await database.db
      .selectFrom('app_user')
      .select(['username', 'id'])
      .orderBy('id')
      .execute();
    return rows;
  } finally {
    await database.close();
  }
}

describe('server/src/main.ts', () => {
  it(
    'prints the address and the demo accounts, stops on SIGTERM, and a second start reuses the database',
    async () => {
      fresh = await freshDatabase();
      const port = await freePort();
      const env = { ...fresh.env, PORT: String(port), HOST: '127.0.0.1' };

      child = run(MAIN, env);
      await child.waitFor(/is ready/);
      const banner = child.output();
      expect(banner).toContain(`http://localhost:${port}`);
      expect(banner).toContain('created and seeded');
      for (const account of DEMO_ACCOUNTS) {
        expect(banner).toMatch(new RegExp(`${account.username}\\s+${account.password}\\s+\\S`));
      }
      const answer = await fetch(`http://127.0.0.1:${port}/api/maintenance`);
      expect(await answer.json()).toEqual({ maintenance: false });
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);

      // A row written between the two starts.
      const database = await openDatabase(loadConfig(env).database);
      await database.db
        .insertInto('app_user')
        .values({
          username: 'entre.deux',
          realm: 'partenaires',
          firstname: 'Entre',
          lastname: 'Deux',
          roles: 'PROFILE_SELLER',
          user_type: 4,
        })
        .execute();
      await database.close();
      const before = await countUsers(env);

      child = run(MAIN, env);
      await child.waitFor(/is ready/);
      expect(child.output()).toContain('(reused)');
      child.process.kill('SIGINT');
      expect(await child.exited).toBe(0);

      const after = await countUsers(env);
      expect(after).toEqual(before);
      expect(after.filter((u) => u.username === 'entre.deux')).toHaveLength(1);
      expect(after.filter((u) => u.username === 'ageo')).toHaveLength(1);
    },
    START,
  );

  it(
    'exits 1 with a clear message when the port is taken, before touching the database',
    async () => {
      fresh = await freshDatabase();
      const blocker: Server = createServer();
      const port = await new Promise<number>((resolve) =>
        blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
      );
      try {
        child = run(MAIN, { ...fresh.env, PORT: String(port), HOST: '127.0.0.1' });
        expect(await child.exited).toBe(1);
        expect(child.output()).toContain(
          `Port ${port} is already in use. Set PORT to a free port.`,
        );
        expect(existsSync(join(fresh.dataDir, 'db'))).toBe(false);
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
    },
    START,
  );

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'refuses a second server on the same embedded database, and takes over the lock of a killed one',
    async () => {
      fresh = await freshDatabase({ seeded: true });
      const env = (port: number) => ({ ...fresh?.env, PORT: String(port), HOST: '127.0.0.1' });
      child = run(MAIN, env(await freePort()));
      await child.waitFor(/is ready/);
      const second = run(MAIN, env(await freePort()));
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `is used by another server (process ${child.process.pid}): keep one running server per DATA_DIR`,
      );
      expect(second.output()).not.toMatch(/\bat .*\.ts:\d+/);
      // Nor is the database reset under it: the files stay.
      const reset = run(RESET, env(await freePort()));
      expect(await reset.exited).toBe(1);
      expect(reset.output()).toContain('Database not reset: ');
      expect(existsSync(join(fresh.dataDir, 'db', 'PG_VERSION'))).toBe(true);

      // Killed, the first leaves its lock behind: the next start takes it over.
      child.process.kill('SIGKILL');
      await child.exited;
      expect(existsSync(join(fresh.dataDir, 'db.lock'))).toBe(true);
      child = run(MAIN, env(await freePort()));
      await child.waitFor(/is ready/);
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);
      expect(existsSync(join(fresh.dataDir, 'db.lock'))).toBe(false);
    },
    START,
  );

  it(
    'exits 1 with a clear message when HOST is no address of this machine',
    async () => {
      child = run(MAIN, {
        DATA_DIR: '/nonexistent-qa',
        PORT: String(await freePort()),
        HOST: 'pas-un-hote.invalid',
      });
      expect(await child.exited).toBe(1);
      expect(child.output()).toContain(
        'HOST="pas-un-hote.invalid": the server cannot listen there (ENOTFOUND). Set HOST to an address of this machine',
      );
      expect(child.output()).not.toMatch(/\bat .*\.ts:\d+/);
    },
    START,
  );

  it(
    'exits 1 naming the variable when the configuration is wrong',
    async () => {
      child = run(MAIN, { BRAND: 'rose', PORT: 'quatre-vingt' });
      expect(await child.exited).toBe(1);
      expect(child.output()).toContain('BRAND="rose": must be one of ageo, azur, emeraude, grenat');
      expect(child.output()).toContain('PORT="quatre-vingt": must be a whole number');
      expect(child.output()).not.toMatch(/\bat .*\.ts:\d+/);
    },
    START,
  );
});
