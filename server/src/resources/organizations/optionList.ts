// Option lists (the *_with_contract lists, poles, customer groups) are read without a page
// size by the SPA's selectors (spec §7: `?order[legalname]=asc`): they answer up to 100 rows
// per page unless the client asks for another size. The collection itself is the framework's;
// only the default of itemsPerPage differs. hydra:view keeps the request's own parameters, so
// the next page (if any) is read with the same default.
import {
  type Api,
  type CollectionDecl,
  collection,
  type ResourceDeps,
} from '../framework/index.ts';

export const OPTION_PAGE_SIZE = '100';

export async function optionCollection(
  api: Api,
  deps: ResourceDeps,
  decl: CollectionDecl,
): Promise<void> {
  await api.register(async (child) => {
    child.addHook('preHandler', async (request) => {
      const query = request.query as Record<string, unknown> | undefined;
      if (query && (query.itemsPerPage === undefined || query.itemsPerPage === '')) {
        query.itemsPerPage = OPTION_PAGE_SIZE;
      }
    });
    collection(child, deps, decl);
  });
}
