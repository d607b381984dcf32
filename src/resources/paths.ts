// Paths of a resource's screens, read from its declaration, so that links never spell a spec path
// again (e.g. specPath('contracts', 'show', 42) -> '/contrats/42').
import type { Identifier } from 'ra-core';
import { generatePath } from 'react-router-dom';
import { DECLARATIONS } from './index.ts';
import type { RouteDeclaration, RouteKind } from './types.ts';

/** The first route of that kind; an edit falls back to the detail ("Detail or edit", spec §2). */
export function routeOf(name: string, kind: RouteKind): RouteDeclaration | undefined {
  const routes = DECLARATIONS.find((d) => d.name === name)?.routes ?? [];
  return (
    routes.find((r) => r.kind === kind) ??
    (kind === 'edit' ? routes.find((r) => r.kind === 'show') : undefined)
  );
}

/** The spec path of a resource's list, detail, edit or create screen, or undefined. */
export function specPath(name: string, kind: RouteKind, id?: Identifier): string | undefined {
  const route = routeOf(name, kind);
  if (!route) return undefined;
  return generatePath(route.path, { id: id === undefined ? null : String(id) });
}
