// What an export request carries: the list's filter object (JSON) and a uuid. The filters are
// read by the list's own parser, so an export accepts exactly what the list accepts and refuses
// the same things with the same 400 naming the parameter (docs/api.md "Parameters").
import qs from 'qs';
import { httpError } from '../http/problem.ts';
import { parseQueryString } from '../hydra/querystring.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

/** Paging belongs to a page, not to a file: an export always holds every matching row. */
const PAGING = ['page', 'itemsPerPage', 'after', 'pagination'];

export interface ExportRequest {
  uuid: string;
  /** The filters as the list's query string would give them (qs-parsed). */
  query: Record<string, unknown>;
}

/**
 * The JSON body as a list query: written as a query string and read back by the server's
 * query-string parser, so `{ state: [1, 2], 'dtDebVal[after]': '2024-01-01' }`,
 * `{ dtDebVal: { after: ... } }`, numbers, booleans and nulls all mean what the same pairs
 * in a list's URL mean.
 */
export function exportRequest(body: unknown): ExportRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw httpError(
      400,
      'Le corps de la requête doit être un objet JSON : les filtres et « uuid ».',
    );
  }
  const { uuid, ...filters } = body as Record<string, unknown>;
  if (!isUuid(uuid)) {
    throw httpError(400, 'Le paramètre « uuid » doit être un identifiant UUID.');
  }
  for (const name of PAGING) delete filters[name];
  return { uuid, query: parseQueryString(qs.stringify(filters)) };
}
