// A column of an export: its French header, what kind of value it holds, and how to read it
// from a list member (the JSON the list endpoint would answer, so a file says what the screen
// says). The writers turn each kind into a typed XLSX cell or a CSV text the way spec §3 and §9
// show it.
import { csvAmount, neutraliseCell } from '../../../src/domain/exportFile.ts';
import { longDate, shortDate } from '../../../src/domain/format.ts';
import { type AnyClass, allLabels, type ExportKind } from '../../../src/domain/schema/types.ts';

/**
 * text: free text, neutralised against formulas; amount: two decimals (euros); percent: a rate
 * (4.25 means 4,25 %); date: DD/MM/YYYY; shortDate: DD/MM/YY, the dates of the main lists.
 */
export type CellKind = ExportKind;

export type CellValue = string | number | boolean | null | undefined;

export interface Column<M> {
  header: string;
  kind: CellKind;
  /** Width in characters (XLSX). */
  width: number;
  value(member: M): CellValue;
}

export const column = <M>(
  header: string,
  kind: CellKind,
  width: number,
  value: (member: M) => CellValue,
): Column<M> => ({ header, kind, width, value });

/** Excel's number formats per kind; text and integers need none. */
export const XLSX_FORMATS: Partial<Record<CellKind, string>> = {
  amount: '#,##0.00',
  percent: '0.00" %"',
  date: 'dd/mm/yyyy',
  shortDate: 'dd/mm/yy',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as an Excel serial day
const MS_PER_DAY = 86_400_000;

/** 'YYYY-MM-DD' as an Excel serial day (a plain number the date format shows). */
function excelDay(value: CellValue): number | null {
  const m = typeof value === 'string' ? DAY.exec(value) : null;
  if (!m) return null;
  const time = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(time) ? null : EXCEL_EPOCH_DAYS + time / MS_PER_DAY;
}

const numberOf = (value: CellValue): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Neutralised text; a cell starting with a letter or a digit (most) has nothing to neutralise. */
function textOf(value: CellValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  const first = text.charCodeAt(0);
  // 0-9, A-Z, a-z: neither a blank nor a formula's start (neutraliseCell's rule, exportFile.ts).
  if (
    first <= 0x7a &&
    (first >= 0x61 || (first >= 0x41 && first <= 0x5a) || (first >= 0x30 && first <= 0x39))
  ) {
    return text;
  }
  return neutraliseCell(text);
}

/** The XLSX cell: a number (dates as serial days under a date format), or neutralised text. */
export function xlsxCell(kind: CellKind, value: CellValue): string | number | null {
  switch (kind) {
    case 'text':
      return value === null || value === undefined ? null : textOf(value);
    case 'date':
    case 'shortDate':
      return excelDay(value);
    default:
      return numberOf(value);
  }
}

/** The CSV text: French decimal comma, dates as on screen ('-' when missing), neutralised text. */
export function csvCell(kind: CellKind, value: CellValue): string {
  switch (kind) {
    case 'text':
      return textOf(value);
    case 'date':
      return longDate(typeof value === 'string' ? value : undefined);
    case 'shortDate':
      return shortDate(typeof value === 'string' ? value : undefined);
    case 'integer':
      return numberOf(value)?.toString() ?? '';
    default:
      return csvAmount(numberOf(value));
  }
}

const NAME_KEYS = ['label', 'legalname', 'name', 'lbProduit', 'lbContrat', 'username'];

/** A member's value as one cell: a related record by its name, a list as names joined. */
export function cellOf(value: unknown): CellValue {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) {
    return [
      ...new Set(value.map(cellOf).filter((v) => v !== null && v !== undefined && v !== '')),
    ].join(', ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const key = NAME_KEYS.find((k) => record[k] !== undefined && record[k] !== null);
    return key === undefined ? null : cellOf(record[key]);
  }
  return value as CellValue;
}

/** Reads a field of a member by its dotted path ('contrat.lbProduit'). */
function fieldOf(path: string): (member: Record<string, unknown>) => unknown {
  const keys = path.split('.');
  if (keys.length === 1) return (member) => member[path];
  return (member) => {
    let value: unknown = member;
    for (const key of keys) value = (value as Record<string, unknown> | null)?.[key];
    return value;
  };
}

/** The export columns a class declares, headed by their fields' labels (the list's). */
export function classColumns<M extends Record<string, unknown>>(decl: AnyClass): Column<M>[] {
  const labels = allLabels(decl);
  return (decl.exports ?? []).map(({ field, kind, width, value }) => {
    const header = labels[field];
    if (!header) throw new Error(`Class ${decl.name}: export of unlabelled field ${field}`);
    const read = value ?? fieldOf(field);
    return column<M>(header, kind, width, (member) => cellOf(read(member)));
  });
}
