// The exports benchmark (issue 5), part of `npm run bench` (bench/run.ts), or alone:
// `node --import tsx bench/exports/run.ts`. The contract list of the operator (every contract)
// to XLSX and to CSV at 100,000 and 1,000,000 rows through a real server on PostgreSQL: time
// from the request to the hub's message, rows per second, the server process's peak RSS (a
// fresh server per export, so /proc's VmHWM is that export's), beside the bare writer on the
// same cells in the same run, and beside the export's own writer with no database. Targets at
// 1M rows: peak RSS <= 300 MB; XLSX at >= 0.8x the rows/s of exceljs's bare streaming writer
// (issue 5); CSV within 1.3x the time of csv-stringify alone on as many rows (issue 19).
//
// Environment: BENCH_DATABASE_URL, BENCH_QUICK=1 (demo scale, every contract once, no docs), as
// bench/run.ts; BENCH_EXPORT_ROWS=100000,1000000 (the sizes; 200000 alone for a quick try);
// BENCH_EXPORT_FORMATS=xlsx,csv; BENCH_WRITE=0 (print only).
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type CellValue, csvCell, xlsxCell } from '../../server/src/exports/columns.ts';
import { EXPORTS } from '../../server/src/exports/kinds.ts';
import type { ExportFormat } from '../../src/domain/exportFile.ts';
import { ensureDatabase } from '../api/database.ts';
import { describeMachine } from '../api/machine.ts';
import { startServer } from '../api/server.ts';
import { tokenFor } from '../api/tokens.ts';
import { measureBare, measureExport, measureWriter } from './measure.ts';
import { type ExportResult, render, writeExportsSection } from './report.ts';

const env = process.env;
const quick = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
const databaseUrl =
  env.BENCH_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/${quick ? 'ep_bench_quick' : 'ep_bench'}`;
const log = (line: string) => process.stdout.write(`${line}\n`);
const SHEET = EXPORTS.contracts;
const SAMPLE_PAGES = 10;
const formats = (env.BENCH_EXPORT_FORMATS ?? 'xlsx,csv').split(',') as ExportFormat[];

const database = await ensureDatabase(
  databaseUrl,
  quick ? 'demo' : 'large',
  quick ? 1 : 1_000_000,
  log,
);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
try {
  const machine = await describeMachine(pool);
  const sizes = quick
    ? [database.contracts]
    : (env.BENCH_EXPORT_ROWS ?? '100000,1000000').split(',').map(Number);

  /** The newest `rows` contracts (and the ties of the last day): dtDebVal[after]=that day. */
  async function filtersFor(rows: number): Promise<Record<string, unknown>> {
    if (rows >= database.contracts) return {};
    const { rows: found } = await pool.query<{ day: string }>(
      `SELECT date_deb_val::text AS day FROM contract
       ORDER BY date_deb_val DESC, id DESC OFFSET $1 LIMIT 1`,
      [rows - 1],
    );
    return { dtDebVal: { after: found[0].day } };
  }

  // The bare writers' cells: the first rows of the same list, as the export computes them.
  log('Reading a sample of the contract list for the bare writers…');
  const sampler = await startServer({ databaseUrl, logLevel: 'warn' });
  const sample: { xlsx: ReturnType<typeof xlsxCell>[][]; csv: string[][]; values: CellValue[][] } =
    { xlsx: [], csv: [], values: [] };
  try {
    const token = await tokenFor(sampler.url, 'ageo');
    for (let page = 1; page <= SAMPLE_PAGES; page++) {
      const response = await fetch(`${sampler.url}/api/contrats?itemsPerPage=100&page=${page}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { 'hydra:member': Record<string, unknown>[] };
      for (const listed of body['hydra:member']) {
        // The names the export reads as text (kinds.ts, CONTRACT_ROWS), from the list's JSON.
        const names = (list: unknown, name: (o: Record<string, string>) => string) =>
          [...new Set((list as Record<string, string>[]).map(name))].join(', ');
        const member = {
          ...listed,
          companies: names(listed.insuranceCompanies, (o) => o.legalname),
          sellers: names(listed.sellers, (b) => `${b.firstname} ${b.lastname}`),
        };
        const values = SHEET.columns.map((c) => c.value(member));
        sample.values.push(values);
        sample.xlsx.push(values.map((v, i) => xlsxCell(SHEET.columns[i].kind, v)));
        sample.csv.push(values.map((v, i) => csvCell(SHEET.columns[i].kind, v)));
      }
    }
  } finally {
    await sampler.stop();
  }

  const results: ExportResult[] = [];
  for (const size of sizes) {
    const filters = await filtersFor(size);
    for (const format of formats) {
      log(`Export of ${size.toLocaleString('en-US')} contracts to ${format}…`);
      const server = await startServer({ databaseUrl, logLevel: 'warn' });
      let exported: Awaited<ReturnType<typeof measureExport>>;
      try {
        exported = await measureExport(server, format, filters);
      } finally {
        await server.stop();
      }
      log(`  ${exported.rows} rows in ${exported.seconds.toFixed(1)} s; bare ${format} writer…`);
      const bare = await measureBare(format, SHEET, sample[format], exported.rows);
      log("  the export's own writer alone…");
      const ownWriter = await measureWriter(format, SHEET, sample.values, exported.rows);
      results.push({ format, filters, exported, bare, ownWriter });
    }
  }

  const markdown = render({ machine, database: database.name, results });
  log(`\n${markdown}\n`);
  if (!quick && env.BENCH_WRITE !== '0') {
    const docs = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
    writeExportsSection(docs, markdown);
    log(`Written to ${docs}`);
  }
} finally {
  await pool.end();
}
