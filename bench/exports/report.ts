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
  /** The bare writer of the same format (exceljs, or csv-stringify). */
  bare: BareMeasure;
  /** The bare exceljs writer on the same rows: the yardstick for both formats. */
  bareExcel: BareMeasure;
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
/** Targets of issue 5. */
const MAX_PEAK_MIB = 300 / 1.048576; // 300 MB
const MIN_RATIO = 0.8;

/** The export's rows per second over a bare writer's. */
const ratioTo = (r: ExportResult, bare: BareMeasure) =>
  r.exported.rows / r.exported.seconds / (bare.rows / bare.seconds);
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const one = (n: number) => n.toFixed(1);

export function render(report: ExportsReport): string {
  const { machine } = report;
  const lines = [
    `Run of ${machine.date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ` +
      `Node ${machine.node}, PostgreSQL ${machine.postgres} (database ${report.database}); ` +
      `load average at the start ${machine.loadAverage} (a shared machine).`,
    '',
    "| rows | format | filter | export (s) | rows/s | file (MiB) | server RSS before / peak (MiB) | bare exceljs writer (s) | ratio to it | bare writer of the format (s) | ratio to it | export's writer alone (s) | ratio to it | download (s) |",
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of report.results) {
    const { format, filters, exported, bare, bareExcel, ownWriter } = r;
    const filter = Object.keys(filters).length ? `\`${JSON.stringify(filters)}\`` : 'none';
    lines.push(
      `| ${int(exported.rows)} | ${format} | ${filter} | ${one(exported.seconds)} | ` +
        `${int(exported.rows / exported.seconds)} | ${one(mib(exported.bytes))} | ` +
        `${int(exported.rssBeforeMiB)} / ${int(exported.peakRssMiB)} | ` +
        `${one(bareExcel.seconds)} | ${ratioTo(r, bareExcel).toFixed(3)} | ` +
        `${one(bare.seconds)} | ${ratioTo(r, bare).toFixed(3)} | ` +
        `${one(ownWriter.seconds)} | ${ratioTo(r, ownWriter).toFixed(3)} | ` +
        `${one(exported.downloadSeconds)} |`,
    );
  }
  const largest = Math.max(...report.results.map((r) => r.exported.rows));
  const verdicts = report.results
    .filter((r) => r.exported.rows === largest)
    .map((r) => {
      const ratio = ratioTo(r, r.bareExcel);
      const peak = r.exported.peakRssMiB <= MAX_PEAK_MIB ? 'met' : 'MISSED';
      const speed = ratio >= MIN_RATIO ? 'met' : 'MISSED';
      const alone = `${ratioTo(r, r.ownWriter).toFixed(3)}x its own writer alone`;
      const own =
        r.format === 'xlsx'
          ? ` (${alone})`
          : ` (${ratioTo(r, r.bare).toFixed(3)}x csv-stringify alone, ${alone})`;
      return `${r.format}: peak RSS ${int(r.exported.peakRssMiB * 1.048576)} MB (target <= 300 MB: ${peak}), throughput ${ratio.toFixed(3)}x the bare exceljs writer (target >= ${MIN_RATIO}: ${speed})${own}`;
    });
  lines.push('', `At ${int(largest)} rows: ${verdicts.join('; ')}.`);
  return lines.join('\n');
}

export function writeExportsSection(file: string, section: string): void {
  writeDocsSection(file, { begin: BEGIN, end: END, heading: '## Exports (issue 5)' }, section);
}
