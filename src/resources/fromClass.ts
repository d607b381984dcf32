// The part of a resource declaration a class declaration already says: its react-admin name,
// French labels, API paths, sort aliases and default order (src/domain/schema).

import GenericIcon from '@mui/icons-material/ListAlt';
import { type AnyClass, defaultSortOf, itemBase, sortAliases } from '../domain/schema/index.ts';
import { classWords } from '../domain/schema/words.ts';
import type { ApiRoute } from '../providers/dataProvider.ts';
import { lazyPage } from '../providers/lazyPage.ts';
import type { Declaration, RouteDeclaration } from './types.ts';

export function fromClass(
  decl: AnyClass,
): Pick<Declaration, 'name' | 'isResource' | 'label' | 'defaultSort'> & { api: ApiRoute } {
  const aliases = sortAliases(decl);
  return {
    name: decl.resource,
    isResource: true,
    label: { one: decl.title, many: decl.plural },
    defaultSort: defaultSortOf(decl),
    api: {
      collection: decl.paths.collection ?? itemBase(decl),
      ...(decl.paths.item ? { item: decl.paths.item } : {}),
      ...(decl.paths.create ? { create: decl.paths.create } : {}),
      ...(Object.keys(aliases).length ? { sortAliases: aliases } : {}),
    },
  };
}

const GenericPage = {
  list: lazyPage(() => import('../components/generic/GenericList.tsx'), 'GenericList'),
  show: lazyPage(() => import('../components/generic/GenericShow.tsx'), 'GenericShow'),
  create: lazyPage(() => import('../components/generic/GenericForm.tsx'), 'GenericCreate'),
  edit: lazyPage(() => import('../components/generic/GenericForm.tsx'), 'GenericEdit'),
};

/**
 * The whole SPA declaration of a generic class (`generic` and `screens`): its list, detail,
 * creation and edit screens, made from the declaration (src/components/generic).
 */
export function genericDeclaration(decl: AnyClass): Declaration {
  const screens = decl.screens;
  if (!screens)
    throw new Error(`Class ${decl.name}: a generic class shown in the SPA needs screens`);
  const guard = { area: screens.area };
  const routes: RouteDeclaration[] = [
    {
      path: screens.path,
      kind: 'list',
      title: decl.plural,
      guard,
      page: GenericPage.list,
      // A sub-entry of another declaration's menu entry (the journal under Admin).
      ...(screens.menu ? { menu: { subEntry: screens.menu } } : {}),
    },
    { path: `${screens.path}/:id`, kind: 'show', title: decl.title, guard, page: GenericPage.show },
  ];
  if (decl.access.create) {
    const title = classWords(decl).newTitle;
    routes.push({
      path: `${screens.path}/create`,
      kind: 'create',
      title,
      guard,
      page: GenericPage.create,
    });
  }
  if (decl.access.update) {
    const title = classWords(decl).editTitle;
    routes.push({
      path: `${screens.path}/:id/edit`,
      kind: 'edit',
      title,
      guard,
      page: GenericPage.edit,
    });
  }
  return { ...fromClass(decl), icon: GenericIcon, routes };
}
