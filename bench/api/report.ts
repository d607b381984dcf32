// The results as Markdown: printed, and written into docs/benchmarks.md between two markers
// (the hand-written explanation around them is kept as it is).
import { writeDocsSection } from './docsSection.ts';
import type { LoadResult } from './http.ts';
import type { Machine } from './machine.ts';
import type { Scenario } from './scenarios.ts';
import type { LatencySummary } from './stats.ts';

export const BEGIN = '<!-- bench:begin (written by npm run bench) -->';
export const END = '<!-- bench:end -->';

export interface Cpu {
  server: number;
  postgres: number;
}

export interface ScenarioResult {
  scenario: Scenario;
  totalItems: number;
  coldMs: number;
  statements: number;
  /** Of which sent as named prepared statements (planned once per connection). */
  prepared: number;
  plans: Array<{ sql: string; plan: string; prepared: boolean }>;
  /** One connection: the latency of one request with nothing queued before it. */
  single: { http: LoadResult; sql: LatencySummary };
  /** Several connections: the throughput, and what it costs in CPU. */
  loaded: { http: LoadResult; sql: LatencySummary; cpu: Cpu; seconds: number };
}

export interface Baseline {
  name: string;
  path: string;
  connections: number;
  result: LoadResult;
  cpu: Cpu;
  seconds: number;
}

/** A page computed by the product beside the bare Fastify + pg server on the same statements. */
export interface BareComparison {
  scenario: Scenario;
  connections: number;
  product: { http: LoadResult; cpu: Cpu; seconds: number };
  bare: { http: LoadResult; cpu: Cpu; seconds: number };
  /** The product again, asked as a browser asks (Accept-Encoding): the page sent gzipped. */
  compressed: { http: LoadResult; cpu: Cpu; seconds: number };
}

