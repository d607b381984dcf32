// The measures of the exports benchmark: one export through a real server (POST, the hub's
// message, the download), with the server process's peak RSS; and the bare writers (exceljs's
// streaming WorkbookWriter, csv-stringify) on the same cells, in this process, as the yardstick.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { type CellValue, XLSX_FORMATS } from '../../server/src/exports/columns.ts';
import type { ExportSheet } from '../../server/src/exports/kinds.ts';
import { BATCH_SIZE } from '../../server/src/exports/rows.ts';
import { csvWriter, xlsxWriter } from '../../server/src/exports/writers.ts';
import type { ExportFormat } from '../../src/domain/exportFile.ts';
import { exportPath } from '../../src/domain/exportFile.ts';
import { subscribe } from '../../tests/api/support/sse.ts';
import type { BenchServer } from '../api/server.ts';
import { tokenFor } from '../api/tokens.ts';

const MIB = 1024 * 1024;

/** A field of /proc/{pid}/status in MiB (VmRSS now, VmHWM the peak since the start). */
export function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/** Counts what it is given and keeps nothing. */
export class CountingSink extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _: BufferEncoding, done: () => void) {
    this.bytes += chunk.length;
    done();
  }
}

export interface ExportMeasure {
  rows: number;
  /** From the POST to the hub's message (the file is stored). */
  seconds: number;
  bytes: number;
  downloadSeconds: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
}

/** One export on a fresh server (so VmHWM is this export's peak), as the operator sees it. */
export async function measureExport(
  server: BenchServer,
  format: ExportFormat,
  filters: Record<string, unknown>,
): Promise<ExportMeasure> {
  const token = await tokenFor(server.url, 'ageo');
  const id = randomUUID();
  const hub = await subscribe(server.url, [`login/ageo/${id}`], token);
  try {
    const rssBeforeMiB = memoryOf(server.pid, 'VmRSS');
    const t0 = performance.now();
    const started = await fetch(`${server.url}${exportPath('contracts', format)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...filters, uuid: id }),
    });
    if (started.status !== 202) {
      throw new Error(`Export refused: ${started.status} ${await started.text()}`);
    }
    const [event] = await hub.waitForEvents(1, 30 * 60_000);
    const seconds = (performance.now() - t0) / 1000;
    const message = JSON.parse(event.data) as { status: string; rows: number; message?: string };
    if (message.status !== 'done') throw new Error(`Export failed: ${event.data}`);
    const peakRssMiB = memoryOf(server.pid, 'VmHWM');

    const fresh = await tokenFor(server.url, 'ageo');
    const t1 = performance.now();
    const download = await fetch(
      `${server.url}/downloads/${format === 'csv' ? 'csv' : 'excel'}?id=${id}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${fresh}`, 'content-type': 'application/json' },
        body: '{"name":""}',
      },
    );
    if (!download.ok || !download.body) throw new Error(`Download: ${download.status}`);
    const sink = new CountingSink();
    await pipeline(download.body, sink);
    const downloadSeconds = (performance.now() - t1) / 1000;
    return {
      rows: message.rows,
      seconds,
      bytes: sink.bytes,
      downloadSeconds,
      rssBeforeMiB,
      peakRssMiB: Math.max(peakRssMiB, memoryOf(server.pid, 'VmHWM')),
    };
  } finally {
    hub.close();
  }
}

export interface BareMeasure {
  rows: number;
  seconds: number;
  bytes: number;
}

/**
 * The bare writer on `rows` rows cycled from `sample` (cells already typed or formatted, as
 * the export hands them over), with the same options and column formats as the export.
 */
export async function measureBare(
  format: ExportFormat,
  sheet: ExportSheet,
  sample: CellValue[][],
  rows: number,
): Promise<BareMeasure> {
  const sink = new CountingSink();
  const t0 = performance.now();
  if (format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: sink,
      useStyles: true,
      useSharedStrings: false,
    });
    const worksheet = workbook.addWorksheet(sheet.title);
    worksheet.columns = sheet.columns.map((c, i) => {
      const numFmt = XLSX_FORMATS[c.kind];
      return { header: c.header, key: `c${i}`, width: c.width, style: numFmt ? { numFmt } : {} };
    });
    for (let i = 0; i < rows; i++) {
      worksheet.addRow(sample[i % sample.length]).commit();
      // Same rhythm as the export (a turn of the event loop per batch of 1,000).
      if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
    }
    worksheet.commit();
    await workbook.commit();
  } else {
    const csv = stringify({
      bom: true,
      delimiter: ';',
      record_delimiter: '\r\n',
      header: true,
      columns: sheet.columns.map((c) => c.header),
    });
    const done = pipeline(csv, sink);
    for (let i = 0; i < rows; i++) {
      if (!csv.write(sample[i % sample.length])) await new Promise((r) => csv.once('drain', r));
    }
    csv.end();
    await done;
  }
  return { rows, seconds: (performance.now() - t0) / 1000, bytes: sink.bytes };
}

/**
 * The export's own writer (server/src/exports/writers.ts) alone on `rows` rows cycled from
 * `sample` (the columns' values, as the export reads them), with no database: set beside the
 * export, what reading, scoping and shaping the rows cost on top of writing them.
 */
export async function measureWriter(
  format: ExportFormat,
  sheet: ExportSheet,
  sample: CellValue[][],
  rows: number,
): Promise<BareMeasure> {
  const sink = new CountingSink();
  const t0 = performance.now();
  const writer = (format === 'csv' ? csvWriter : xlsxWriter)(sink, sheet);
  for (let i = 0; i < rows; i++) {
    writer.add(sample[i % sample.length]);
    if (i % BATCH_SIZE === BATCH_SIZE - 1) await writer.drained();
  }
  await writer.finish();
  return { rows, seconds: (performance.now() - t0) / 1000, bytes: sink.bytes };
}

export const mib = (bytes: number) => bytes / MIB;
