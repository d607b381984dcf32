// The resource framework: every API class is declared once (src/domain/schema), and the server
// serves it the same way everywhere (docs/api.md): role rule (403), data scope
// (docs/security.md), parameters (page, itemsPerPage 1..100, order[field] with the §7 aliases,
// filters, date bounds: 400 naming the parameter), capped totals, keyset cursor past the
// counted rows, hydra:view, 404 for unknown and out-of-scope ids. A plain class needs nothing
// more than its declaration (`generic: true`, ./generic.ts); a resource module adds only what
// no declaration can say (./schema.ts):
//
//   // server/src/resources/products/index.ts
//   const products = classSource(Product, {
//     from: (ctx) => ctx.db.selectFrom('product'),            // reference data: no scope
//     select: (qb) => qb.select('product.insurance_company_id'),
//     compute: (rows, ctx) => ...,                             // what no column holds
//   });
//
//   export async function register(api: Api, deps: ResourceDeps) {
//     api.hydra.add(hydraClass(Product));
//     collection(api, deps, {
//       ...listParams(Product, {                               // orders, filters, dates
//         filters: {                                           // the filters SQL must say
//           'contracts.customer.id': custom('id', (id: number, ctx) =>
//             sql<SqlBool>`EXISTS (SELECT 1 FROM contract c WHERE c.product_id = product.id
//               AND c.customer_id = ${id} AND ${contractScope(ctx.scope, 'c')})`),
//         },
//       }),
//       paths: ['/api/products', '/products'],
//       source: products,
//     });
//     item(api, deps, { paths: ['/api/products/:id', '/products/:id'], resource: Product.name,
//       source: products, notFound: Product.messages?.notFound });
//   }
//
// Rules: `from` applies the data scope (server/src/scope) for any row that is not reference
// data; `compute` loads relations for the whole page by id list (a fixed number of queries).
// `endpoint` serves anything else (statistics, option lists) with the same role rule and
// scope; `filtered` gives a collection's scoped, filtered rows to such an endpoint.
export {
  type CollectionDecl,
  cappedCount,
  collection,
  filtered,
  followsByKeyset,
  listKeys,
  sortKeys,
  type WindowRead,
  windowQuery,
} from './collection.ts';
export { type Api, type Ctx, checkRoles, parseId, type ResourceDeps } from './context.ts';
export { type EndpointDecl, endpoint } from './endpoint.ts';
export {
  custom,
  customList,
  exact,
  type FilterDecl,
  ignored,
  partial,
} from './filters.ts';
export { type ItemDecl, item, loadItem } from './item.ts';
export { COUNT_CAP, MAX_OFFSET } from './paging.ts';
export { RECENT_MIN_ROWS, RECENT_MS, recentRows } from './recent.ts';
export { type AnySelect, iri, narrowed, type Source, whereAll } from './source.ts';
export { containsText, foldAccents } from './text.ts';
