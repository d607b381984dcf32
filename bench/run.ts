// `npm run bench`: the contract list of spec §4 at a million contracts, over HTTP and as raw
// SQL, written to docs/benchmarks.md. Bounded in time: four measures of 2 s warm-up + 5 s per
// scenario (HTTP and SQL, one connection and several), six scenarios, about 4 minutes in all
// once the database is seeded (seeding `large` takes minutes, once; it is reused afterwards).
//
// Environment:
//   BENCH_DATABASE_URL  the PostgreSQL database (default postgres://postgres@127.0.0.1:5432/ep_bench,
//                       or ep_bench_quick with BENCH_QUICK); seeded when incomplete
//   BENCH_QUICK=1       the demo scale and 2 s measures: checks the benchmark itself, writes no docs
//   BENCH_CONNECTIONS   concurrent connections of the throughput measure (default 8)
//   BENCH_BARE_CONNECTIONS  connections of page 1 against the bare Fastify + pg server (16)
//   BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_DEEP_PAGE (default 1000), BENCH_LOG_LEVEL (warn)
//   BENCH_WRITE=0       print only, leave docs/benchmarks.md alone
//   BENCH_EXPORTS=0     skip the exports benchmark (bench/exports/run.ts, run after this one)
//   BENCH_IMPORTS=0     skip the user-imports benchmark (bench/imports/run.ts: about 6
//                       minutes, the server's cost; `node --import tsx bench/imports/run.ts` alone)
//   BENCH_SKIP_BUILD=1  use server/dist as it is instead of building it (built beforehand)
//   BENCH_SEARCH=0      skip the search benchmark (bench/search/run.ts: about 2.5 minutes)
//   BENCH_HARDENING=0   skip the hardening benchmark (bench/hardening/run.ts: password guessing
//                       and 200 connections, about 1 minute)
//   BENCH_BUNDLE=0      skip the first-screen JavaScript benchmark (bench/bundle/run.ts: our SPA
//                       and a minimal react-admin app built with Vite, about 15 seconds)

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase } from './api/database.ts';
import { benchDatabaseUrl, positiveNumber, quick } from './api/env.ts';
import { linkWithCursor } from './api/http.ts';
import { describeMachine } from './api/machine.ts';
import {
  againstBare,
  baseline,
  measure,
  type Prepared,
  prepare,
  type Settings,
} from './api/measure.ts';
import {
  type BareComparison,
  type Baseline,
  type Report,
  render,
  type ScenarioResult,
  writeIntoDocs,
} from './api/report.ts';
import {
  ACCOUNTS,
  CONTRACT_LIST,
  deepPage,
  middleCursor,
  OTHER_LISTS,
  pageOf,
  type Scenario,
  STATISTICS,
} from './api/scenarios.ts';
import { startBareServer, startServer } from './api/server.ts';
import { benchPool } from './api/sql.ts';
import { tokenFor } from './api/tokens.ts';

const env = process.env;
const number = positiveNumber;
const databaseUrl = benchDatabaseUrl;
const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
const settings: Settings = {
  connections: number('BENCH_CONNECTIONS', 8),
  seconds: number('BENCH_SECONDS', quick ? 2 : 5),
  warmupSeconds: number('BENCH_WARMUP_SECONDS', quick ? 1 : 2),
  logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
  databaseName,
};
const deepWanted = number('BENCH_DEEP_PAGE', 1000);
const bareConnections = number('BENCH_BARE_CONNECTIONS', 16);
const log = (line: string) => process.stdout.write(`${line}\n`);
const NO_PAGE_CACHE = { PAGE_CACHE_SECONDS: '0' };

const database = await ensureDatabase(
  databaseUrl,
  quick ? 'demo' : 'large',
  quick ? 1 : 1_000_000,
  log,
);
const pool = benchPool(databaseUrl, settings.connections);
const machine = await describeMachine(pool);
const work = mkdtempSync(join(tmpdir(), 'ep-bench-sql-'));
const sqlLog = join(work, 'statements.jsonl');

