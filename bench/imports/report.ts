// The user-imports benchmark's tables, and its place in docs/benchmarks.md: between its own
// markers, inside the section "User imports (issue 15)" (added at the end of the page when
// missing; the rest of the page is left as it is).
import { writeDocsSection } from '../api/docsSection.ts';
import type { Machine } from '../api/machine.ts';
import type { CreationMeasure, ImportMeasure, StatementCount } from './measure.ts';

export interface BackendRun {
  /** "PostgreSQL 15.x (database …)" or "PGlite (embedded, …)". */
  database: string;
  /** Users in the database when the measures started. */
  usersAtStart?: number;
  /** PGlite: seconds from the server's start to its first answer (migrations and demo seed). */
  startSeconds?: number;
  /** `usersBefore`: users in the table when the measure started (each line scans them). */
  imports: { label: string; measure: ImportMeasure; usersBefore?: number }[];
  creations: (CreationMeasure & { usersBefore?: number })[];
}

export interface ImportsReport {
  machine: Machine;
  organization: number;
  runs: BackendRun[];
  statements: StatementCount[];
  /** One scrypt hash of the password policy's parameters, in this process (ms). */
  hashMs: number;
}

const BEGIN = '<!-- bench-imports:begin (written by npm run bench) -->';
const END = '<!-- bench-imports:end -->';

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const one = (n: number) => n.toFixed(1);
const two = (n: number) => n.toFixed(2);
/** Milliseconds per row, from POST to the end. */
export const perRowMs = (m: ImportMeasure) => (m.seconds * 1000) / m.rows;

/** The ratios of a backend: time per imported row over time per user created through the API. */
export function ratios(run: BackendRun): string[] {
  const lines: string[] = [];
  const find = (sendMail: boolean) =>
    run.imports.find((i) => i.measure.sendMail === sendMail && i.measure.success > 0)?.measure;
  const api = (withPassword: boolean) => run.creations.find((c) => c.withPassword === withPassword);
  const withMail = find(true);
  const invited = api(false);
  if (withMail && invited) {
    lines.push(
      `**with the mail (like for like)**: ${two(perRowMs(withMail))} ms per imported row ` +
        `(sendMailImmediatly=true, POST to end / ${int(withMail.rows)} rows) / ` +
        `${two(invited.meanMs)} ms per user created through \`POST /api/users/create\` without a ` +
        `password (mean of ${invited.count} sequential requests, each writing its invitation mail) = ` +
        `**${(perRowMs(withMail) / invited.meanMs).toFixed(3)}**`,
    );
  }
  const noMail = find(false);
  const hashed = api(true);
  if (noMail && hashed) {
    lines.push(
      `**without the mail**: ${two(perRowMs(noMail))} ms per imported row ` +
        `(sendMailImmediatly=false, POST to end / ${int(noMail.rows)} rows) / ` +
        `${two(hashed.meanMs)} ms per user created through the API with a password (no mail, ` +
        `but the password hashed with scrypt, which an imported line never does) = ` +
        `**${(perRowMs(noMail) / hashed.meanMs).toFixed(3)}**`,
    );
  }
  return lines;
}

export function render(report: ImportsReport): string {
  const { machine } = report;
  const lines = [
    `Run of ${machine.date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ` +
      `Node ${machine.node}; load average at the start ${machine.loadAverage} (a shared machine). ` +
      `Importer \`ageo\` (operator administrator); sellers of organisation ${report.organization}.`,
    '',
    '| database | import | users before | rows | 202 (s) | POST → end (s) | startedAt → endedAt (s) | per row (ms) | rows/s | rows/s, first / last tenth | server RSS before / max sampled / VmHWM (MiB) | CPU server / PostgreSQL (s) | outcome | .eml |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const run of report.runs) {
    for (const { label, measure: m, usersBefore } of run.imports) {
      const cpu = m.cpu ? `${one(m.cpu.server)} / ${one(m.cpu.postgres)}` : '-';
      lines.push(
        `| ${run.database} | ${label} | ${int(usersBefore ?? Number.NaN)} | ${int(m.rows)} | ${two(m.acceptedSeconds)} | ${one(m.seconds)} | ` +
          `${one(m.serverSeconds)} | ${two(perRowMs(m))} | ${int(m.rows / m.seconds)} | ` +
          `${int(m.firstTenthPerSecond)} / ${int(m.lastTenthPerSecond)} | ` +
          `${int(m.rssBeforeMiB)} / ${int(m.rssDuringMiB)} / ${int(m.peakRssMiB)} | ${cpu} | ` +
          `${m.status}: ${int(m.success)} created, ${int(m.warning)} warnings, ${int(m.failed)} failed | ${int(m.mails)} |`,
      );
    }
  }
  lines.push(
    '',
    '| database | users created one after another through `POST /api/users/create` | users before | users | mean (ms) | p50 (ms) | p95 (ms) | max (ms) | .eml |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const run of report.runs) {
    for (const c of run.creations) {
      const what = c.withPassword
        ? 'with a password (creation + scrypt hash, no mail)'
        : 'without a password (creation + invitation mail)';
      lines.push(
        `| ${run.database} | ${what} | ${int(c.usersBefore ?? Number.NaN)} | ${c.count} | ${two(c.meanMs)} | ${two(c.p50Ms)} | ` +
          `${two(c.p95Ms)} | ${two(c.maxMs)} | ${c.mails} |`,
      );
    }
  }
  lines.push('', 'Time per imported row over time per user created through the API:', '');
  for (const run of report.runs) {
    for (const ratio of ratios(run)) lines.push(`- ${run.database}, ${ratio}.`);
  }
  const notes = report.runs
    .map((run) => {
      const parts: string[] = [];
      if (run.usersAtStart !== undefined) parts.push(`${int(run.usersAtStart)} users at the start`);
      if (run.startSeconds !== undefined) {
        parts.push(
          `the server answered ${one(run.startSeconds)} s after its start (migrations and the demo seed)`,
        );
      }
      return parts.length ? `${run.database}: ${parts.join('; ')}.` : '';
    })
    .filter(Boolean);
  lines.push(
    '',
    `One scrypt hash (N=16384, r=8, p=1, as \`server/src/auth/password.ts\`) takes ${one(report.hashMs)} ms in the benchmark's process. ${notes.join(' ')}`,
  );
  if (report.statements.length) {
    lines.push(
      '',
      "SQL statements sent per unit (a capture server recording every statement, `bench/api/captureSql.ts`; time = inside the statements' round trips):",
      '',
      '| unit | statements | time in statements (ms) | the costliest in all (per unit × mean time) |',
      '| --- | ---: | ---: | --- |',
    );
    for (const s of report.statements) {
      const top = s.top
        .slice(0, 6)
        .map(
          (t) =>
            `${t.perUnit.toFixed(2)}× ${two(t.meanMs)} ms \`${t.text.replaceAll('|', '\\|').replaceAll('`', "'")}\``,
        )
        .join('<br>');
      lines.push(
        `| ${s.what} (${s.units}) | ${one(s.statementsPerUnit)} | ${two(s.databaseMsPerUnit)} | ${top} |`,
      );
    }
  }
  return lines.join('\n');
}

export function writeImportsSection(file: string, section: string): void {
  writeDocsSection(
    file,
    { begin: BEGIN, end: END, heading: '## User imports (issue 15)' },
    section,
  );
}
