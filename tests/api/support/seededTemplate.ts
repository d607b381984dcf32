// A database migrated and given the demo seed once, then copied for each test server that
// wants exactly that: migrating and seeding took 2.5 s per server on PostgreSQL and 4 to 7 s on
// PGlite, for about 80 servers per run (a third of the API runs' time in CI). A copy is the
// seed's output byte for byte; tests/api/seed.test.ts and the start-up tests still migrate and
// seed from nothing.
//
// The template is named by a digest of what makes it (the database code, the domain rules the
// seed reads, the installed packages) and by the day (the seed stamps some rows with the time
// it runs): changed code or another day gets a new one. PGlite's is a data directory in the
// system's temporary folder, PostgreSQL's a database `ep_tpl_<digest>`; each is made under a
// staging name and renamed, so that concurrent workers find the whole template or none. The
// blank PGlite directory it starts from (initdb done, nothing else) is kept the same way, for
// the tests that migrate and seed themselves.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase } from '../../../server/src/db/database.ts';
import { prepareDatabase } from '../../../server/src/db/prepare.ts';
import { dropDatabase, urlOfDatabase, withClient } from './postgres.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What the seeded database depends on. */
const SOURCES = ['server/src/db', 'src/domain', 'server/src/auth/password.ts', 'package-lock.json'];

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

let digest: string | undefined;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day as YYYYMMDD (UTC), as template names end. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/** The template's name: the sources' digest and today's date (UTC). */
export function templateKey(): string {
  if (!digest) {
    const hash = createHash('sha256');
    for (const file of SOURCES.flatMap(filesUnder)) {
      hash.update(file.slice(ROOT.length)).update(readFileSync(file));
    }
    digest = hash.digest('hex').slice(0, 16);
  }
  return `${digest}_${dayOf(Date.now())}`;
}

/** Migrates and seeds a database as every test server's start would. */
async function seed(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'true', ...env });
  const database = await openDatabase(config.database);
  try {
    await prepareDatabase(database, { seedScale: 'demo', demoData: true });
  } finally {
    await database.close();
  }
}

/** Templates last made two days ago or earlier (as for PostgreSQL, below). */
function removeOlderPgliteTemplates(): void {
  const before = Date.now() - 2 * DAY_MS;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('ep-pglite-seeded-')) continue;
    const path = join(tmpdir(), name);
    if (statSync(path).mtimeMs < before) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * The PGlite data directory `target`, built once by `build` into a staging directory and
 * renamed (atomic: a concurrent worker or run finds the whole template or none).
 */
async function pgliteOnce(target: string, build: (dir: string) => Promise<void>): Promise<string> {
  if (existsSync(join(target, 'PG_VERSION'))) return target;
  const staging = mkdtempSync(join(tmpdir(), 'ep-pglite-staging-'));
  try {
    await build(join(staging, 'db'));
    renameSync(join(staging, 'db'), target);
  } catch (error) {
    // Another worker made it first: theirs is as good. Anything else is a real failure.
    if (!existsSync(join(target, 'PG_VERSION'))) throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/**
 * An initialised but empty PGlite data directory, made once per PGlite version: PGlite's initdb
 * takes several seconds, a copy a fraction of one. A copy is an empty database like any new
 * one; the seeded template is made from it.
 */
export function blankPglite(): Promise<string> {
  // The package's exports hide its package.json from resolve(): read it where npm puts it.
  const manifest = join(ROOT, 'node_modules/@electric-sql/pglite/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return pgliteOnce(join(tmpdir(), `ep-pglite-template-${version}`), async (dir) => {
    const pglite = await PGlite.create(dir);
    await pglite.close();
  });
}

/** A PGlite data directory migrated and given the demo seed, copied from the blank one. */
export async function seededPglite(): Promise<string> {
  const target = join(tmpdir(), `ep-pglite-seeded-${templateKey()}`);
  if (existsSync(join(target, 'PG_VERSION'))) return target;
  const blank = await blankPglite();
  removeOlderPgliteTemplates();
  return pgliteOnce(target, async (dir) => {
    cpSync(blank, dir, { recursive: true });
    await seed({ DATA_DIR: dirname(dir), DATABASE_URL: '' });
  });
}

/**
 * Templates made two days ago or earlier (about 50 MB each; no run lasts that long, so none is
 * still being copied): dropped when a new one is made. Another run's template of today, made
 * by other code, is left alone.
 */
async function dropOlderPostgresTemplates(adminUrl: string): Promise<void> {
  const before = dayOf(Date.now() - 2 * DAY_MS);
  await withClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname ~ '^ep_tpl_[0-9a-f]+_[0-9]{8}$'",
    );
    for (const { datname } of rows) {
      if (datname.slice(-8) > before) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    }
  });
}

/** The name of a seeded PostgreSQL database to give as TEMPLATE to CREATE DATABASE. */
export async function seededPostgres(adminUrl: string): Promise<string> {
  const name = `ep_tpl_${templateKey()}`;
  const exists = async () =>
    withClient(adminUrl, async (client) =>
      Boolean(
        (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount,
      ),
    );
  if (await exists()) return name;
  await dropOlderPostgresTemplates(adminUrl);
  const staging = `ep_tpl_staging_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${staging}`));
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-tpl-'));
  try {
    await seed({ DATA_DIR: dataDir, DATABASE_URL: urlOfDatabase(adminUrl, staging) });
    await withClient(adminUrl, (client) =>
      client.query(`ALTER DATABASE ${staging} RENAME TO ${name}`),
    );
  } catch (error) {
    await withClient(adminUrl, (client) => dropDatabase(client, staging));
    if (!(await exists())) throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return name;
}
