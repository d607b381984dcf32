// Runs an export the way the SPA does (spec §4): a uuid, a subscription to the hub's
// login/{login}/{uuid} topic, POST /export/..., the hub's message, POST /downloads/...; and
// reads the file back: XLSX with exceljs, CSV as Excel in France reads it (BOM, ';', CRLF).
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Account, Json, ScopedApi } from './scopedApi.ts';
import { subscribe } from './sse.ts';

export type Kind = 'contracts' | 'insureds' | 'cotisations';
export type Format = 'xlsx' | 'csv';

export const exportPath = (kind: Kind, format: Format) =>
  `/export/${kind}${format === 'csv' ? 'Csv' : ''}`;

export const downloadPath = (format: Format, id: string) =>
  `/downloads/${format === 'csv' ? 'csv' : 'excel'}?id=${id}`;

export async function post(
  api: ScopedApi,
  user: Account | undefined,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (user) headers.authorization = `Bearer ${await api.token(user)}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(new URL(path, api.server.url), {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface ExportResult {
  id: string;
  /** The hub's message. */
  message: Json;
  download: Response;
}

/** The whole flow; fails the test if the hub does not announce a stored file in time. */
export async function runExport(
  api: ScopedApi,
  user: Account,
  kind: Kind,
  format: Format,
  filters: Json = {},
  name?: string,
): Promise<ExportResult> {
  const id = randomUUID();
  const token = await api.token(user);
  const hub = await subscribe(api.server.url, [`login/${user}/${id}`], token);
  try {
    expect(hub.status).toBe(200);
    const started = await post(api, user, exportPath(kind, format), { ...filters, uuid: id });
    expect(started.status, await started.clone().text()).toBe(202);
    expect(await started.json()).toEqual({ accepted: true, id });
    const [event] = await hub.waitForEvents(1, 60_000);
    const message = JSON.parse(event.data) as Json;
    expect(message, JSON.stringify(message)).toMatchObject({ id, status: 'done', format });
    const download = await post(api, user, downloadPath(format, id), { name: name ?? '' });
    return { id, message, download };
  } finally {
    hub.close();
  }
}

/** The rows of an XLSX file's first sheet (header first), cell values as exceljs reads them. */
export async function xlsxRows(bytes: ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The number format of every cell of an XLSX file's first sheet, by column header. */
export async function xlsxFormats(bytes: ArrayBuffer): Promise<Map<string, Set<string>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const formats = new Map(headers.map((header) => [header, new Set<string>()]));
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      formats.get(headers[column - 1])?.add(cell.numFmt ?? 'General');
    });
  });
  return formats;
}

/** The rows of a CSV file (header first), after checking the byte-order mark and the CRLFs. */
export function csvRows(bytes: ArrayBuffer): string[][] {
  const buffer = Buffer.from(bytes);
  expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = buffer.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '').includes('\n')).toBe(false);
  return parse(text, { delimiter: ';', record_delimiter: '\r\n', relax_column_count: false });
}

export async function fileRows(format: Format, response: Response): Promise<unknown[][]> {
  const bytes = await response.arrayBuffer();
  return format === 'csv' ? csvRows(bytes) : xlsxRows(bytes);
}
