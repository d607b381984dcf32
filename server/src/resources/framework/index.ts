// The resource framework: one small declaration per endpoint of spec §7, and the server does
// the rest the same way everywhere (docs/api.md): role rule (403), data scope (docs/security.md),
// parameters (page, itemsPerPage 1..100, order[field] with the §7 aliases, filters, date
// bounds: 400 naming the parameter), capped totals, keyset cursor past the counted rows,
// hydra:view, 404 for unknown and out-of-scope ids. A resource module looks like this:
//
//   // server/src/resources/products/index.ts
//   const products = defineSource({
//     from: (ctx) => ctx.db.selectFrom('product'),           // reference data: no scope
//     id: 'product.id',
//     select: (qb) => qb.select(['product.id', 'product.lb_produit', 'product.bl_bloque_dec']),
//     members: (rows) =>
//       rows.map((r) => ({
//         '@id': iri('/api/products', r.id), '@type': 'Product', id: r.id,
//         lbProduit: r.lb_produit, blBloqueDec: r.bl_bloque_dec,
//       })),
//   });
//
//   export function register(api: Api, deps: ResourceDeps) {
//     api.hydra.add({ name: 'Product', title: 'Produit', properties: [...],
//       collection: { path: '/api/products', key: 'products' } });
//     collection(api, deps, {
//       paths: ['/api/products', '/products'],
//       resource: 'Product',
//       roles: ['PROFILE_SELLER'],                              // optional, any of
//       source: products,
//       order: { id: 'product.id', lbProduit: 'product.lb_produit' },
//       defaultOrder: [{ field: 'lbProduit', direction: 'asc' }],
//       filters: {
//         lbProduit: partial('product.lb_produit'),           // contains, no case, no accents
//         blBloqueDec: exact('product.bl_bloque_dec', 'boolean'),
//         'contracts.customer.id': custom('id', (id: number, ctx) =>
//           sql<SqlBool>`EXISTS (SELECT 1 FROM contract c WHERE c.product_id = product.id
//             AND c.customer_id = ${id} AND ${contractScope(ctx.scope, 'c')})`),
//       },
//       dates: { dtDatBloque: 'product.dt_dat_bloque' },       // dtDatBloque[after]=2024-01-01
//     });
//     item(api, deps, { paths: ['/api/products/:id', '/products/:id'], resource: 'Product',
//       source: products, notFound: 'Ce produit est introuvable.' });
//   }
//
// Rules: `from` applies the data scope (server/src/scope) for any row that is not reference
// data; `members` loads relations for the whole page by id list (a fixed number of queries);
// members carry '@id', '@type' and 'id'. `endpoint` serves anything else (statistics, option
// lists) with the same role rule and scope; `filtered` gives a collection's scoped, filtered
// rows to such an endpoint.
export { type CollectionDecl, cappedCount, collection, filtered, sortKeys } from './collection.ts';
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
export { type AnySelect, defineSource, iri, type Source, whereAll } from './source.ts';
export { containsText, foldAccents } from './text.ts';
