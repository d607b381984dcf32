// The user-imports benchmark (issue 15), part of `npm run bench` (bench/run.ts, after the
// exports), or alone: `node --import tsx bench/imports/run.ts`. Through a real server (built,
// a child process, as the other parts), as the operator administrator `ageo`:
// 1. a generated CSV of 10,000 distinct sellers of one organisation (UTF-8 BOM, ';'; every
//    address carries the run's tag, so each run creates new users) imported without its mails,
//    2. a second such file with its mails (.eml files in the server's DATA_DIR/outbox: SMTP_URL
//    is unset), 3. the first file again (every line an existing account: skipped, warnings);
//    each on a server started for it (VmHWM is that import's peak), timed from the POST to the
//    first poll (every 200 ms) that sees the log ended, and by the log's startedAt/endedAt;
// 4. users created one after another through POST /api/users/create, with a password (no mail)
//    and without (the invitation mail), the time per user over HTTP, and the ratio of the time
//    per imported row to it;
// 5. on a capture server, the SQL statements per imported line and per created user;
// 6. the same on the embedded PGlite (an empty DATABASE_URL: the server seeds the demo scale at
//    its start), with fewer rows.
// The PostgreSQL database is a fresh copy of a demo-scale seed made for this benchmark
// (ep_bench_imports from the template ep_bench_imports_seed), so that every run starts from the
// same users: the imports add 20,000 users a run, which must not land in the contract list's
// database (its sellers list is measured).
//
// Environment (besides BENCH_QUICK=1: 1,000 rows, 50 API creations, no docs; BENCH_WRITE=0):
//   BENCH_IMPORTS_DATABASE_URL  an existing database to import into instead (seeded at the demo
//                               scale when empty; users then accumulate from run to run)
//   BENCH_IMPORT_ROWS           rows per file (10000; 1000 quick)
//   BENCH_IMPORT_CREATIONS      users created through the API per series (300; 50 quick)
//   BENCH_IMPORT_PGLITE_ROWS    rows per file on PGlite (1000; 300 quick); BENCH_IMPORTS_PGLITE=0 skips it
//   BENCH_IMPORT_CAPTURE_ROWS   rows per file on the capture server (200; 0 skips the capture)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { hashPassword } from '../../server/src/auth/password.ts';
import { urlOfDatabase, withClient } from '../../tests/api/support/postgres.ts';
import { ensureDatabase } from '../api/database.ts';
import { describeMachine } from '../api/machine.ts';
import { type BenchServer, startServer } from '../api/server.ts';
import { Bearer, countStatements, measureCreations, measureImport, sellersCsv } from './measure.ts';
import {
  type BackendRun,
  type ImportsReport,
  ratios,
  render,
  writeImportsSection,
} from './report.ts';

const env = process.env;
const quick = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
const number = (name: string, fallback: number, zero = false) => {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isInteger(value) || value < (zero ? 0 : 1)) {
    throw new Error(`${name} must be a whole number${zero ? '' : ' above 0'}`);
  }
  return value;
};
const ROWS = number('BENCH_IMPORT_ROWS', quick ? 1_000 : 10_000);
const CREATIONS = number('BENCH_IMPORT_CREATIONS', quick ? 50 : 300);
const PGLITE_ROWS = number('BENCH_IMPORT_PGLITE_ROWS', quick ? 300 : 1_000);
const CAPTURE_ROWS = number('BENCH_IMPORT_CAPTURE_ROWS', 200, true);
const PGLITE = env.BENCH_IMPORTS_PGLITE !== '0';
const WARMUP = 5;
const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (from: number) => (performance.now() - from) / 1000;

/** A fresh copy of the demo-scale template, or the database given. */
async function importDatabase(): Promise<string> {
  if (env.BENCH_IMPORTS_DATABASE_URL) {
    await ensureDatabase(env.BENCH_IMPORTS_DATABASE_URL, 'demo', 1, log);
    return env.BENCH_IMPORTS_DATABASE_URL;
  }
  const base = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ep_bench';
  const at = (name: string) => urlOfDatabase(base, name);
  await ensureDatabase(at('ep_bench_imports_seed'), 'demo', 1, log);
  await withClient(at('postgres'), async (admin) => {
    await admin.query('DROP DATABASE IF EXISTS ep_bench_imports WITH (FORCE)');
    await admin.query('CREATE DATABASE ep_bench_imports TEMPLATE ep_bench_imports_seed');
  });
  log('Database ep_bench_imports: a fresh copy of ep_bench_imports_seed (demo scale).');
  return at('ep_bench_imports');
}

