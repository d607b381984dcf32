// The measures of the user-imports benchmark (issue 15): a generated file of sellers uploaded
// as the SPA uploads it (multipart POST /api/user_import_logs), its end awaited by polling the
// log every 200 ms while the server's memory is sampled; single users created one after
// another through POST /api/users/create; and, on a capture server, the SQL statements each
// imported line and each created user send.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { CapturedStatement } from '../api/captureSql.ts';
import { cpuSpent, sampleCpu } from '../api/machine.ts';
import type { BenchServer } from '../api/server.ts';
import { percentile } from '../api/stats.ts';
import { tokenFor } from '../api/tokens.ts';
import { memoryOf } from '../exports/measure.ts';

export const IMPORTER = 'ageo';
const POLL_MS = 200;
const RSS_SAMPLE_MS = 100;

/** Where this run's addresses end: every address of a run carries its tag. */
const DOMAIN = 'import-bench.exemple.fr';

/**
 * `rows` distinct valid sellers of organisation `organization` as a CSV file as a user saves
 * it from a spreadsheet (UTF-8 BOM, ';', CRLF): the headers of IMPORT_COLUMNS, the username
 * left empty (the address is the username).
 */
export function sellersCsv(tag: string, rows: number, organization: number): Buffer {
  const lines = ['civilite;nom;prenom;email;identifiant;organisation;type;fonction'];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      [
        i % 2 ? 'Mme' : 'M.',
        `Import${i}`,
        i % 2 ? 'Claire' : 'Paul',
        `vendeur.${tag}.${i}@${DOMAIN}`,
        '',
        String(organization),
        'Vendeur',
        'Conseiller',
      ].join(';'),
    );
  }
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A bearer of the importer, renewed before it expires (tokens live 300 s). */
export class Bearer {
  #token = '';
  #at = 0;
  constructor(private readonly url: string) {}
  async get(fresh = false): Promise<string> {
    if (fresh || !this.#token || Date.now() - this.#at > 240_000) {
      this.#token = await tokenFor(this.url, IMPORTER);
      this.#at = Date.now();
    }
    return this.#token;
  }
}

