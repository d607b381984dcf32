// A class served from its declaration: its Hydra class, the list with every declared filter and
// order, the item, and the writes its `access` allows. A `generic: true` class needs nothing
// more (reference data of the administration: suppliers, user types, realms, role themes; no
// data scope, the class's roles decide; docs/architecture.md, "Adding a resource"); another
// class gives its own source (its scope, its computed values) and write hooks (sellers).
import { type AnyClass, collectionPath } from '../../../../src/domain/schema/types.ts';
import { collection } from './collection.ts';
import type { Api, ResourceDeps } from './context.ts';
import { item } from './item.ts';
import { classSource, hydraClass, itemBase, type ListBinding, listParams } from './schema.ts';
import type { AnySelect } from './source.ts';
import { type ClassWrites, type WriteBinding, writes } from './write.ts';

/** Its table, read whole: the source of a class that has no scope. */
function tableSource(decl: AnyClass) {
  const table = decl.table;
  if (!table) throw new Error(`Class ${decl.name}: a generic class needs a table`);
  return classSource(decl, { from: (ctx) => ctx.db.selectFrom(table as never) as AnySelect });
}

export async function genericResource(
  api: Api,
  deps: ResourceDeps,
  decl: AnyClass,
  binding: Partial<WriteBinding> & { list?: ListBinding } = {},
): Promise<ClassWrites> {
  const source = binding.source ?? tableSource(decl);
  api.hydra.add(hydraClass(decl));
  const paths = [collectionPath(decl), ...(decl.paths.also ?? [])];
  collection(api, deps, { paths, source, ...listParams(decl, binding.list) });
  item(api, deps, {
    paths: [`${itemBase(decl)}/:id`],
    resource: decl.name,
    roles: decl.access.read,
    source,
    notFound: decl.messages?.notFound,
  });
  return writes(api, deps, decl, { ...binding, source });
}
