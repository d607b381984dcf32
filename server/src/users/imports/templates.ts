// The import templates (GET /api/user_import_logs/template.csv and .xlsx): the header of every
// column of IMPORT_COLUMNS and one example line, in the two formats an import reads. Written
// from the same list the reader matches headers against, so the template always imports.

import ExcelJS from 'exceljs';
import {
  columnLabel,
  IMPORT_COLUMNS,
  type ImportFormat,
} from '../../../../src/domain/userImport.ts';
import { csvHeaderLine, csvLine } from '../../exports/writers.ts';

export const TEMPLATE_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const headers = IMPORT_COLUMNS.map((c) => c.header);

/**
 * `format`'s template. `organization`: the importer's own organisation, written in the example
 * line, so that the template imports as it is for a partner administrator too (the declared
 * example names the operator's, which only the operator may attach users to).
 */
export async function importTemplate(
  format: ImportFormat,
  organization?: number | null,
): Promise<Buffer> {
  const example = IMPORT_COLUMNS.map((c) =>
    c.property === 'organization' && organization ? String(organization) : c.example,
  );
  if (format === 'csv') {
    // As the exports write CSV (BOM, ';', CRLF): what Excel opens as UTF-8 in France.
    return Buffer.from(`${csvHeaderLine(headers)}${csvLine(example)}`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Utilisateurs');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.header,
    width: Math.max(14, columnLabel(c).length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(example);
  // Every cell is text: an organisation's SIRET keeps its leading zeros.
  for (let column = 1; column <= headers.length; column++) sheet.getColumn(column).numFmt = '@';
  // The help of each column, as a note on its header.
  IMPORT_COLUMNS.forEach((c, at) => {
    sheet
      .getRow(1)
      .getCell(at + 1).note = `${columnLabel(c)}${c.required ? ' (obligatoire)' : ''} : ${c.help}`;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
