// @vitest-environment node
// The CSV writer (server/src/exports/writers.ts) writes its lines itself since issue 19: byte for
// byte what csv-stringify wrote with the options the file had (BOM, ';', CRLF, quotes where a
// cell holds ';', '"', CR or LF), for any text and every kind of cell, dates included (each
// formatted once per export).
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CellValue, type Column, csvCell } from '../../../server/src/exports/columns.ts';
import { csvField, csvWriter, type SheetLayout } from '../../../server/src/exports/writers.ts';

type Kind = Column<never>['kind'];
const KINDS: Kind[] = ['text', 'date', 'shortDate', 'integer', 'amount', 'percent'];

const layout = (headers: string[]): SheetLayout => ({
  title: 'Test',
  columns: headers.map((header, i) => ({
    header,
    kind: KINDS[i % KINDS.length],
    width: 10,
    value: () => null,
  })),
});

/** What csv-stringify wrote with the writer's former options. */
const stringified = (headers: string[], rows: CellValue[][]) =>
  `\ufeff${stringify(
    rows.map((row) => row.map((value, i) => csvCell(KINDS[i % KINDS.length], value))),
    {
      delimiter: ';',
      record_delimiter: '\r\n',
      quoted_match: /[\r\n]/,
      header: true,
      columns: headers,
    },
  )}`;

async function written(headers: string[], rows: CellValue[][], batch = 3): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = csvWriter(out, layout(headers));
  rows.forEach((row, i) => {
    writer.add(row);
    if (i % batch === batch - 1) void writer.drained();
  });
  await writer.finish();
  return Buffer.concat(chunks).toString('utf8');
}

const text = fc.oneof(
  fc.string({
    unit: fc.constantFrom('=', '-', '@', '\t', '\r', '\n', ' ', '\u00a0', ';', '"', "'", 'a', 'É'),
    maxLength: 10,
  }),
  fc.string({ unit: 'binary', maxLength: 16 }),
);
const value: fc.Arbitrary<CellValue> = fc.oneof(
  text,
  fc.constantFrom('2024-02-29', '2023-02-29', '1999-12-31', '2024-13-01', '', null, undefined),
  fc.double({ noNaN: false }),
  fc.integer(),
  fc.boolean(),
);

describe('CSV lines written by the export', () => {
  it('quotes a field holding ; " CR or LF, its quotes doubled, and no other', () => {
    expect(csvField('abc')).toBe('abc');
    expect(csvField('')).toBe('');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('dit "oui"')).toBe('"dit ""oui"""');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField(" 'x ")).toBe(" 'x ");
  });

  it('writes byte for byte what csv-stringify wrote, for any cells', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 8 }),
        fc.array(fc.array(value, { minLength: 8, maxLength: 8 }), { maxLength: 8 }),
        async (headers, rows) => {
          const cut = rows.map((row) => row.slice(0, headers.length));
          expect(await written(headers, cut)).toBe(stringified(headers, cut));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the same date the same text, however often it comes', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => [
      'x',
      `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
      `2024-03-${String((i % 31) + 1).padStart(2, '0')}`,
    ]);
    expect(await written(['a', 'b', 'c'], rows, 7)).toBe(stringified(['a', 'b', 'c'], rows));
  });
});
