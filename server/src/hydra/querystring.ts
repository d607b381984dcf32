// The query-string parser the whole server uses (Fastify's routerOptions.querystringParser):
// qs reads the nested forms the Hydra API takes, `order[field]=asc`, `dtDebVal[after]=...`,
// arrays as `f[]=a` or `f[0]=a` (what @api-platform/admin sends) and repeated `f=a&f=b`.
// Dotted names (`customer.id`) stay flat keys, as API Platform reads them.
import qs from 'qs';

export function parseQueryString(raw: string): Record<string, unknown> {
  return qs.parse(raw, {
    depth: 3,
    arrayLimit: 100,
    parameterLimit: 1000,
    duplicates: 'combine',
    allowDots: false,
    allowPrototypes: false,
  });
}
