// The benchmark's PostgreSQL database: reused when it already holds a complete seed of the
// wanted scale, otherwise created and seeded through the project's own entry point
// (`SEED_SCALE=large DATABASE_URL=... npm run db:reset`), then vacuumed so that index-only
// scans (the capped count) see an up-to-date visibility map.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { urlOfDatabase, withClient } from '../../tests/api/support/postgres.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface BenchDatabase {
  url: string;
  name: string;
  contracts: number;
  /** Seconds spent seeding in this run; undefined when an existing seed was reused. */
  seededSeconds?: number;
  vacuumed: boolean;
}

async function createIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  await withClient(urlOfDatabase(url, 'postgres'), async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  });
}

/** Contracts and users present; 0 when the tables are not there yet. */
async function contents(url: string): Promise<{ contracts: number; users: number }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ c: string | null; u: string | null }>(
      "SELECT to_regclass('public.contract')::text AS c, to_regclass('public.app_user')::text AS u",
    );
    if (!rows[0].c || !rows[0].u) return { contracts: 0, users: 0 };
    const counts = await client.query<{ contracts: string; users: string }>(
      'SELECT (SELECT count(*) FROM contract) AS contracts, (SELECT count(*) FROM app_user) AS users',
    );
    return {
      contracts: Number(counts.rows[0].contracts),
      users: Number(counts.rows[0].users),
    };
  });
}

function seed(url: string, scale: 'demo' | 'large'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-seed-'));
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/db/reset.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATABASE_URL: url,
        SEED_SCALE: scale,
        // The benchmarks' data and accounts are the demo seed's (off on PostgreSQL unless asked).
        DEMO_DATA: 'true',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('close', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      if (code === 0) resolve();
      else reject(new Error(`npm run db:reset (SEED_SCALE=${scale}) ended with code ${code}`));
    });
  });
}

/** Share of the contract table's pages marked all-visible (index-only scans need them). */
async function visibleShare(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ share: number | null }>(
      "SELECT relallvisible::float8 / NULLIF(relpages, 0) AS share FROM pg_class WHERE relname = 'contract'",
    );
    return rows[0]?.share ?? 0;
  });
}

export async function ensureDatabase(
  url: string,
  scale: 'demo' | 'large',
  minimumContracts: number,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  await createIfMissing(url);
  let found = await contents(url);
  let seededSeconds: number | undefined;
  if (found.contracts < minimumContracts || found.users === 0) {
    log(
      `Database ${name} holds ${found.contracts} contracts (wanted ${minimumContracts}): seeding the ${scale} scale…`,
    );
    const t0 = performance.now();
    await seed(url, scale);
    seededSeconds = (performance.now() - t0) / 1000;
    found = await contents(url);
    if (found.contracts < minimumContracts) {
      throw new Error(
        `After seeding, ${name} holds ${found.contracts} contracts, fewer than ${minimumContracts}.`,
      );
    }
  } else {
    log(`Database ${name} reused: ${found.contracts} contracts.`);
  }
  let vacuumed = false;
  if (seededSeconds !== undefined || (await visibleShare(url)) < 0.9) {
    log('VACUUM ANALYZE (visibility map and statistics)…');
    await withClient(url, (client) => client.query('VACUUM ANALYZE'));
    vacuumed = true;
  }
  return { url, name, contracts: found.contracts, seededSeconds, vacuumed };
}
