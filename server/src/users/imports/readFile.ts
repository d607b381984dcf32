// An uploaded import file read into rows of text cells, whatever its name says
// (docs/api.md, "User imports"):
// - the type is judged by the content: a ZIP holding a workbook is an XLSX file, text is CSV,
//   anything else (an image, a PDF, an Excel 97 file) is refused with 415;
// - an XLSX file is unpacked once without keeping anything (fflate), counting the bytes: past
//   IMPORT_LIMITS.maxUnpackedBytes it is a zip bomb, refused with 413 before exceljs reads it;
//   exceljs then streams the first sheet, and stops past the row limit;
// - a formula cell is read as its text ('=1+1'), never evaluated; a date as DD/MM/YYYY;
// - CSV is UTF-8 with or without BOM (Windows-1252 if it is not valid UTF-8, as Excel writes
//   it in France), separated by ';' or ',' as its header line says;
// - headers are matched against IMPORT_COLUMNS by name or label; the cells of a row are a Map,
//   so that a header such as `__proto__` is just an ignored column.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate } from 'fflate';
import { longDate } from '../../../../src/domain/format.ts';
import {
  columnLabel,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type ImportColumn,
  type ImportFormat,
} from '../../../../src/domain/userImport.ts';
import { type HttpError, httpError } from '../../http/problem.ts';

export interface ImportRow {
  /** The line in the file (the header is line 1). */
  line: number;
  /** Cell text by column header (IMPORT_COLUMNS' `header`), trimmed. */
  cells: Map<string, string>;
}

export interface ImportTable {
  format: ImportFormat;
  rows: ImportRow[];
  /** Headers of the file that name no column, ignored. */
  ignored: string[];
}

const limits = IMPORT_LIMITS;
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} Mo`;
const thousands = (n: number) => n.toLocaleString('fr-FR');

export const notAnImportFile = () =>
  httpError(
    415,
    "Ce fichier n'est ni un fichier CSV ni un classeur Excel (.xlsx) : enregistrez-le dans l'un de ces formats.",
  );

/** Lowercase, no accent, words joined by '_': 'Clé de regroupement' → 'cle_de_regroupement'. */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-'’]+/g, '_');

const BY_NAME = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((c) => [
    [normalise(c.header), c],
    [normalise(columnLabel(c)), c],
  ]),
);

/** The file's type from its first bytes and, for a ZIP, its parts. */
function formatOf(bytes: Buffer): ImportFormat {
  if (bytes.length === 0) throw httpError(422, 'Le fichier est vide.');
  // PK\3\4: a ZIP (an XLSX workbook is one).
  if (bytes.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  // D0 CF 11 E0: a compound document, Excel 97-2003.
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0xd0cf11e0) {
    throw httpError(
      415,
      'Les classeurs Excel 97-2003 (.xls) ne sont pas pris en charge : enregistrez le fichier au format .xlsx ou CSV.',
    );
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') throw notAnImportFile();
  // Text has no control character but tab, line feed and carriage return.
  for (const byte of bytes.subarray(0, 64 * 1024)) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) {
      throw notAnImportFile();
    }
  }
  return 'csv';
}

/**
 * Unpacks the workbook without keeping it: its parts, and 413 as soon as they add up past the
 * limit (whatever sizes the archive declares).
 */
function inspectZip(bytes: Buffer): void {
  const names = new Set<string>();
  let unpacked = 0;
  let refusal: HttpError | undefined;
  const unzip = new Unzip((file) => {
    names.add(file.name);
    if (names.size > 2000) refusal ??= notAnImportFile();
    file.ondata = (error, chunk) => {
      if (error) refusal ??= notAnImportFile();
      unpacked += chunk?.length ?? 0;
      if (unpacked > limits.maxUnpackedBytes) {
        refusal ??= httpError(
          413,
          `Ce classeur se décompresse en plus de ${megabytes(limits.maxUnpackedBytes)} : il est refusé.`,
        );
        file.terminate();
      }
    };
    if (!refusal) file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Fed in slices so that a refusal stops the work early.
    for (let at = 0; at < bytes.length && !refusal; at += 64 * 1024) {
      const end = Math.min(at + 64 * 1024, bytes.length);
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch {
    refusal ??= notAnImportFile();
  }
  if (refusal) throw refusal;
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw notAnImportFile();
  }
}

/**
 * The text of an XLSX cell: a formula as its text, rich text joined, a date as the sheet shows
 * it in French (DD/MM/YYYY), never as Excel's serial number.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return longDate(value.toISOString().slice(0, 10));
  if (typeof value !== 'object') return String(value);
  if ('formula' in value && value.formula) return `=${value.formula}`;
  if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

const tooManyRows = () =>
  httpError(
    422,
    `Le fichier compte plus de ${thousands(limits.maxRows)} lignes : découpez-le en plusieurs fichiers.`,
  );

/** The first sheet's rows as text, the header included. */
async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  inspectZip(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Read for the number formats: a cell formatted as a date is a Date, not its serial number.
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: string[][] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (rows.length > limits.maxRows + 1) throw tooManyRows();
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        // Rows of the sheet are numbered; an empty row in between keeps its place.
        while (rows.length < row.number - 1) rows.push([]);
        rows.push(values.map(cellText));
      }
      break;
    }
  } catch (error) {
    if ((error as HttpError).statusCode) throw error;
    throw httpError(422, "Ce classeur Excel est endommagé : il n'a pas pu être lu.");
  }
  return rows;
}

/** UTF-8 (its BOM dropped), or Windows-1252 when the bytes are not UTF-8. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** ';' or ',': whichever the header line holds more of, outside quotes. */
function separatorOf(text: string): ';' | ',' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const outside = header.replace(/"[^"]*"/g, '');
  const count = (c: string) => outside.split(c).length - 1;
  return count(';') >= count(',') && count(';') > 0 ? ';' : ',';
}

function csvRows(bytes: Buffer): string[][] {
  const text = decodeText(bytes);
  try {
    const rows = parse(text, {
      bom: true,
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 64 * 1024,
      to_line: limits.maxRows + 2,
    }) as string[][];
    return rows;
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      // csv-parse names the end of the file; the user needs the line the quote opened on.
      const opened = unclosedQuoteLine(text);
      throw httpError(
        422,
        `Le fichier CSV est mal formé : le guillemet ouvert${opened ? ` ligne ${opened}` : ''} n'est jamais fermé.`,
      );
    }
    if (code === 'CSV_MAX_RECORD_SIZE') {
      throw httpError(
        422,
        `La ligne ${lines ?? ''} du fichier dépasse 64 Ko : un fichier d'import décrit un utilisateur par ligne ; vérifiez les fins de ligne et le séparateur.`,
      );
    }
    throw httpError(
      422,
      `Le fichier CSV est mal formé${lines ? ` (ligne ${lines})` : ''} : vérifiez les guillemets et le séparateur.`,
    );
  }
}