try {
  // 1. On a capture server: the first answers, the deep pages, the statements each page runs.
  log('Capturing the statements of each scenario…');
  const prepared: Prepared[] = [];
  // Pages computed on every request: a kept page (the page cache) would run no statement.
  const capture = await startServer({ databaseUrl, logLevel: 'warn', sqlLog, env: NO_PAGE_CACHE });
  try {
    for (const account of ACCOUNTS) {
      const token = await tokenFor(capture.url, account);
      const scenario = (name: string, path: string, first = false): Scenario => ({
        name: `${account}, ${name}`,
        account,
        path,
        first,
      });
      const one = await prepare(capture.url, scenario('page 1', pageOf(1), true), token, sqlLog);
      prepared.push(one);
      const deep = deepPage(one.totalItems, deepWanted);
      if (deep === 1) continue;
      const numbered = scenario(`page ${deep}`, pageOf(deep));
      const last = await prepare(capture.url, numbered, token, sqlLog);
      prepared.push(last);
      const cursorLink = await linkWithCursor(capture.url, token, last.nextLink);
      const middle = await middleCursor(pool, account, cursorLink);
      if (middle) {
        const row = middle.position.toLocaleString('en-US');
        const page = Math.floor(middle.position / 10) + 1;
        const path = `${CONTRACT_LIST}&after=${middle.after}&page=${page}`;
        prepared.push(
          await prepare(capture.url, scenario(`row ${row} (keyset)`, path), token, sqlLog),
        );
      } else {
        log(`${account}: no keyset cursor after page ${deep}; the middle page is not measured.`);
      }
    }
  } finally {
    await capture.stop();
  }

  // 2. The measures, on a clean server computing every page (no page cache), then on a
  // server as `npm start` runs it, whose pages are kept a few seconds (PAGE_CACHE_SECONDS).
  const computed: ScenarioResult[] = [];
  const bare: BareComparison[] = [];
  const otherLists: Baseline[] = [];
  const computing = await startServer({
    databaseUrl,
    logLevel: settings.logLevel,
    env: NO_PAGE_CACHE,
  });
  try {
    for (const p of prepared) {
      log(`Measuring ${p.scenario.name}, every page computed (${p.scenario.path})…`);
      const token = await tokenFor(computing.url, p.scenario.account);
      computed.push(await measure(computing, p, token, pool, settings));
    }
    // The yardstick of issue 19: page 1 of each account beside a bare Fastify + pg server
    // running the same statements (bench/api/bareServer.ts), at the same concurrency.
    const firstPages = prepared.filter((p) => p.scenario.first);
    const bareServer = await startBareServer(
      databaseUrl,
      firstPages.map((p) => p.plan),
      work,
    );
    try {
      for (const [i, p] of firstPages.entries()) {
        log(
          `Measuring ${p.scenario.name} against the bare server, ${bareConnections} connections…`,
        );
        const token = await tokenFor(computing.url, p.scenario.account);
        bare.push(await againstBare(computing, bareServer, i, p, token, settings, bareConnections));
      }
    } finally {
      await bareServer.stop();
    }
    for (const list of OTHER_LISTS) {
      for (const account of list.accounts) {
        log(`Measuring ${list.name} for ${account}, every page computed…`);
        const token = await tokenFor(computing.url, account);
        const name = `${list.name}, ${account}, page 1 computed`;
        otherLists.push(await baseline(computing, name, list.path, token, settings));
      }
    }
  } finally {
    await computing.stop();
  }
  const server = await startServer({ databaseUrl, logLevel: settings.logLevel });
  const results: ScenarioResult[] = [];
  const baselines = [...otherLists];
  try {
    for (const [i, p] of prepared.entries()) {
      log(`Measuring ${p.scenario.name}, pages kept (${p.scenario.path})…`);
      const token = await tokenFor(server.url, p.scenario.account);
      results.push(await measure(server, p, token, pool, settings, computed[i]));
    }
    log('Measuring the server floor…');
    baselines.push(await baseline(server, 'public, no token', '/api/config', undefined, settings));
    const vendeur = await tokenFor(server.url, 'vendeur');
    baselines.push(
      await baseline(server, 'bearer token + principal', '/api/me', vendeur, settings),
    );
    const ageo = await tokenFor(server.url, 'ageo');
    for (const [account, token] of [
      ['ageo', ageo],
      ['vendeur', vendeur],
    ] as const) {
      const name = `statistics block, ${account}, default filters`;
      baselines.push(await baseline(server, name, STATISTICS, token, settings, 1));
    }
  } finally {
    await server.stop();
  }

  const report: Report = {
    machine,
    database,
    settings: { ...settings },
    scenarios: results,
    computed,
    baselines,
    bare,
  };
  const markdown = render(report);
  log(`\n${markdown}\n`);
  if (!quick && env.BENCH_WRITE !== '0') {
    const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
    writeIntoDocs(docs, markdown);
    log(`Written to ${docs}`);
  }
} finally {
  await pool.end();
  rmSync(work, { recursive: true, force: true });
}

// The exports of issue 5 (bench/exports/run.ts): 100,000 and 1,000,000 contract rows to XLSX
// and CSV beside the bare writers; BENCH_EXPORTS=0 skips them.
if (env.BENCH_EXPORTS !== '0') await import('./exports/run.ts');

// The user imports of issue 15 (bench/imports/run.ts): 10,000 sellers imported without and with
// their mails, then again (all skipped), beside users created one at a time through the API, on
// a copy of a demo-scale database of their own and on PGlite; BENCH_IMPORTS=0 skips them.
if (env.BENCH_IMPORTS !== '0') await import('./imports/run.ts');

// The full-text search of issue 16 (bench/search/run.ts): POST /api/search, typical queries as
// the operator and as a seller, p95 against 50 ms; BENCH_SEARCH=0 skips it.
if (env.BENCH_SEARCH !== '0') await import('./search/run.ts');

// The hardening figures of issue 18 (bench/hardening/run.ts): password guessing against the
// sign-in limits, 200 connections for 30 s; BENCH_HARDENING=0 skips them.
if (env.BENCH_HARDENING !== '0') await import('./hardening/run.ts');

// The first-screen JavaScript of issue 19 (bench/bundle/run.ts): our SPA and a minimal
// react-admin app built in the same run, the JS each loads before its first screen;
// BENCH_BUNDLE=0 skips it.
if (env.BENCH_BUNDLE !== '0') await import('./bundle/run.ts');