/** A server on its own DATA_DIR (its outbox counted), stopped and removed after `use`. */
async function withServer<T>(
  databaseUrl: string,
  use: (server: BenchServer, dataDir: string) => Promise<T>,
  extra: { sqlLog?: string; env?: Record<string, string> } = {},
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-imports-'));
  const server = await startServer({
    databaseUrl,
    logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
    sqlLog: extra.sqlLog,
    env: { DATA_DIR: dataDir, ...extra.env },
  });
  try {
    return await use(server, dataDir);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const summary = (label: string, m: Awaited<ReturnType<typeof measureImport>>) =>
  `  ${label}: ${m.rows} rows in ${m.seconds.toFixed(1)} s (${((m.seconds * 1000) / m.rows).toFixed(2)} ms/row; ` +
  `log ${m.serverSeconds.toFixed(1)} s), ${m.status}: ${m.success} created, ${m.warning} warnings, ` +
  `${m.failed} failed; RSS ${m.rssBeforeMiB.toFixed(0)} → ${m.rssDuringMiB.toFixed(0)} MiB (VmHWM ${m.peakRssMiB.toFixed(0)}); ${m.mails} mails`;

function expectOutcome(
  label: string,
  m: Awaited<ReturnType<typeof measureImport>>,
  created: boolean,
) {
  const wanted = created ? m.success : m.warning;
  if (m.processed !== m.rows || wanted !== m.rows) {
    throw new Error(
      `${label}: expected ${m.rows} ${created ? 'created' : 'skipped'} rows: ${JSON.stringify(m)}`,
    );
  }
}

const tag = `b${Date.now().toString(36)}`;
const databaseUrl = await importDatabase();
const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const started = performance.now();
try {
  const machine = await describeMachine(pool);
  // A seller's organisation (the demo `vendeur`'s): the operator sees every organisation.
  const { rows: found } = await pool.query<{ id: number; users: string }>(
    `SELECT (SELECT organization_id FROM app_user WHERE username = 'vendeur') AS id,
            (SELECT count(*) FROM app_user) AS users`,
  );
  const organization = found[0].id;
  if (!organization) throw new Error('The demo user vendeur has no organisation.');

  const usersNow = async () =>
    Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM app_user')).rows[0].n);

  /** The three imports, and the API creations, on one database. */
  async function measureBackend(
    backend: string,
    key: string,
    url: string,
    rows: number,
    creations: number,
  ) {
    const run: BackendRun = { database: backend, imports: [], creations: [] };
    const first = sellersCsv(`${tag}${key}a`, rows, organization);
    const second = sellersCsv(`${tag}${key}b`, rows, organization);
    const plan = [
      { label: 'new sellers, no mail', file: first, sendMail: false, created: true },
      { label: 'new sellers, with mails', file: second, sendMail: true, created: true },
      { label: 'the first file again (all skipped)', file: first, sendMail: false, created: false },
    ];
    for (const step of plan) {
      log(`${backend}: importing ${rows} rows, ${step.label}…`);
      const usersBefore = await usersNow();
      const measure = await withServer(url, (server, dataDir) =>
        measureImport(server, {
          file: step.file,
          rows,
          name: `${step.label}.csv`,
          sendMail: step.sendMail,
          dataDir,
          database: databaseName,
        }),
      );
      log(summary(step.label, measure));
      expectOutcome(step.label, measure, step.created);
      run.imports.push({ label: step.label, measure, usersBefore });
    }
    await withServer(url, async (server, dataDir) => {
      const bearer = new Bearer(server.url);
      for (const withPassword of [true, false]) {
        log(
          `${backend}: ${creations} users through POST /api/users/create, ${withPassword ? 'with a password' : 'with the invitation'}…`,
        );
        const usersBefore = await usersNow();
        const c = await measureCreations(server, {
          tag: `${tag}${key}${withPassword ? 'p' : 'i'}`,
          organization,
          count: creations,
          warmup: WARMUP,
          withPassword,
          dataDir,
          bearer,
        });
        log(`  mean ${c.meanMs.toFixed(2)} ms, p95 ${c.p95Ms.toFixed(2)} ms, ${c.mails} mails`);
        run.creations.push({ ...c, usersBefore });
      }
    });
    for (const ratio of ratios(run)) log(`  ${ratio.replaceAll('**', '')}`);
    return run;
  }

  const postgres = await measureBackend(
    `PostgreSQL ${machine.postgres.split(' ')[0]} (${databaseName})`,
    'p',
    databaseUrl,
    ROWS,
    CREATIONS,
  );
  postgres.usersAtStart = Number(found[0].users);
  const runs: BackendRun[] = [postgres];

  const statements =
    CAPTURE_ROWS > 0
      ? await (async () => {
          log(
            `Capture server: the statements of ${CAPTURE_ROWS} imported lines and of API creations…`,
          );
          const work = mkdtempSync(join(tmpdir(), 'ep-bench-imports-sql-'));
          try {
            const sqlLog = join(work, 'statements.jsonl');
            return await withServer(
              databaseUrl,
              (server, dataDir) =>
                countStatements(server, sqlLog, pool, {
                  tag: `${tag}c`,
                  organization,
                  rows: CAPTURE_ROWS,
                  dataDir,
                }),
              { sqlLog },
            );
          } finally {
            rmSync(work, { recursive: true, force: true });
          }
        })()
      : [];
  for (const s of statements) {
    log(
      `  ${s.what}: ${s.statementsPerUnit.toFixed(1)} statements, ${s.databaseMsPerUnit.toFixed(2)} ms in them`,
    );
  }

  if (PGLITE) {
    // An empty DATABASE_URL: the embedded PGlite in DATA_DIR/db, migrated and seeded (demo) at
    // the start. One server for every measure (a fresh seed each would cost its start again).
    log(`PGlite: starting a server on an empty DATA_DIR (migrations and demo seed)…`);
    const t0 = performance.now();
    const pglite = await withServer(
      '',
      async (server, dataDir) => {
        const startSeconds = seconds(t0);
        log(`  answered after ${startSeconds.toFixed(1)} s`);
        const run: BackendRun = {
          database: 'PGlite (embedded)',
          startSeconds,
          imports: [],
          creations: [],
        };
        const plan = [
          { label: 'new sellers, no mail', sendMail: false, suffix: 'a', created: true },
          { label: 'new sellers, with mails', sendMail: true, suffix: 'b', created: true },
          {
            label: 'the first file again (all skipped)',
            sendMail: false,
            suffix: 'a',
            created: false,
          },
        ];
        for (const step of plan) {
          log(`PGlite: importing ${PGLITE_ROWS} rows, ${step.label}…`);
          const file = sellersCsv(`${tag}l${step.suffix}`, PGLITE_ROWS, organization);
          const measure = await measureImport(server, {
            file,
            rows: PGLITE_ROWS,
            name: `${step.label}.csv`,
            sendMail: step.sendMail,
            dataDir,
          });
          log(summary(step.label, measure));
          expectOutcome(step.label, measure, step.created);
          run.imports.push({ label: step.label, measure });
        }
        const bearer = new Bearer(server.url);
        const count = Math.min(CREATIONS, Math.max(50, Math.round(CREATIONS / 3)));
        for (const withPassword of [true, false]) {
          log(
            `PGlite: ${count} users through POST /api/users/create, ${withPassword ? 'with a password' : 'with the invitation'}…`,
          );
          const c = await measureCreations(server, {
            tag: `${tag}l${withPassword ? 'p' : 'i'}`,
            organization,
            count,
            warmup: WARMUP,
            withPassword,
            dataDir,
            bearer,
          });
          log(`  mean ${c.meanMs.toFixed(2)} ms, p95 ${c.p95Ms.toFixed(2)} ms, ${c.mails} mails`);
          run.creations.push(c);
        }
        for (const ratio of ratios(run)) log(`  ${ratio.replaceAll('**', '')}`);
        return run;
      },
      { env: { SEED_SCALE: 'demo' } },
    );
    runs.push(pglite);
  }

  const t1 = performance.now();
  for (let i = 0; i < 20; i++) await hashPassword('motdepasse2026');
  const hashMs = (performance.now() - t1) / 20;

  const report: ImportsReport = { machine, organization, runs, statements, hashMs };
  const markdown = render(report);
  log(`\n${markdown}\n`);
  log(`The imports benchmark took ${seconds(started).toFixed(0)} s.`);
  if (!quick && env.BENCH_WRITE !== '0') {
    const docs = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
    writeImportsSection(docs, markdown);
    log(`Written to ${docs}`);
  }
} finally {
  await pool.end();
}
