// The hardening benchmark (issue 18), part of `npm run bench` (bench/run.ts), or alone:
// `node --import tsx bench/hardening/run.ts`. The long load figures `npm test` leaves out, on a
// real server process against PostgreSQL:
// - password guessing: guessers in parallel on one login through the real sign-in form, as the
//   audit did (22.5 guesses a second, then the right password worked): how many passwords the
//   server actually checked, how many attempts it locked out, and whether the right password
//   got in afterwards;
// - many connections: BENCH_HARDENING_CONNECTIONS (200) on the contract list for
//   BENCH_HARDENING_SECONDS (30) as a seller: answers, failures, latency.
//
// Environment: BENCH_DATABASE_URL, BENCH_QUICK=1 (demo scale, 10 s, no docs unless
// BENCH_WRITE=1: the figures hardly depend on the scale), BENCH_WRITE=0 (print only), BENCH_SKIP_BUILD=1, BENCH_GUESS_SECONDS (20), BENCH_GUESSERS (4).
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { ensureDatabase } from '../api/database.ts';
import { writeDocsSection } from '../api/docsSection.ts';
import { benchDatabaseUrl, positiveNumber, quick } from '../api/env.ts';
import { describeMachine } from '../api/machine.ts';
import { type BenchServer, startServer } from '../api/server.ts';
import { tokenFor } from '../api/tokens.ts';

const env = process.env;
const databaseUrl = benchDatabaseUrl;
const loadConnections = positiveNumber('BENCH_HARDENING_CONNECTIONS', 200);
const loadSeconds = positiveNumber('BENCH_HARDENING_SECONDS', quick ? 10 : 30);
const guessSeconds = positiveNumber('BENCH_GUESS_SECONDS', quick ? 10 : 20);
const guessers = positiveNumber('BENCH_GUESSERS', 4);
const CLIENT_ID = 'espace-partenaire';
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Guessing {
  attempts: number;
  /** Answered "wrong password": the server checked the password. */
  checked: number;
  /** Answered 429: locked, the password not checked. */
  locked: number;
  other: number;
  seconds: number;
  rightPasswordAfter: 'signed in' | 'refused';
  retryAfter: string | null;
}

/** One attempt through the form, from a browser of its own. */
const guess = (server: BenchServer, login: string, password: string) =>
  new OidcBrowser(server.url, CLIENT_ID).attemptSignIn(login, password);

async function passwordGuessing(server: BenchServer): Promise<Guessing> {
  const login = 'manager';
  const result = {
    attempts: 0,
    checked: 0,
    locked: 0,
    other: 0,
    retryAfter: null as string | null,
  };
  const started = performance.now();
  const until = started + guessSeconds * 1000;
  await Promise.all(
    Array.from({ length: guessers }, async (_, g) => {
      for (let n = 0; performance.now() < until; n++) {
        const answer = await guess(server, login, `wrong-${g}-${n}`);
        result.attempts++;
        if (answer.status === 429) {
          result.locked++;
          result.retryAfter = answer.retryAfter ?? result.retryAfter;
        } else if (answer.status === 200 || answer.status === 401) result.checked++;
        else result.other++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const right = await guess(server, login, 'demo');
  return { ...result, seconds, rightPasswordAfter: right.signedIn ? 'signed in' : 'refused' };
}

interface Load {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
}

function manyConnections(server: BenchServer, token: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${server.url}/api/contrats?page=1`,
        connections: loadConnections,
        duration: loadSeconds,
        timeout: 30,
        headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
      },
      (error, r) =>
        error
          ? reject(error)
          : resolve({
              requests: r.requests.total,
              ok: r['2xx'],
              non2xx: r.non2xx,
              errors: r.errors,
              timeouts: r.timeouts,
              p50: r.latency.p50,
              p99: r.latency.p99,
              max: r.latency.max,
              perSecond: r.requests.average,
            }),
    );
  });
}

function render(
  machine: Awaited<ReturnType<typeof describeMachine>>,
  contracts: number,
  g: Guessing,
  l: Load,
): string {
  return [
    `Run on ${machine.date}: ${machine.cpus} CPUs (${machine.cpuModel}), load average ${machine.loadAverage} at the start, PostgreSQL ${machine.postgres}, Node ${machine.node}; ${contracts.toLocaleString('en-US')} contracts; a built server process on loopback.`,
    '',
    `**Password guessing**: ${guessers} guessers in parallel on one login through the real sign-in form for ${g.seconds.toFixed(1)} s (the audit sent 200 at 22.5 a second, then the right password worked).`,
    '',
    '| Attempts | Passwords checked | Locked out (429) | Other | Attempts/s | Retry-After | The right password afterwards |',
    '|---:|---:|---:|---:|---:|---:|---|',
    `| ${g.attempts} | ${g.checked} | ${g.locked} | ${g.other} | ${(g.attempts / g.seconds).toFixed(1)} | ${g.retryAfter ?? '–'} s | ${g.rightPasswordAfter} |`,
    '',
    `**Many connections**: ${loadConnections} connections for ${loadSeconds} s on the contract list (page 1) as the seller.`,
    '',
    '| Requests | 2xx | non-2xx | Errors | Timeouts | req/s | p50 ms | p99 ms | max ms |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${l.requests} | ${l.ok} | ${l.non2xx} | ${l.errors} | ${l.timeouts} | ${l.perSecond.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.max} |`,
  ].join('\n');
}

const BEGIN = '<!-- bench-hardening:begin (written by npm run bench) -->';
const END = '<!-- bench-hardening:end -->';

function writeSection(file: string, section: string): void {
  writeDocsSection(file, { begin: BEGIN, end: END, heading: '## Hardening (issue 18)' }, section);
}

const database = await ensureDatabase(
  databaseUrl,
  quick ? 'demo' : 'large',
  quick ? 1 : 1_000_000,
  log,
);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
try {
  const machine = await describeMachine(pool);
  const server = await startServer({ databaseUrl, logLevel: env.BENCH_LOG_LEVEL ?? 'warn' });
  try {
    // Signed in first: the guessing locks this machine's address too (as it should).
    const token = await tokenFor(server.url, 'vendeur');
    log(`Password guessing: ${guessers} guessers for ${guessSeconds} s…`);
    const guessing = await passwordGuessing(server);
    log(`Many connections: ${loadConnections} for ${loadSeconds} s…`);
    const load = await manyConnections(server, token);
    const section = render(machine, database.contracts, guessing, load);
    log(section);
    if (env.BENCH_WRITE === '1' || (!quick && env.BENCH_WRITE !== '0')) {
      const docs = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
      writeSection(docs, section);
      log(`Written to ${docs}`);
    }
  } finally {
    await server.stop();
  }
} finally {
  await pool.end();
}
