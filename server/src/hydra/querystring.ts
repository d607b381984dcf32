// The query-string parser the whole server uses (Fastify's routerOptions.querystringParser):
// qs reads the nested forms the Hydra API takes, `order[field]=asc`, `dtDebVal[after]=...`,
// arrays as `f[]=a` or `f[0]=a` (what @api-platform/admin sends) and repeated `f=a&f=b`.
// Dotted names (`customer.id`) stay flat keys, as API Platform reads them.
//
// A list is asked for again and again with the same query string (the same screen, the same
// filters, page after page), and qs took 23 µs of the 0.8 ms a computed contract page costs
// the server (docs/benchmarks.md, "Fifth pass"): the strings already read are kept, and each
// request gets its own copy, a few object literals, so that nothing a handler does to its
// query reaches the next request.
import qs from 'qs';
import { BoundedMap } from '../lib/boundedMap.ts';

/** Distinct query strings kept (the oldest is dropped first). */
const QUERIES_KEPT = 1_000;
/** Longer query strings are read every time: they are rare, and would fill the memory kept. */
export const KEPT_LENGTH_MAX = 2_048;

type Parsed = Record<string, unknown>;

function read(raw: string): Parsed {
  return qs.parse(raw, {
    depth: 3,
    arrayLimit: 100,
    parameterLimit: 1000,
    duplicates: 'combine',
    allowDots: false,
    allowPrototypes: false,
  });
}

/** A fresh copy of what qs gives: plain objects, arrays and strings. */
function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy);
  // fromEntries defines each key as an own property: a key named __proto__ stays a key.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)]));
}

const kept = new BoundedMap<string, Parsed>(QUERIES_KEPT);

export function parseQueryString(raw: string): Parsed {
  if (raw.length > KEPT_LENGTH_MAX) return read(raw);
  let parsed = kept.get(raw);
  if (parsed === undefined) {
    parsed = read(raw);
    kept.set(raw, parsed);
  }
  return copy(parsed) as Parsed;
}