/** The line where a quoted cell opens and never closes (a quote at a cell's start), if any. */
function unclosedQuoteLine(text: string): number | undefined {
  const separator = separatorOf(text);
  let line = 1;
  let opened: number | undefined;
  let atCellStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (opened !== undefined) {
      if (c === '"' && text[i + 1] === '"') i++;
      else if (c === '"') {
        opened = undefined;
        atCellStart = false;
      } else if (c === '\n') line++;
      continue;
    }
    if (c === '"' && atCellStart) opened = line;
    if (c === '\n') line++;
    atCellStart = c === separator || c === '\n' || c === '\r' || c === '\ufeff';
  }
  return opened;
}

export async function readImportFile(bytes: Buffer): Promise<ImportTable> {
  const format = formatOf(bytes);
  const all = format === 'xlsx' ? await xlsxRows(bytes) : csvRows(bytes);
  const [header = [], ...data] = all;
  if (data.length > limits.maxRows) throw tooManyRows();

  const columns: (ImportColumn | undefined)[] = [];
  const ignored: string[] = [];
  const seen = new Set<ImportColumn>();
  for (const raw of header) {
    const column = BY_NAME.get(normalise(raw ?? ''));
    if (column && seen.has(column)) {
      throw httpError(422, `La colonne « ${column.header} » apparaît deux fois dans l'en-tête.`);
    }
    if (column) seen.add(column);
    else if ((raw ?? '').trim()) ignored.push(raw.trim());
    columns.push(column);
  }
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !seen.has(c));
  if (missing.length) {
    throw httpError(
      422,
      `Colonnes obligatoires absentes de l'en-tête : ${missing.map((c) => c.header).join(', ')}. Le modèle de fichier les donne toutes.`,
    );
  }

  const rows: ImportRow[] = [];
  data.forEach((values, index) => {
    const cells = new Map<string, string>();
    values.forEach((value, at) => {
      const column = columns[at];
      if (column) cells.set(column.header, String(value ?? '').trim());
    });
    // A blank line is no user.
    if ([...cells.values()].some((value) => value !== '')) rows.push({ line: index + 2, cells });
  });
  if (!rows.length) throw httpError(422, "Le fichier ne contient aucune ligne d'utilisateur.");
  return { format, rows, ignored };
}
