// Export files of spec partner-extranet §4, §5 and §7, shared by the SPA (which names the file
// it asks for) and the server (which writes it): kinds, formats, default names, and the one
// rule that keeps a spreadsheet from running what a cell says. Pure: no I/O, no React.

/** What can be exported: the path after /export/ is the kind, plus 'Csv' for the CSV variant. */
export const EXPORT_KINDS = ['contracts', 'insureds', 'cotisations'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === 'string' && (EXPORT_KINDS as readonly string[]).includes(value);
}

/** POST /export/contracts (XLSX) or /export/contractsCsv (CSV). */
export const exportPath = (kind: ExportKind, format: ExportFormat) =>
  `/export/${kind}${format === 'csv' ? 'Csv' : ''}`;

/** POST /downloads/excel?id= or /downloads/csv?id= (spec §7). */
export const downloadPath = (format: ExportFormat, id: string) =>
  `/downloads/${format === 'csv' ? 'csv' : 'excel'}?id=${encodeURIComponent(id)}`;

/** The format's name as the spec's messages say it: 'Excel' or 'CSV'. */
export const formatLabel = (format: ExportFormat) => (format === 'csv' ? 'CSV' : 'Excel');

export const FILE_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  xlsx: '.xlsx',
  csv: '.csv',
};

export const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The default name of spec §5 (without extension): assures_{id}, assurés_{id} (the accented
 * variant, a customer's insured), contrats_{id} or cotisations_{uuid}.
 */
export type DefaultName =
  | { kind: 'insureds'; id: string | number; accented?: boolean }
  | { kind: 'contracts'; id: string | number }
  | { kind: 'cotisations'; uuid: string };

export function defaultFileBase(name: DefaultName): string {
  switch (name.kind) {
    case 'insureds':
      return `${name.accented ? 'assurés' : 'assures'}_${name.id}`;
    case 'contracts':
      return `contrats_${name.id}`;
    default:
      return `cotisations_${name.uuid}`;
  }
}

/**
 * The file name to save: the user's (trimmed, without path separators or control characters,
 * at most 150 characters), or the default when blank; the format's extension added when
 * missing.
 */
export function exportFileName(
  wanted: string | null | undefined,
  fallback: string,
  format: ExportFormat,
): string {
  const extension = FILE_EXTENSIONS[format];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const cleaned = (wanted ?? '').replace(/[\u0000-\u001f\u007f/\\]/g, ' ').trim();
  let base = (cleaned || fallback).slice(0, 150).trim();
  if (base.toLowerCase().endsWith(extension)) base = base.slice(0, -extension.length);
  return `${base || fallback}${extension}`;
}

/**
 * A text cell read as a formula (or hiding what follows): its first non-blank character is
 * = + - @, a tab, a carriage return, or the full-width ＝ ＋ － ＠ some spreadsheets take for
 * them. Blanks are every Unicode space (\s: space, tab, line breaks, NBSP, the typographic
 * spaces, the byte-order mark) and the zero-width ones \s leaves out.
 */
const FORMULA_START = /^[\s\u180e\u200b-\u200d\u2060]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/**
 * Neutralises formula injection (OWASP "CSV injection"): a text cell whose first non-blank
 * character is =, +, -, @ (or their full-width forms), a tab or a carriage return is prefixed
 * with a single quote, so Excel and LibreOffice show it as text instead of evaluating it. Both
 * formats go through it; numbers and dates the writers produce themselves are typed values,
 * not text, and are left alone (a negative amount stays a number).
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** CSV amounts: two decimals with a French decimal comma and no grouping ('1234,50'). */
export function csvAmount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return value.toFixed(2).replace('.', ',');
}
