// The cells the export writers produce (server/src/exports/columns.ts) and the download's
// Content-Disposition (disposition.ts).
import { describe, expect, it } from 'vitest';
import { csvCell, xlsxCell } from '../../../server/src/exports/columns.ts';
import { asciiFileName, attachment } from '../../../server/src/exports/disposition.ts';

describe('XLSX cells', () => {
  it('neutralises text and keeps numbers typed', () => {
    expect(xlsxCell('text', '=1+1')).toBe("'=1+1");
    expect(xlsxCell('text', null)).toBeNull();
    expect(xlsxCell('integer', 12)).toBe(12);
    expect(xlsxCell('amount', '-12.5')).toBe(-12.5);
    expect(xlsxCell('amount', '')).toBeNull();
  });

  it('writes dates as Excel serial days (a date format shows them)', () => {
    expect(xlsxCell('date', '1970-01-01')).toBe(25_569);
    expect(xlsxCell('shortDate', '2026-09-01')).toBe(46_266);
    expect(xlsxCell('date', null)).toBeNull();
    expect(xlsxCell('date', 'soon')).toBeNull();
  });
});

describe('CSV cells', () => {
  it('shows dates as the screen does', () => {
    expect(csvCell('shortDate', '2026-09-01')).toBe('01/09/26');
    expect(csvCell('date', '2026-09-01')).toBe('01/09/2026');
    expect(csvCell('date', null)).toBe('-');
  });

  it('writes amounts with a decimal comma, integers plainly, text neutralised', () => {
    expect(csvCell('amount', 1234.5)).toBe('1234,50');
    expect(csvCell('percent', 4.25)).toBe('4,25');
    expect(csvCell('integer', 3)).toBe('3');
    expect(csvCell('text', '@cmd')).toBe("'@cmd");
    expect(csvCell('text', undefined)).toBe('');
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII name and the exact UTF-8 one (RFC 5987)', () => {
    expect(attachment('assurés_12.xlsx')).toBe(
      `attachment; filename="assures_12.xlsx"; filename*=UTF-8''assur%C3%A9s_12.xlsx`,
    );
    expect(asciiFileName('a"b\\c€.csv')).toBe('a_b_c_.csv');
    expect(attachment("l'été (1).csv")).toContain(
      "filename*=UTF-8''l%27%C3%A9t%C3%A9%20%281%29.csv",
    );
  });
});