/** A GET as the importer, the token renewed once on a 401. */
async function getJson(url: string, bearer: Bearer): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${await bearer.get(attempt > 0)}`,
        accept: 'application/ld+json',
      },
    });
    const text = await response.text();
    if (response.status === 401 && attempt === 0) continue;
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as Record<string, unknown>;
  }
}

export interface ImportMeasure {
  rows: number;
  sendMail: boolean;
  /** The 202 of the upload (the file read, the log written, the job started). */
  acceptedSeconds: number;
  /** From the POST to the first poll that saw the log ended (polled every 200 ms). */
  seconds: number;
  /** endedAt - startedAt of the log, as the server recorded them. */
  serverSeconds: number;
  status: string;
  processed: number;
  success: number;
  warning: number;
  failed: number;
  /** Rows per second over the first and the last tenth of the rows (from the polls). */
  firstTenthPerSecond: number;
  lastTenthPerSecond: number;
  rssBeforeMiB: number;
  /** The largest VmRSS sampled every 100 ms during the import. */
  rssDuringMiB: number;
  /** VmHWM after the import: the process's peak since it started (a fresh server each time). */
  peakRssMiB: number;
  /** CPU seconds spent during the import by the server process and by PostgreSQL's backends. */
  cpu?: { server: number; postgres: number };
  /** .eml files written to DATA_DIR/outbox during the import. */
  mails: number;
}

const outboxCount = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};

/** POST /api/user_import_logs as the SPA sends it (multipart): the log's id. */
async function upload(
  server: BenchServer,
  bearer: Bearer,
  file: Buffer,
  name: string,
  sendMail: boolean,
): Promise<number> {
  const form = new FormData();
  form.set('comment', `benchmark: ${name}`);
  form.set('sendMailImmediatly', String(sendMail));
  form.set('uuid', crypto.randomUUID());
  form.set('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), name);
  const response = await fetch(`${server.url}/api/user_import_logs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await bearer.get()}`, accept: 'application/ld+json' },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 202) throw new Error(`Upload refused: ${response.status} ${text}`);
  return (JSON.parse(text) as { id: number }).id;
}

/** One import, from the POST to its end, on a server started for it (its VmHWM is this one's). */
export async function measureImport(
  server: BenchServer,
  options: {
    file: Buffer;
    rows: number;
    name: string;
    sendMail: boolean;
    dataDir: string;
    database?: string;
  },
): Promise<ImportMeasure> {
  const bearer = new Bearer(server.url);
  await bearer.get();
  const mailsBefore = outboxCount(options.dataDir);
  const rssBeforeMiB = memoryOf(server.pid, 'VmRSS');
  let rssDuringMiB = rssBeforeMiB;
  const sampler = setInterval(() => {
    rssDuringMiB = Math.max(rssDuringMiB, memoryOf(server.pid, 'VmRSS'));
  }, RSS_SAMPLE_MS);
  const cpuBefore = options.database ? sampleCpu(server.pid, options.database) : undefined;
  try {
    const t0 = performance.now();
    const id = await upload(server, bearer, options.file, options.name, options.sendMail);
    const acceptedSeconds = (performance.now() - t0) / 1000;
    const progress: [number, number][] = [[0, 0]];
    let log: Record<string, unknown>;
    for (;;) {
      log = await getJson(`${server.url}/api/user_import_logs/${id}`, bearer);
      const now = (performance.now() - t0) / 1000;
      progress.push([now, Number(log.processedCount ?? 0)]);
      if (log.processStatus !== 'started') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu =
      cpuBefore && options.database
        ? cpuSpent(cpuBefore, sampleCpu(server.pid, options.database))
        : undefined;
    rssDuringMiB = Math.max(rssDuringMiB, memoryOf(server.pid, 'VmRSS'));
    const rate = (from: number, to: number) => {
      // The first poll at or past each mark: rows between them over the seconds between them.
      const at = (mark: number) => progress.find(([, done]) => done >= mark) ?? progress.at(-1);
      const [ta, ra] = at(from) as [number, number];
      const [tb, rb] = at(to) as [number, number];
      return tb > ta ? (rb - ra) / (tb - ta) : Number.NaN;
    };
    const tenth = Math.max(1, Math.floor(options.rows / 10));
    return {
      rows: options.rows,
      sendMail: options.sendMail,
      acceptedSeconds,
      seconds,
      serverSeconds:
        (new Date(String(log.endedAt)).getTime() - new Date(String(log.startedAt)).getTime()) /
        1000,
      status: String(log.processStatus),
      processed: Number(log.processedCount),
      success: Number(log.successCount),
      warning: Number(log.warningCount),
      failed: Number(log.failedCount),
      firstTenthPerSecond: rate(0, tenth),
      lastTenthPerSecond: rate(options.rows - tenth, options.rows),
      rssBeforeMiB,
      rssDuringMiB,
      peakRssMiB: memoryOf(server.pid, 'VmHWM'),
      cpu,
      mails: outboxCount(options.dataDir) - mailsBefore,
    };
  } finally {
    clearInterval(sampler);
  }
}

export interface CreationMeasure {
  withPassword: boolean;
  count: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  mails: number;
}

/** The body of a seller created by hand (as tests/api/users.test.ts's newUser()). */
export function newSeller(tag: string, n: number, organization: number, withPassword: boolean) {
  return {
    civility: 1,
    firstname: 'Camille',
    lastname: `Api${n}`,
    username: `api.${tag}.${n}`,
    email: `api.${tag}.${n}@${DOMAIN}`,
    typeSelected: 'PROFILE_SELLER',
    roles: [],
    organization: `/api/organizations/${organization}`,
    ...(withPassword ? { plainPassword: 'motdepasse2026', repeatPassword: 'motdepasse2026' } : {}),
  };
}

/**
 * `count` users created one after another through POST /api/users/create (each awaited, body
 * read), after `warmup` creations not counted: the time of each request as the client sees it.
 */
export async function measureCreations(
  server: BenchServer,
  options: {
    tag: string;
    organization: number;
    count: number;
    warmup: number;
    withPassword: boolean;
    dataDir: string;
    bearer?: Bearer;
  },
): Promise<CreationMeasure> {
  const bearer = options.bearer ?? new Bearer(server.url);
  const latencies: number[] = [];
  const mailsBefore = outboxCount(options.dataDir);
  for (let n = 1; n <= options.warmup + options.count; n++) {
    const body = newSeller(options.tag, n, options.organization, options.withPassword);
    const token = await bearer.get();
    const t0 = performance.now();
    const response = await fetch(`${server.url}/api/users/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/ld+json',
        'content-type': 'application/ld+json',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - t0;
    if (response.status !== 201) throw new Error(`Creation refused: ${response.status} ${text}`);
    if (n > options.warmup) latencies.push(ms);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    withPassword: options.withPassword,
    count: sorted.length,
    meanMs: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    maxMs: sorted.at(-1) ?? Number.NaN,
    mails: outboxCount(options.dataDir) - mailsBefore,
  };
}

