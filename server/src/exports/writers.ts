// The two file formats, written as a stream into any Writable (the database's chunk store, or
// an HTTP answer): XLSX through exceljs's streaming WorkbookWriter (each row committed as soon
// as it is added; no shared strings table, which would keep every text in memory), CSV written
// line by line as Excel in France reads it: UTF-8 with a byte-order mark, ';' between cells,
// CRLF between rows, quotes where a cell needs them, and around any line break.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '../../../src/domain/exportFile.ts';
import { type CellValue, type Column, csvCell, XLSX_FORMATS, xlsxCell } from './columns.ts';
import { onceEach } from './onceEach.ts';

export interface SheetWriter {
  /** One row: a value per column, in the columns' order. */
  add(values: readonly CellValue[]): void;
  /** Resolves when the output has room again (call it between batches). */
  drained(): Promise<void>;
  /** Ends the file; resolves once the output has everything. */
  finish(): Promise<void>;
}

export interface SheetLayout {
  title: string;
  columns: ReadonlyArray<Column<never>>;
}

const closedError = (out: Writable) => out.errored ?? new Error('Flux de sortie fermé');

async function roomIn(out: Writable): Promise<void> {
  if (out.destroyed) throw closedError(out);
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** XML of a sheet waiting for the zip, beyond which the writer waits for it to be zipped. */
const ZIP_BACKLOG_BYTES = 1024 * 1024;

/**
 * exceljs writes a sheet's XML into its zip entry without heeding backpressure (its StreamBuf
 * ignores what write() answers), and the zip moves on only when the event loop turns: written
 * flat out, the XML piled up there, 170 MiB for 300,000 rows. The entry is the stream the
 * sheet's stream pipes into (exceljs internals, read defensively: absent, nothing is awaited).
 */
async function zipCaughtUp(sheet: unknown, out: Writable): Promise<void> {
  const entry = (sheet as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  const state = (entry as { _writableState?: { length: number } } | undefined)?._writableState;
  if (!entry || !state || state.length <= ZIP_BACKLOG_BYTES) return;
  // The entry's 'drain', unless the output fails meanwhile (the zip then never drains).
  const stop = new AbortController();
  try {
    await Promise.race([
      once(entry, 'drain', { signal: stop.signal }),
      once(out, 'close', { signal: stop.signal }).then(() => {
        throw closedError(out);
      }),
    ]);
  } finally {
    stop.abort();
  }
}

export function xlsxWriter(out: Writable, layout: SheetLayout): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(layout.title, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = layout.columns.map((c, i) => {
    const numFmt = XLSX_FORMATS[c.kind];
    return { header: c.header, key: `c${i}`, width: c.width, style: numFmt ? { numFmt } : {} };
  });
  sheet.getRow(1).font = { bold: true };
  const kinds = layout.columns.map((c) => c.kind);
  // One style object per column, given to each of its cells: exceljs names a style by the
  // object (a WeakMap), so a cell with the column's own object costs a lookup, where the copy
  // it makes for each new cell is serialised and compared again (a quarter of its work).
  const styles = sheet.columns.map((c) => c.style ?? {});
  return {
    add(values) {
      const row = sheet.addRow(values.map((value, i) => xlsxCell(kinds[i], value)));
      for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i];
      row.commit();
    },
    async drained() {
      await roomIn(out);
      await zipCaughtUp(sheet, out);
      // Lets the zip stream pull what the sheet has written before more rows come.
      await nextTurn();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** A cell Excel would split or end a row at: ';', a quote, or a line break (CR or LF alone). */
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * One CSV field as csv-stringify writes it with the options this file had (`delimiter: ';'`,
 * `quoted_match: /[\r\n]/`): quoted when it holds ';', '"', CR or LF, its quotes doubled;
 * as it is otherwise. csv-stringify quotes a cell holding the whole CRLF but not a bare CR or LF,
 * which Excel and LibreOffice take for the end of a row ('\r=1+1' would start a row of its own
 * with a formula): any line break is quoted here, so it stays inside its cell.
 */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV row of texts, ended by CRLF (the writer's rows build theirs cell by cell). */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvField).join(';')}\r\n`;

/** The first line of a CSV file: the byte-order mark, then its headers as one row. */
export const csvHeaderLine = (headers: readonly string[]): string => `\ufeff${csvLine(headers)}`;

/** Distinct dates an export keeps formatted (per date column) before starting over. */
const DATES_KEPT = 10_000;

/**
 * CSV as Excel in France reads it: UTF-8 with a byte-order mark, ';' between cells, CRLF after
 * every row, quotes where a cell needs them (csvField). The rows of a batch are written as one
 * text: one Buffer per batch, where a stream transform per row cost as much as reading the rows
 * (docs/benchmarks.md, "Exports").
 */
export function csvWriter(out: Writable, layout: SheetLayout): SheetWriter {
  const kinds = layout.columns.map((c) => c.kind);
  // A date column repeats a few thousand days over a million rows: each is formatted once.
  const dates = kinds.map((kind) =>
    kind === 'date' || kind === 'shortDate'
      ? onceEach(DATES_KEPT, (value) => csvField(csvCell(kind, value)))
      : undefined,
  );
  const cell = (i: number, value: CellValue): string => {
    const date = dates[i];
    return date && typeof value === 'string' ? date(value) : csvField(csvCell(kinds[i], value));
  };
  let pending = csvHeaderLine(layout.columns.map((c) => c.header));
  const flush = () => {
    if (pending) out.write(Buffer.from(pending, 'utf8'));
    pending = '';
  };
  return {
    add(values) {
      let line = cell(0, values[0]);
      for (let i = 1; i < kinds.length; i++) line += `;${cell(i, values[i])}`;
      pending += `${line}\r\n`;
    },
    async drained() {
      if (out.destroyed) throw closedError(out);
      flush();
      await roomIn(out);
    },
    async finish() {
      if (out.destroyed) throw closedError(out);
      flush();
      out.end();
      await finished(out);
    },
  };
}

export const writerFor = (format: ExportFormat) => (format === 'csv' ? csvWriter : xlsxWriter);
