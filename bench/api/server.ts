// The server under test, built and started as a child process the way `npm start` does it, on
// loopback, against the benchmark's PostgreSQL database. A child process keeps the load
// generator's CPU out of the server's figures.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import { freePort } from '../../tests/api/support/server.ts';
import type { StatementPlan } from './sql.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  logLevel: string;
  /** Records every SQL statement into this file (bench/api/captureSql.ts). */
  sqlLog?: string;
  /** More of the server's environment (PAGE_CACHE_SECONDS=0: every page computed). */
  env?: Record<string, string>;
}

let built: Promise<void> | undefined;

export async function startServer(options: ServerOptions): Promise<BenchServer> {
  // The code measured is the code of this checkout: built once per benchmark run
  // (BENCH_SKIP_BUILD=1: server/dist as built beforehand, e.g. under a lock the browser tests share).
  built ??= process.env.BENCH_SKIP_BUILD === '1' ? Promise.resolve() : buildServer();
  await built;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-'));
  const preload = options.sqlLog
    ? ['--import', 'tsx', '--import', './bench/api/captureSql.ts']
    : [];
  // BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=var/tmp/prof': a profile of the server (and
  // of the bare server beside it, startBareServer).
  const profiling = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const args = [...SERVER_NODE_FLAGS, ...profiling, ...preload, SERVER_BUNDLE];
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel,
    // Never seeds here (the database is checked first), but never the small seed either.
    SEED_SCALE: 'large',
    // The demo seed's accounts sign in: a start without DEMO_DATA would refuse them.
    DEMO_DATA: 'true',
    ...(options.sqlLog ? { BENCH_SQL_LOG: options.sqlLog } : {}),
    ...options.env,
  };
  const server = await spawnServer(args, env, url, '/api/config');
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The bare Fastify + pg server (bench/api/bareServer.ts) answering the given plans, one per
 * path (`/0`, `/1`…), on the same database, with Node's default flags.
 */
export async function startBareServer(
  databaseUrl: string,
  plans: StatementPlan[],
  workDir: string,
): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const file = join(workDir, `bare-plans-${port}.json`);
  writeFileSync(file, JSON.stringify(plans));
  const profiling = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const args = [...profiling, '--import', 'tsx', 'bench/api/bareServer.ts', file];
  return spawnServer(args, { PORT: String(port), DATABASE_URL: databaseUrl }, url, '/0');
}

/** A Node child process on loopback, ready once `readyPath` answers 200 (within 120 s). */
async function spawnServer(
  args: string[],
  env: Record<string, string>,
  url: string,
  readyPath: string,
): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`The server stopped before answering:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within 120 s:\n${output}`);
    }
    const ok = await fetch(`${url}${readyPath}`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    pid: child.pid as number,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
