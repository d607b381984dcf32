// Option lists (the *_with_contract lists, poles, customer groups) are read without a page
// size by the SPA's selectors (spec §7: `?order[legalname]=asc`): they answer up to 100 rows
// per page unless the client asks for another size (CollectionDecl.pageSize). hydra:view keeps
// the request's own parameters, so the next page (if any) is read with the same default.
import {
  type Api,
  type CollectionDecl,
  collection,
  type ResourceDeps,
} from '../framework/index.ts';

export const OPTION_PAGE_SIZE = 100;

export function optionCollection(api: Api, deps: ResourceDeps, decl: CollectionDecl): void {
  collection(api, deps, { ...decl, pageSize: decl.pageSize ?? OPTION_PAGE_SIZE });
}
