// The search benchmark (issue 16), part of `npm run bench` (bench/run.ts), or alone:
// `node --import tsx bench/search/run.ts`. POST /api/search on the large seed (a million
// contracts, as many insured persons) through a real server on PostgreSQL, measured with
// autocannon as the other scenarios: a few typical queries (a name being typed, a common
// surname, a contract number, a product word typed without its accent, two words), every
// category at once, as the operator (ageo: everything) and as a seller (vendeur: its own
// portfolio), one connection (latency) then several (throughput). Target: p95 under 50 ms.
//
// Environment: BENCH_DATABASE_URL, BENCH_QUICK=1 (demo scale, no docs), BENCH_CONNECTIONS (8),
// BENCH_SEARCH_SECONDS (5), BENCH_WARMUP_SECONDS (2), BENCH_WRITE=0 (print only), as
// bench/run.ts; BENCH_SKIP_BUILD=1 (server/dist as built beforehand).

import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureDatabase } from '../api/database.ts';
import { writeDocsSection } from '../api/docsSection.ts';
import { benchDatabaseUrl, positiveNumber, quick } from '../api/env.ts';
import { describeMachine } from '../api/machine.ts';
import { startServer } from '../api/server.ts';
import { type LatencySummary, summarise } from '../api/stats.ts';
import { tokenFor } from '../api/tokens.ts';

const env = process.env;
const number = positiveNumber;
const databaseUrl = benchDatabaseUrl;
const seconds = number('BENCH_SEARCH_SECONDS', quick ? 2 : 5);
const warmupSeconds = number('BENCH_WARMUP_SECONDS', quick ? 1 : 2);
const connections = number('BENCH_CONNECTIONS', 8);
const TARGET_MS = 50;
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Query {
  name: string;
  account: 'ageo' | 'vendeur';
  body: { query: string; category: number };
}

interface Measured extends Query {
  connections: number;
  results: number;
  latency: LatencySummary;
  failures: number;
}

function load(
  url: string,
  token: string,
  body: unknown,
  conns: number,
  duration: number,
  latencies?: number[],
): Promise<number> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections: conns,
        duration,
        timeout: 10,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
      },
      (error, result) =>
        error ? reject(error) : resolve(result.non2xx + result.errors + result.timeouts),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) latencies?.push(ms);
    });
  });
}

/** Typical queries, picked from the seeded rows: each finds something for its account. */
async function queriesFrom(pool: pg.Pool): Promise<Query[]> {
  const one = async (text: string) => (await pool.query(text)).rows[0] as Record<string, string>;
  const seller = `(SELECT id FROM app_user WHERE username = 'vendeur')`;
  const own = await one(`SELECT c.lb_contrat FROM customer_portfolio cp
    JOIN contract c ON c.id = cp.contract_id WHERE cp.broker_id = ${seller}
    ORDER BY c.id DESC LIMIT 1`);
  const ownInsured = await one(`SELECT i.lastname FROM customer_portfolio cp
    JOIN subscription s ON s.contract_id = cp.contract_id JOIN insured i ON i.id = s.insured_id
    WHERE cp.broker_id = ${seller} ORDER BY i.id LIMIT 1`);
  const any = await one(
    `SELECT lb_contrat FROM contract WHERE id = (SELECT max(id) / 2 FROM contract)`,
  );
  const common = await one(
    'SELECT lastname FROM insured GROUP BY lastname ORDER BY count(*) DESC LIMIT 1',
  );
  const typed = (name: string) => name.slice(0, Math.max(3, name.length - 2)).toLowerCase();
  const all = (query: string) => ({ query, category: 0 });
  const queries: Query[] = [];
  for (const account of ['ageo', 'vendeur'] as const) {
    const contract = account === 'ageo' ? any.lb_contrat : own.lb_contrat;
    const name = account === 'ageo' ? 'Dupont' : ownInsured.lastname;
    queries.push(
      { name: `a name being typed « ${typed(name)} »`, account, body: all(typed(name)) },
      {
        name: `the commonest surname « ${common.lastname} »`,
        account,
        body: all(common.lastname),
      },
      { name: `a contract number « ${contract} »`, account, body: all(contract) },
      { name: '« prevoyance » (no accent)', account, body: all('prevoyance') },
      { name: '« sante collective »', account, body: all('sante collective') },
    );
  }
  return queries;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

function render(
  machine: Awaited<ReturnType<typeof describeMachine>>,
  contracts: number,
  insured: number,
  measured: Measured[],
): string {
  const lines = [
    `Run on ${machine.date}: ${machine.cpus} CPUs (${machine.cpuModel}), load average ${machine.loadAverage} at the start, PostgreSQL ${machine.postgres}, Node ${machine.node}; ${contracts.toLocaleString('en-US')} contracts, ${insured.toLocaleString('en-US')} insured persons; every category (0), 10 results per category at most; ${seconds} s per measure after ${warmupSeconds} s of warm-up.`,
    '',
    '| Account | Query | Results | Connections | p50 ms | p95 ms | p99 ms | max ms | req/s | Failures |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of measured) {
    lines.push(
      `| ${m.account} | ${m.name} | ${m.results} | ${m.connections} | ${ms(m.latency.p50)} | ${ms(m.latency.p95)} | ${ms(m.latency.p99)} | ${ms(m.latency.max)} | ${m.latency.perSecond.toFixed(0)} | ${m.failures} |`,
    );
  }
  const single = measured.filter((m) => m.connections === 1);
  const worst = Math.max(...single.map((m) => m.latency.p95));
  lines.push(
    '',
    `Worst p95 with one connection: ${ms(worst)} ms (target < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'MISSED'}).`,
  );
  return lines.join('\n');
}

const BEGIN = '<!-- bench-search:begin (written by npm run bench) -->';
const END = '<!-- bench-search:end -->';

function writeSection(file: string, section: string): void {
  writeDocsSection(file, { begin: BEGIN, end: END, heading: '## Search (issue 16)' }, section);
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
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM insured');
  const queries = await queriesFrom(pool);
  // The page cache does not keep POST answers; every search is computed.
  const server = await startServer({ databaseUrl, logLevel: env.BENCH_LOG_LEVEL ?? 'warn' });
  const measured: Measured[] = [];
  try {
    const url = `${server.url}/api/search`;
    const tokens = {
      ageo: await tokenFor(server.url, 'ageo'),
      vendeur: await tokenFor(server.url, 'vendeur'),
    };
    for (const q of queries) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[q.account]}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(q.body),
      });
      const found = (await response.json()) as unknown[];
      if (response.status !== 200) throw new Error(`${q.name}: ${response.status}`);
      for (const conns of [1, connections]) {
        log(`Search, ${q.account}, ${q.name}, ${conns} connection(s)…`);
        const token = tokens[q.account];
        await load(url, token, q.body, conns, warmupSeconds);
        const latencies: number[] = [];
        const failures = await load(url, token, q.body, conns, seconds, latencies);
        measured.push({
          ...q,
          connections: conns,
          results: found.length,
          latency: summarise(latencies, seconds),
          failures,
        });
      }
    }
  } finally {
    await server.stop();
  }
  const markdown = render(machine, database.contracts, Number(rows[0].n), measured);
  log(`\n${markdown}\n`);
  if (!quick && env.BENCH_WRITE !== '0') {
    const docs = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
    writeSection(docs, markdown);
    log(`Written to ${docs}`);
  }
} finally {
  await pool.end();
}
