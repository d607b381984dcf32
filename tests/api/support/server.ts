// Starts the real server on a free loopback port against a fresh real database:
// PGlite in a temporary folder by default, or a new database on the PostgreSQL server named by
// TEST_DATABASE_URL (CI runs the API tests both ways).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app.ts';
import { type Config, loadConfig } from '../../../server/src/config.ts';
import { type Database, openDatabase } from '../../../server/src/db/database.ts';
import { prepareDatabase } from '../../../server/src/db/prepare.ts';
import { RUN_VARIABLE } from './globalSetup.ts';
import { dropDatabase, urlOfDatabase, withClient } from './postgres.ts';
import { blankPglite, seededPglite, seededPostgres } from './seededTemplate.ts';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** A built SPA to serve instead of the repository's dist/. */
  spaDir?: string;
  /** Adds routes or hooks before the server listens (test-only routes). */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
  /** Where the server's log lines go (with LOG_LEVEL set in `env`; the tests are silent). */
  logStream?: NodeJS.WritableStream;
}

/** A database nobody else uses: its environment (DATA_DIR, maybe DATABASE_URL) and its removal. */
export interface FreshDatabase {
  env: Record<string, string>;
  dataDir: string;
  dispose(): Promise<void>;
}

async function freshPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  // This run's prefix (support/globalSetup.ts drops what the run leaves behind).
  const run = process.env[RUN_VARIABLE] ?? 'solo';
  const name = `ep_test_${run}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withClient(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  return {
    url: urlOfDatabase(adminUrl, name),
    async drop() {
      await withClient(adminUrl, (admin) => dropDatabase(admin, name));
    },
  };
}

/**
 * `initialised`: start PGlite from the template rather than from nothing (a test about the
 * very first start, which creates the database directory, leaves it false). `seeded`: a copy
 * of a database already migrated and given the demo seed (support/seededTemplate.ts).
 */
export async function freshDatabase({
  initialised = false,
  seeded = false,
} = {}): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-api-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = adminUrl
    ? await freshPostgresDatabase(adminUrl, seeded ? await seededPostgres(adminUrl) : undefined)
    : undefined;
  if (!pgDb && (initialised || seeded)) {
    const source = seeded ? await seededPglite() : await blankPglite();
    cpSync(source, join(dataDir, 'db'), { recursive: true });
  }
  return {
    // DATABASE_URL is always named so that a developer's own variable never leaks in.
    env: { DATA_DIR: dataDir, DATABASE_URL: pgDb?.url ?? '' },
    dataDir,
    async dispose() {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `env` overrides the environment the server reads (MAINTENANCE, BRAND, ...). */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  // The demo seed as every server start gives it: copied from a template made once.
  const { demoData, firstAdmin } = loadConfig({ DEMO_DATA: 'true', ...env });
  const fresh = await freshDatabase({ initialised: true, seeded: demoData && !firstAdmin });
  // The public URL must be known before listening (it is the OIDC issuer): pick the port first.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // Tests read their own writes at once, whatever the database's notifications: pages are
    // kept only where a test is about keeping them (tests/api/page-cache.test.ts).
    PAGE_CACHE_SECONDS: '0',
    // The tests rely on the demo seed, on PostgreSQL too (where it is off unless asked for).
    DEMO_DATA: 'true',
    ...fresh.env,
    ...env,
  });
  // A test about stopping closes the server and the database itself: each closes once.
  const database = closesOnce(await openDatabase(config.database));
  await prepareDatabase(database, {
    seedScale: 'demo',
    demoData: config.demoData,
    firstAdmin: config.firstAdmin,
  });
  const app = await buildApp({
    config,
    database,
    spaDir: options.spaDir,
    logStream: options.logStream,
  });
  await options.beforeListen?.(app);
  await app.listen({ port: config.port, host: config.host });
  return {
    url: config.publicUrl,
    app,
    config,
    database,
    async close() {
      if (app.server.listening) await app.close();
      await database.close();
      await fresh.dispose();
    },
  };
}

/** The database whose close runs once, however many ask (the test, then its clean-up). */
function closesOnce(database: Database): Database {
  let closing: Promise<void> | undefined;
  return {
    ...database,
    close: () => {
      closing ??= database.close();
      return closing;
    },
  };
}

export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
