// Starts the real server on a free loopback port against a fresh real database:
// PGlite in a temporary folder by default, or a new database on the PostgreSQL server named by
// TEST_DATABASE_URL (CI runs the API tests both ways).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../server/src/app.ts';
import { type Config, loadConfig } from '../../../server/src/config.ts';
import { type Database, openDatabase } from '../../../server/src/db/database.ts';
import { prepareDatabase } from '../../../server/src/db/prepare.ts';

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
}

/** A database nobody else uses: its environment (DATA_DIR, maybe DATABASE_URL) and its removal. */
export interface FreshDatabase {
  env: Record<string, string>;
  dataDir: string;
  dispose(): Promise<void>;
}

async function freshPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ep_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function freshDatabase(): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-api-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = adminUrl ? await freshPostgresDatabase(adminUrl) : undefined;
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
  const fresh = await freshDatabase();
  // The public URL must be known before listening (it is the OIDC issuer): pick the port first.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...fresh.env,
    ...env,
  });
  const database = await openDatabase(config.database);
  await prepareDatabase(database, { seedScale: 'demo' });
  const app = await buildApp({ config, database, spaDir: options.spaDir });
  await options.beforeListen?.(app);
  await app.listen({ port: config.port, host: config.host });
  return {
    url: config.publicUrl,
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await fresh.dispose();
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
