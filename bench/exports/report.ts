// The exports benchmark's table, and its place in docs/benchmarks.md (between its own markers,
// inside the section "Exports (issue 5)"; the rest of the page is left as it is).
import type { ExportFormat } from '../../src/domain/exportFile.ts';
import { writeDocsSection } from '../api/docsSection.ts';
import type { Machine } from '../api/machine.ts';
import { type BareMeasure, type ExportMeasure, mib } from './measure.ts';

export interface ExportResult {
  format: ExportFormat;
  filters: Record<string, unknown>;
  exported: ExportMeasure;
  /**
   * The format's yardstick on the same number of rows: exceljs's bare streaming writer for
   * XLSX, csv-stringify alone for CSV.
   */
  bare: BareMeasure;
  /** The export's own writer alone, no database: what the rest of the export costs. */
  ownWriter: BareMeasure;
}

export interface ExportsReport {
  machine: Machine;
  database: string;
  results: ExportResult[];
}

const BEGIN = '<!-- bench-exports:begin (written by npm run bench) -->';
const END = '<!-- bench-exports:end -->';
/** Targets: issue 5 (peak, XLSX throughput) and issue 19 (CSV time). */
const MAX_PEAK_MIB = 300 / 1.048576; // 300 MB
const MIN_XLSX_THROUGHPUT = 0.8;
const MAX_CSV_TIME = 1.3;

/** What an export is compared with, and how (the ratio's meaning and its target). */
const YARDSTICK: Record<
  ExportFormat,
  {
    name: string;
    ratio: (r: ExportResult) => number;
    says: string;
    met: (ratio: number) => boolean;
    target: string;
  }
> = {
  xlsx: {
    name: 'bare exceljs writer',
    // Rows per second of the export over the bare writer's (issue 5's yardstick).
    ratio: (r) => r.exported.rows / r.exported.seconds / (r.bare.rows / r.bare.seconds),
    says: "throughput, the export's rows/s over the bare exceljs writer's",
    met: (ratio) => ratio >= MIN_XLSX_THROUGHPUT,
    target: `>= ${MIN_XLSX_THROUGHPUT}`,
  },
  csv: {
    name: 'csv-stringify alone',
    // The export's time over csv-stringify's alone on as many rows (issue 19's yardstick).
    ratio: (r) => r.exported.seconds / (r.bare.seconds * (r.exported.rows / r.bare.rows)),
    says: "time, the export's over csv-stringify's alone on as many rows",
    met: (ratio) => ratio <= MAX_CSV_TIME,
    target: `<= ${MAX_CSV_TIME}`,
  },
};

/** The export's time over its own writer's alone on as many rows. */
const overOwnWriter = (r: ExportResult) =>
  r.exported.seconds / (r.ownWriter.seconds * (r.exported.rows / r.ownWriter.rows));
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const one = (n: number) => n.toFixed(1);

export function render(report: ExportsReport): string {
  const { machine } = report;
  const lines = [
    `Run of ${machine.date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ` +
      `Node ${machine.node}, PostgreSQL ${machine.postgres} (database ${report.database}); ` +
      `load average at the start ${machine.loadAverage} (a shared machine).`,
    '',
    "| rows | format | filter | export (s) | rows/s | file (MiB) | server RSS before / peak (MiB) | yardstick on the same rows | yardstick (s) | ratio to the yardstick | export's writer alone (s) | export time / writer alone's | download (s) |",
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const r of report.results) {
    const { format, filters, exported, bare, ownWriter } = r;
    const yardstick = YARDSTICK[format];
    const filter = Object.keys(filters).length ? `\`${JSON.stringify(filters)}\`` : 'none';
    const kind = format === 'xlsx' ? 'throughput' : 'time';
    lines.push(
      `| ${int(exported.rows)} | ${format} | ${filter} | ${one(exported.seconds)} | ` +
        `${int(exported.rows / exported.seconds)} | ${one(mib(exported.bytes))} | ` +
        `${int(exported.rssBeforeMiB)} / ${int(exported.peakRssMiB)} | ${yardstick.name} | ` +
        `${one(bare.seconds)} | ${kind} ${yardstick.ratio(r).toFixed(3)}x (target ${yardstick.target}) | ` +
        `${one(ownWriter.seconds)} | ${overOwnWriter(r).toFixed(3)} | ` +
        `${one(exported.downloadSeconds)} |`,
    );
  }
  const largest = Math.max(...report.results.map((r) => r.exported.rows));
  const verdicts = report.results
    .filter((r) => r.exported.rows === largest)
    .map((r) => {
      const yardstick = YARDSTICK[r.format];
      const ratio = yardstick.ratio(r);
      const peak = r.exported.peakRssMiB <= MAX_PEAK_MIB ? 'met' : 'MISSED';
      return (
        `${r.format}: peak RSS ${int(r.exported.peakRssMiB * 1.048576)} MB (target <= 300 MB: ${peak}), ` +
        `${yardstick.says} ${ratio.toFixed(3)}x (target ${yardstick.target}: ${yardstick.met(ratio) ? 'met' : 'MISSED'}); ` +
        `export time ${overOwnWriter(r).toFixed(3)}x its own writer's alone`
      );
    });
  lines.push('', `At ${int(largest)} rows: ${verdicts.join('; ')}.`);
  return lines.join('\n');
}

export function writeExportsSection(file: string, section: string): void {
  writeDocsSection(file, { begin: BEGIN, end: END, heading: '## Exports (issue 5)' }, section);
}
