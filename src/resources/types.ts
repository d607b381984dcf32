// The shape of a resource declaration: the ONE place where an entity's name, label, icon, spec
// routes, menu placement, route guards and default sort are written (ARCHITECTURE.md).
import type { SvgIconComponent } from '@mui/icons-material';
import type { SortPayload } from 'ra-core';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { GuardRule } from '../domain/access.ts';
import type { RouteMenuPlacement } from '../domain/menu.ts';
import type { ApiRoute } from '../providers/dataProvider.ts';

/** What a route shows: react-admin's view kinds, or a page that is no resource view. */
export type RouteKind = 'list' | 'show' | 'edit' | 'create' | 'page';

/** Props every routed page receives; real screens may ignore them. */
export interface PageProps {
  /** French title of the route, from its declaration. */
  title: string;
}

export type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

export interface RouteDeclaration {
  /** Exact spec path, React Router syntax (`:id`, optional `:id?`). */
  path: string;
  kind: RouteKind;
  /** French title shown on the page. */
  title: string;
  /** Which area / right opens the route (src/domain/access.ts, docs/security.md). */
  guard: GuardRule;
  menu?: RouteMenuPlacement;
  /** The screen, loaded on demand; the shared "coming soon" page until it exists. */
  page?: LazyPage;
}

export interface Declaration {
  /** API collection name for entities (react-admin resource name); a plain key for pages. */
  name: string;
  /** True when `name` is an API collection registered as a react-admin <Resource>. */
  isResource: boolean;
  /** French labels: one record, several (react-admin `resources.<name>.name`). */
  label: { one: string; many: string };
  icon: SvgIconComponent;
  /** Default list order (spec partner-extranet §9, administration §9). */
  defaultSort?: SortPayload;
  /** Where the API serves it and its sort aliases (spec §7); default `/api/<name>`. */
  api?: ApiRoute;
  routes: readonly RouteDeclaration[];
}
