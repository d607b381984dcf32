import { describe, expect, it } from 'vitest';
import {
  csvAmount,
  defaultFileBase,
  downloadPath,
  exportFileName,
  exportPath,
  neutraliseCell,
} from '../../../src/domain/exportFile.ts';

describe('neutraliseCell (formula injection)', () => {
  it.each([
    '=1+1',
    '+33 6 12',
    '-2+3',
    '@SUM(A1)',
    '\tTab',
    '\rRetour',
    '=HYPERLINK("x")',
    // After blanks: spaces, tabs, line breaks, NBSP, the narrow NBSP, the ideographic space, a BOM.
    ' =1',
    '   +1',
    '\u00a0=1',
    '\u202f\u3000@x',
    '\ufeff-1',
    '\u200b=1',
    '\n=1+1',
    '\r\n=1+1',
    ' \t ',
    // The full-width signs.
    '\uff1d1+1',
    '\uff0b1',
    '\uff0d1',
    '\uff20SUM(A1)',
    ' \uff1d1',
  ])('prefixes %j with a single quote', (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it.each(['Dupont', '', ' ', "'=déjà", "  '=déjà", 'a=b', '12,50', '€', 'Jean-Pierre', 'x\r=1'])(
    'leaves %j alone',
    (value) => {
      expect(neutraliseCell(value)).toBe(value);
    },
  );
});

describe('file names (spec §5)', () => {
  it('gives the default names', () => {
    expect(defaultFileBase({ kind: 'insureds', id: 12 })).toBe('assures_12');
    expect(defaultFileBase({ kind: 'insureds', id: 12, accented: true })).toBe('assurés_12');
    expect(defaultFileBase({ kind: 'contracts', id: 7 })).toBe('contrats_7');
    expect(defaultFileBase({ kind: 'cotisations', uuid: 'abc' })).toBe('cotisations_abc');
  });

  it('uses the default when the name is blank, and adds the extension once', () => {
    expect(exportFileName('', 'contrats_7', 'xlsx')).toBe('contrats_7.xlsx');
    expect(exportFileName('   ', 'contrats_7', 'csv')).toBe('contrats_7.csv');
    expect(exportFileName(null, 'assurés_3', 'csv')).toBe('assurés_3.csv');
    expect(exportFileName('Mes contrats', 'x', 'xlsx')).toBe('Mes contrats.xlsx');
    expect(exportFileName('bilan.XLSX', 'x', 'xlsx')).toBe('bilan.xlsx');
    expect(exportFileName('bilan.csv', 'x', 'xlsx')).toBe('bilan.csv.xlsx');
  });

  it('keeps no path or control character, and no endless name', () => {
    expect(exportFileName('../../etc/passwd', 'x', 'csv')).toBe('.. .. etc passwd.csv');
    expect(exportFileName('a\u0000b\nc', 'x', 'csv')).toBe('a b c.csv');
    expect(exportFileName('n'.repeat(400), 'x', 'csv')).toHaveLength(150 + 4);
  });
});

describe('paths and amounts', () => {
  it('names the export and download calls of spec §7', () => {
    expect(exportPath('insureds', 'xlsx')).toBe('/export/insureds');
    expect(exportPath('cotisations', 'csv')).toBe('/export/cotisationsCsv');
    expect(downloadPath('xlsx', 'u-1')).toBe('/downloads/excel?id=u-1');
    expect(downloadPath('csv', 'u-1')).toBe('/downloads/csv?id=u-1');
  });

  it('writes CSV amounts with two decimals and a decimal comma', () => {
    expect(csvAmount(1234.5)).toBe('1234,50');
    expect(csvAmount(0)).toBe('0,00');
    expect(csvAmount(-12.345)).toBe('-12,35');
    expect(csvAmount(null)).toBe('');
    expect(csvAmount(Number.NaN)).toBe('');
  });
});
