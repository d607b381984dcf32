import { Role } from '../../domain/schema/rights.ts';
import { lazyPage } from '../../providers/lazyPage.ts';
import { genericDeclaration } from '../fromClass.ts';
import type { Declaration } from '../types.ts';

// Roles (spec administration §2 "Roles tree"): the generic detail, creation and edit of the
// class, and in place of its list the tree, ordered and filed by dragging (./RolesTree.tsx).
const tree = lazyPage(() => import('./RolesTree.tsx'), 'RolesTree');
const generic = genericDeclaration(Role);

export const roles: Declaration = {
  ...generic,
  routes: generic.routes.map((route) =>
    route.kind === 'list' ? { ...route, title: 'Arbre des droits', page: tree } : route,
  ),
};
