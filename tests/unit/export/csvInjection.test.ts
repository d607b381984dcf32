// @vitest-environment node
// Formula injection through the export files, for any text (issue 18, point 6): the CSV the
// server writes (server/src/exports/writers.ts), read back by a proper CSV parser and by a
// reader that ends a row at any bare CR or LF as Excel and LibreOffice do, never holds a cell
// whose first non-blank character is a formula sign, and gives every value back as it was, a
// single quote before it where it was neutralised. The XLSX writer neutralises the same text
// cells and keeps amounts as numbers.
import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CellValue, Column } from '../../../server/src/exports/columns.ts';
import { csvWriter, type SheetLayout, xlsxWriter } from '../../../server/src/exports/writers.ts';
import { neutraliseCell } from '../../../src/domain/exportFile.ts';

/** Written down here on its own, not imported: the rule the files must keep. */
const FORMULA = /^[\s\u180e\u200b-\u200d\u2060]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const isFormula = (cell: string) => FORMULA.test(cell);

const layout = (kinds: Array<Column<never>['kind']>): SheetLayout => ({
  title: 'Test',
  columns: kinds.map((kind, i) => ({ header: `Colonne ${i}`, kind, width: 10, value: () => null })),
});

async function written(
  writer: typeof csvWriter | typeof xlsxWriter,
  kinds: Array<Column<never>['kind']>,
  rows: CellValue[][],
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const sheet = writer(out, layout(kinds));
  for (const row of rows) sheet.add(row);
  await sheet.finish();
  return Buffer.concat(chunks);
}

const csvOf = async (rows: CellValue[][]) =>
  (await written(csvWriter, ['text', 'text'], rows)).toString('utf8');

/** A proper CSV reader: the record delimiter the file announces (CRLF), quotes honoured. */
const properly = (text: string): string[][] =>
  parse(text, { bom: true, delimiter: ';', relax_column_count: true });

/** A reader that ends a row at any CR or LF outside quotes, as spreadsheets do. */
const splittingOnCr = (text: string): string[][] =>
  parse(text, {
    bom: true,
    delimiter: ';',
    record_delimiter: ['\r\n', '\r', '\n'],
    relax_column_count: true,
  });

/** Text likely to matter: formula signs, blanks of every kind, line breaks, quotes, ';'. */
const risky = fc.string({
  unit: fc.constantFrom(
    '=',
    '+',
    '-',
    '@',
    '\t',
    '\r',
    '\n',
    ' ',
    '\u00a0',
    '\u202f',
    '\u3000',
    '\ufeff',
    '\u200b',
    '\uff1d',
    '\uff0b',
    '\uff0d',
    '\uff20',
    ';',
    '"',
    "'",
    'a',
    '1',
  ),
  maxLength: 12,
});
const anyText = fc.oneof(risky, fc.string({ unit: 'binary', maxLength: 20 }));

describe('CSV export and formula injection (any text)', () => {
  it('a value starting with CR then a formula stays one quoted, neutralised cell', async () => {
    const text = await csvOf([['\r=1+1', 'fin']]);
    expect(text).toContain('"\'\r=1+1";fin\r\n');
    for (const read of [properly, splittingOnCr]) {
      expect(read(text)).toEqual([
        ['Colonne 0', 'Colonne 1'],
        ["'\r=1+1", 'fin'],
      ]);
    }
  });

  it('quotes any cell holding a line break, even without a formula', async () => {
    const text = await csvOf([['a\rb', 'c\nd']]);
    expect(text).toContain('"a\rb";"c\nd"\r\n');
  });

  it('never yields a formula cell, and gives every value back but for the quote', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (first, second) => {
        const text = await csvOf([
          [first, second],
          ['ligne', 'suivante'],
        ]);
        for (const read of [properly, splittingOnCr]) {
          const records = read(text);
          for (const cell of records.flat()) expect(isFormula(cell)).toBe(false);
          expect(records).toEqual([
            ['Colonne 0', 'Colonne 1'],
            [neutraliseCell(first), neutraliseCell(second)],
            ['ligne', 'suivante'],
          ]);
        }
        for (const value of [first, second]) {
          const cell = neutraliseCell(value);
          expect(cell === value || cell === `'${value}`).toBe(true);
          // Only what would be read as a formula is touched.
          expect(cell !== value).toBe(isFormula(value));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('XLSX export and formula injection', () => {
  it('neutralises text cells as the CSV does, and keeps amounts and integers as numbers', async () => {
    // (No CR here: XML reads a CR back as LF.)
    const texts = ['\u00a0=1+1', '\uff1dSUM(A1)', ' -2', 'Dupont', '\t=1', '@x'];
    const file = await written(
      xlsxWriter,
      ['text', 'amount', 'integer'],
      texts.map((text, i) => [text, -12.5 - i, -i]),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    texts.forEach((text, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(neutraliseCell(text));
      expect(isFormula(String(row.getCell(1).value))).toBe(false);
      expect(row.getCell(2).value).toBe(-12.5 - i);
      expect(row.getCell(3).value).toBe(-i === 0 ? 0 : -i);
    });
  });
});
