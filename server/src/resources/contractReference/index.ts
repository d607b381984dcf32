// The two dropdown menus of the contract screens (spec §7 /api/menus_contracts and
// /api/menus_ccn): one class, two collections. Visible to every signed-in user. The states,
// types and categories are declarations (src/domain/schema/contractReference.ts).
import { MENUS, Menu } from '../../../../src/domain/schema/menu.ts';
import { type AnySelect, type Api, collection, type ResourceDeps } from '../framework/index.ts';
import { classSource, hydraClass, listParams } from '../framework/schema.ts';

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Menu));
  const list = listParams(Menu);
  for (const [kind, path] of Object.entries(MENUS)) {
    const source = classSource(Menu, {
      from: (ctx) => ctx.db.selectFrom('menu').where('menu.kind', '=', kind) as AnySelect,
      itemBase: path,
    });
    collection(api, deps, { ...list, paths: [path], source });
  }
}
