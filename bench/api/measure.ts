// One scenario from end to end: its first answer (total, deep page), the statements it runs
// (captured), then the measures: HTTP and raw SQL, with one connection and with several.
import type pg from 'pg';
import { fetchJson, type LoadResult, loadHttp } from './http.ts';
import { cpuSpent, sampleCpu } from './machine.ts';
import type { BareComparison, Baseline, Cpu, ScenarioResult } from './report.ts';
import type { Scenario } from './scenarios.ts';
import { captureStatements, loadSql, readable, type StatementPlan } from './sql.ts';

export interface Settings {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  logLevel: string;
  databaseName: string;
}

export interface Prepared {
  scenario: Scenario;
  totalItems: number;
  nextLink: unknown;
  coldMs: number;
  plan: StatementPlan;
}

interface HydraPage {
  'hydra:totalItems'?: number;
  'hydra:member'?: unknown[];
  'hydra:view'?: { 'hydra:next'?: string };
}

/** First answer (cold) and the statements of a warm request, on the capture server. */
export async function prepare(
  baseUrl: string,
  scenario: Scenario,
  token: string,
  sqlLog: string,
): Promise<Prepared> {
  const first = await fetchJson(`${baseUrl}${scenario.path}`, token);
  if (first.status !== 200) {
    throw new Error(
      `${scenario.name}: ${scenario.path} answered ${first.status} ${JSON.stringify(first.body)}`,
    );
  }
  const body = first.body as HydraPage;
  const members = body['hydra:member'] ?? [];
  if (members.length === 0) throw new Error(`${scenario.name}: the page is empty`);
  const plan = await captureStatements(sqlLog, `${baseUrl}${scenario.path}`, token);
  return {
    scenario,
    totalItems: Number(body['hydra:totalItems']),
    nextLink: body['hydra:view']?.['hydra:next'],
    coldMs: first.ms,
    plan,
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement, warm. A statement the server prepares is
 * explained as the server runs it: prepared on one connection and executed past PostgreSQL's
 * five custom plans, so the plan shown is the one reused (generic or custom) with its planning.
 */
async function explain(pool: pg.Pool, plan: StatementPlan) {
  const plans: ScenarioResult['plans'] = [];
  for (const statement of plan.flat()) {
    const client = await pool.connect();
    try {
      let text = `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`;
      if (statement.name) {
        const name = 'bench_explain';
        for (let i = 0; i < 6; i++) {
          await client.query({ name, text: statement.text, values: statement.values });
        }
        // EXPLAIN EXECUTE takes no bound parameters: the values are written as literals.
        const params = statement.values
          .map((v) =>
            typeof v === 'number' || typeof v === 'boolean'
              ? String(v)
              : client.escapeLiteral(String(v)),
          )
          .join(', ');
        text = `EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}${params ? `(${params})` : ''}`;
      }
      const values = statement.name ? [] : statement.values;
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(text, values);
      if (statement.name) await client.query('DEALLOCATE bench_explain');
      plans.push({
        sql: readable(statement),
        plan: rows.map((row) => row['QUERY PLAN']).join('\n'),
        prepared: Boolean(statement.name),
      });
    } finally {
      client.release(true);
    }
  }
  return plans;
}

async function withCpu<T>(
  serverPid: number | undefined,
  databaseName: string,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: Cpu; seconds: number }> {
  const before = sampleCpu(serverPid, databaseName);
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  return { result, cpu: cpuSpent(before, sampleCpu(serverPid, databaseName)), seconds };
}

export async function measure(
  server: { url: string; pid: number },
  prepared: Prepared,
  token: string,
  pool: pg.Pool,
  settings: Settings,
  /** The same scenario measured before on another server: its raw SQL side is reused. */
  sqlOf?: ScenarioResult,
): Promise<ScenarioResult> {
  const url = `${server.url}${prepared.scenario.path}`;
  const timing = { seconds: settings.seconds, warmupSeconds: settings.warmupSeconds };
  const singleHttp = await loadHttp({ url, token, connections: 1, ...timing });
  const singleSql =
    sqlOf?.single.sql ?? (await loadSql(pool, prepared.plan, { connections: 1, ...timing }));
  // CPU is counted over the measured part only: the warm-up runs first, on its own.
  await loadHttp({
    url,
    token,
    connections: settings.connections,
    seconds: settings.warmupSeconds,
    warmupSeconds: 0,
  });
  const loaded = await withCpu(server.pid, settings.databaseName, () =>
    loadHttp({ url, token, connections: settings.connections, ...timing, warmupSeconds: 0 }),
  );
  const loadedSql =
    sqlOf?.loaded.sql ??
    (await loadSql(pool, prepared.plan, { connections: settings.connections, ...timing }));
  return {
    scenario: prepared.scenario,
    totalItems: prepared.totalItems,
    coldMs: prepared.coldMs,
    statements: prepared.plan.flat().length,
    prepared: prepared.plan.flat().filter((s) => s.name).length,
    plans: sqlOf?.plans ?? (await explain(pool, prepared.plan)),
    single: { http: singleHttp, sql: singleSql },
    loaded: { http: loaded.result, sql: loadedSql, cpu: loaded.cpu, seconds: loaded.seconds },
  };
}

/**
 * Another request, measured alone: the server's floor (requests that run none of the list's
 * SQL), a companion of the list on the same screen (its statistics block), or one side of a
 * comparison with the bare server (againstBare).
 */
export async function baseline(
  server: { url: string; pid: number },
  name: string,
  path: string,
  token: string | undefined,
  settings: Settings,
  connections = settings.connections,
  /** More request headers (Accept-Encoding, as a browser sends it). */
  headers?: Record<string, string>,
): Promise<Baseline> {
  const url = `${server.url}${path}`;
  const run = (seconds: number) =>
    loadHttp({ url, token, connections, headers, seconds, warmupSeconds: 0 });
  await run(settings.warmupSeconds);
  const { result, cpu, seconds } = await withCpu<LoadResult>(
    server.pid,
    settings.databaseName,
    () => run(settings.seconds),
  );
  return { name, path, connections, result, cpu, seconds };
}

/** What every browser sends: the product then gzips the page (server/src/http/compression.ts). */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * A page computed by the product beside the same statements on the bare server (plan `index`
 * of bench/api/bareServer.ts), at the same concurrency: two rounds each, alternated (product,
 * bare, product, bare) so that a burst of other work on the shared machine hits both; each
 * side keeps its better round.
 */
export async function againstBare(
  product: { url: string; pid: number },
  bare: { url: string; pid: number },
  index: number,
  prepared: Prepared,
  token: string,
  settings: Settings,
  connections: number,
): Promise<BareComparison> {
  const { name, path } = prepared.scenario;
  const better = (a: Baseline | undefined, b: Baseline) =>
    a && a.result.perSecond >= b.result.perSecond ? a : b;
  let ours: Baseline | undefined;
  let theirs: Baseline | undefined;
  for (let round = 0; round < 2; round++) {
    ours = better(ours, await baseline(product, name, path, token, settings, connections));
    theirs = better(
      theirs,
      await baseline(bare, name, `/${index}`, undefined, settings, connections),
    );
  }
  const [p, b] = [ours as Baseline, theirs as Baseline];
  const z = await baseline(product, name, path, token, settings, connections, BROWSER_ENCODINGS);
  return {
    scenario: prepared.scenario,
    connections,
    product: { http: p.result, cpu: p.cpu, seconds: p.seconds },
    bare: { http: b.result, cpu: b.cpu, seconds: b.seconds },
    compressed: { http: z.result, cpu: z.cpu, seconds: z.seconds },
  };
}