export interface StatementCount {
  what: string;
  units: number;
  statementsPerUnit: number;
  /** Time inside the statements' round trips per unit (captured in the server, ms). */
  databaseMsPerUnit: number;
  /** The statements that took the most time in all, with how many per unit and their mean. */
  top: { text: string; perUnit: number; meanMs: number }[];
}

function readStatements(sqlLog: string): CapturedStatement[] {
  return readFileSync(sqlLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedStatement);
}

function countOf(what: string, units: number, statements: CapturedStatement[]): StatementCount {
  const byText = new Map<string, [number, number]>();
  let ms = 0;
  for (const s of statements) {
    const text = s.text.replace(/\s+/g, ' ').trim().slice(0, 110);
    const [n, spent] = byText.get(text) ?? [0, 0];
    byText.set(text, [n + 1, spent + s.end - s.start]);
    ms += s.end - s.start;
  }
  return {
    what,
    units,
    statementsPerUnit: statements.length / units,
    databaseMsPerUnit: ms / units,
    top: [...byText]
      .sort((a, b) => b[1][1] - a[1][1])
      .slice(0, 12)
      .map(([text, [n, spent]]) => ({ text, perUnit: n / units, meanMs: spent / n })),
  };
}

/**
 * On a capture server (bench/api/captureSql.ts): the statements of an import of `rows` lines
 * (with or without its mails), and of users created through the API, per line and per user.
 * The end of an import is read straight from PostgreSQL (`pool`), so that no poll of the API is
 * counted; the upload's own request (a few statements) is.
 */
export async function countStatements(
  server: BenchServer,
  sqlLog: string,
  pool: pg.Pool,
  options: { tag: string; organization: number; rows: number; dataDir: string },
): Promise<StatementCount[]> {
  const counts: StatementCount[] = [];
  const bearer = new Bearer(server.url);
  await bearer.get();
  for (const sendMail of [false, true]) {
    const file = sellersCsv(
      `${options.tag}c${sendMail ? 'm' : 'n'}`,
      options.rows,
      options.organization,
    );
    writeFileSync(sqlLog, '');
    const id = await upload(server, bearer, file, 'capture.csv', sendMail);
    for (;;) {
      const { rows } = await pool.query<{ status: string }>(
        'SELECT process_status AS status FROM user_import_log WHERE id = $1',
        [id],
      );
      if (rows[0]?.status !== 'started') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    counts.push(
      countOf(
        `imported line, ${sendMail ? 'with' : 'without'} its mail`,
        options.rows,
        readStatements(sqlLog),
      ),
    );
  }
  for (const withPassword of [true, false]) {
    const tag = `${options.tag}c${withPassword ? 'p' : 'i'}`;
    const common = {
      organization: options.organization,
      warmup: 0,
      withPassword,
      dataDir: options.dataDir,
      bearer,
    };
    await measureCreations(server, { ...common, tag, count: 3 });
    writeFileSync(sqlLog, '');
    const count = 20;
    await measureCreations(server, { ...common, tag: `${tag}x`, count });
    counts.push(
      countOf(
        `user created through the API, ${withPassword ? 'with a password' : 'with its invitation mail'}`,
        count,
        readStatements(sqlLog),
      ),
    );
  }
  return counts;
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