export interface Report {
  machine: Machine;
  database: { name: string; contracts: number; seededSeconds?: number; vacuumed: boolean };
  settings: { connections: number; seconds: number; warmupSeconds: number; logLevel: string };
  /** As `npm start` serves them: pages kept a few seconds. */
  scenarios: ScenarioResult[];
  /** The same, every page computed (PAGE_CACHE_SECONDS=0). */
  computed: ScenarioResult[];
  baselines: Baseline[];
  /** Page 1 of each account, computed, against the bare server (issue 19). */
  bare: BareComparison[];
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const ratio = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const mark = (ok: boolean) => (ok ? '✅' : '❌');

/** Requests per CPU-second: the server's and the database backends' CPU together. */
export const perCore = (rps: number, cpu: Cpu, seconds: number) =>
  rps / ((cpu.server + cpu.postgres) / seconds);
export const perServerCore = (rps: number, cpu: Cpu, seconds: number) =>
  rps / (cpu.server / seconds);

/** Latency and throughput tables of some scenarios, and the targets of the issue. */
function scenarioTables(title: string, scenarios: ScenarioResult[], connections: number): string[] {
  const lines: string[] = [
    `### ${title}`,
    '',
    '#### Latency, one connection',
    '',
    '| scenario | hydra:totalItems | HTTP p50 | HTTP p95 | raw SQL p50 | raw SQL p95 | HTTP / SQL (p50) | statements (prepared) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of scenarios) {
    const { http, sql } = r.single;
    lines.push(
      `| ${r.scenario.name} | ${int(r.totalItems)} | ${ms(http.p50)} ms | ${ms(http.p95)} ms | ` +
        `${ms(sql.p50)} ms | ${ms(sql.p95)} ms | ${ratio(http.p50 / sql.p50)} | ${r.statements} (${r.prepared}) |`,
    );
  }
  lines.push(
    '',
    `#### Throughput, ${connections} connections`,
    '',
    '| scenario | HTTP req/s | HTTP p95 | raw SQL req/s | SQL / HTTP (req/s) | server CPU per request | PostgreSQL CPU per request | req/s per core (server + PostgreSQL) | req/s per server core |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of scenarios) {
    const { http, sql, cpu, seconds } = r.loaded;
    lines.push(
      `| ${r.scenario.name} | ${int(http.perSecond)} | ${ms(http.p95)} ms | ${int(sql.perSecond)} | ` +
        `${ratio(sql.perSecond / http.perSecond)} | ${ms((cpu.server * 1000) / http.count)} ms | ` +
        `${ms((cpu.postgres * 1000) / http.count)} ms | ${int(perCore(http.perSecond, cpu, seconds))} | ` +
        `${int(perServerCore(http.perSecond, cpu, seconds))} |`,
    );
  }
  const failures = scenarios.reduce(
    (n, r) => n + r.single.http.failures + r.loaded.http.failures,
    0,
  );
  if (failures) lines.push('', `**${failures} answers were not 200: the figures above are void.**`);

  lines.push('', '#### Against the targets of the issue', '');
  for (const r of scenarios.filter((s) => s.scenario.first)) {
    const latencyRatio = r.single.http.p50 / r.single.sql.p50;
    const throughputRatio = r.loaded.sql.perSecond / r.loaded.http.perSecond;
    const core = perCore(r.loaded.http.perSecond, r.loaded.cpu, r.loaded.seconds);
    lines.push(
      `- ${r.scenario.name}: p95 ${ms(r.single.http.p95)} ms ≤ 10 ms ${mark(r.single.http.p95 <= 10)}; ` +
        `${int(core)} req/s per core ≥ 1,300 ${mark(core >= 1300)}; ` +
        `HTTP / SQL ${ratio(latencyRatio)} (latency), ${ratio(throughputRatio)} (throughput) ≤ 1.5 ` +
        `${mark(latencyRatio <= 1.5 && throughputRatio <= 1.5)}`,
    );
  }
  return lines;
}

export function render(report: Report): string {
  const { machine, database, settings } = report;
  const lines: string[] = [];
  lines.push(
    `Run of ${machine.date} on ${machine.cpus} CPU (${machine.cpuModel}), ${machine.memoryGiB} GiB, ` +
      `Node ${machine.node}, PostgreSQL ${machine.postgres}; load average at start ${machine.loadAverage} ` +
      '(the machine is shared: other work may run during the measures).',
    '',
    `Database \`${database.name}\`: ${int(database.contracts)} contracts` +
      (database.seededSeconds !== undefined
        ? `, seeded in this run in ${Math.round(database.seededSeconds)} s`
        : ', reused') +
      (database.vacuumed ? ', then VACUUM ANALYZE.' : '.') +
      ` Server: a child process on loopback, LOG_LEVEL=${settings.logLevel}. Each measure: ` +
      `${settings.warmupSeconds} s of warm-up, then ${settings.seconds} s (autocannon).`,
    '',
  );
  lines.push(
    ...scenarioTables(
      'Pages kept a few seconds, as `npm start` serves them (PAGE_CACHE_SECONDS=5)',
      report.scenarios,
      settings.connections,
    ),
    '',
    ...scenarioTables(
      'Every page computed (PAGE_CACHE_SECONDS=0): what a page costs when it is not kept',
      report.computed,
      settings.connections,
    ),
  );

  if (report.bare.length) lines.push('', ...bareTable(report.bare));

  if (report.baselines.length) {
    lines.push(
      '',
      '### Other requests: the other lists (every page computed), the server alone, and the statistics block of the contract screen',
      '',
      '| request | connections | req/s | p50 | p95 | server CPU per request | PostgreSQL CPU per request |',
      '|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const b of report.baselines) {
      const n = b.result.count;
      lines.push(
        `| ${b.name} (\`${b.path}\`) | ${b.connections} | ${int(b.result.perSecond)} | ` +
          `${ms(b.result.p50)} ms | ${ms(b.result.p95)} ms | ${ms((b.cpu.server * 1000) / n)} ms | ` +
          `${ms((b.cpu.postgres * 1000) / n)} ms |`,
      );
    }
  }

  lines.push(
    '',
    '### The statements and their plans (EXPLAIN ANALYZE, BUFFERS, warm)',
    '',
    `Whole plans for the statements that take ${PLAN_SHOWN_MS} ms or more (planning included); ` +
      'one line for the others.',
    '',
  );
  for (const r of report.computed) {
    lines.push(`<details><summary>${r.scenario.name}</summary>`, '');
    for (const p of r.plans) {
      const time = (label: string) =>
        Number(new RegExp(`${label} Time: ([\\d.]+) ms`).exec(p.plan)?.[1] ?? 0);
      const planning = time('Planning');
      const execution = time('Execution');
      if (planning + execution >= PLAN_SHOWN_MS) {
        if (p.prepared)
          lines.push('Prepared: the plan the server reuses (after five executions).', '');
        lines.push('```sql', p.sql, '```', '', '```', p.plan, '```', '');
      } else {
        const top = p.plan.split('\n')[0].replace(/\s+\(cost=.*$/, '');
        const sql = p.sql.length > 160 ? `${p.sql.slice(0, 157)}...` : p.sql;
        lines.push(
          `- \`${sql}\`${p.prepared ? ' (prepared)' : ''}: ${top}, planning ${ms(planning)} ms, ` +
            `execution ${ms(execution)} ms`,
          '',
        );
      }
    }
    lines.push('</details>', '');
  }
  return lines.join('\n').trimEnd();
}

/** Target of issue 19: the product computes page 1 at this share of the bare server's pace. */
const BARE_SHARE = 0.67;

function bareTable(comparisons: BareComparison[]): string[] {
  const kib = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1024).toFixed(1) : '–');
  const serverMs = (s: BareComparison['product']) => ms((s.cpu.server * 1000) / s.http.count);
  const lines = [
    '### Against a bare Fastify + pg server on the same statements (page 1, every page computed)',
    '',
    'The bare server (`bench/api/bareServer.ts`) runs the statements the product ran for the ' +
      'page (captured above) and sends their rows as JSON: no sign-in, scope, Hydra or log. ' +
      'Two rounds per side, alternated; each side keeps its better one. Both asked without ' +
      'Accept-Encoding, as the issue measured; the last columns ask the product as a browser ' +
      'does (`Accept-Encoding: gzip, deflate, br`), which gets the page gzipped.',
    '',
    '| scenario | connections | product req/s | bare req/s | product / bare | product p50 | product p95 | product p99 | bare p95 | server CPU per request (product / bare) | answer KiB (product / bare) | gzipped: req/s, p95, server CPU per request, KiB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const c of comparisons) {
    const { product: p, bare: b } = c;
    lines.push(
      `| ${c.scenario.name} | ${c.connections} | ${int(p.http.perSecond)} | ${int(b.http.perSecond)} | ` +
        `${ratio(p.http.perSecond / b.http.perSecond)} | ${ms(p.http.p50)} ms | ${ms(p.http.p95)} ms | ` +
        `${ms(p.http.p99)} ms | ${ms(b.http.p95)} ms | ${serverMs(p)} / ${serverMs(b)} ms | ` +
        `${kib(p.http.bytesPerAnswer)} / ${kib(b.http.bytesPerAnswer)} | ` +
        `${int(c.compressed.http.perSecond)}, ${ms(c.compressed.http.p95)} ms, ${serverMs(c.compressed)} ms, ${kib(c.compressed.http.bytesPerAnswer)} |`,
    );
  }
  lines.push('');
  // Three decimals: at two, a share of 0.6697 would read "0.67 ≥ 0.67 ❌".
  for (const c of comparisons) {
    const share = c.product.http.perSecond / c.bare.http.perSecond;
    lines.push(
      `- ${c.scenario.name}: ${share.toFixed(3)}x the bare server ≥ ${BARE_SHARE} ${mark(share >= BARE_SHARE)}; ` +
        `p95 ${ms(c.product.http.p95)} ms at ${c.connections} connections < 10 ms ${mark(c.product.http.p95 < 10)}`,
    );
  }
  const failures = comparisons.reduce(
    (n, c) => n + c.product.http.failures + c.bare.http.failures,
    0,
  );
  if (failures) lines.push('', `**${failures} answers were not 200: the figures above are void.**`);
  return lines;
}

/** Statements cheaper than this get one line in the report instead of their whole plan. */
const PLAN_SHOWN_MS = 1;

/** Replaces the generated section of the page, or appends one. */
export function writeIntoDocs(file: string, section: string): void {
  writeDocsSection(file, { begin: BEGIN, end: END, heading: '## Last run' }, section);
}
