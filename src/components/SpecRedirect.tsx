import { Navigate, useParams } from 'react-router-dom';
import { specPath } from '../resources/paths.ts';
import type { RouteKind } from '../resources/types.ts';

/**
 * react-admin builds links as /<resource>, /<resource>/<id>/show, /<resource>/<id> and
 * /<resource>/create; this sends them to the spec path of the same screen, so that react-admin's
 * own links (rowClick, ReferenceField, ListButton...) land on the bookmarked addresses.
 */
export function SpecRedirect({ name, kind }: { name: string; kind: RouteKind }) {
  const { id } = useParams();
  const target = specPath(name, kind, kind === 'list' || kind === 'create' ? undefined : id);
  return <Navigate to={target ?? '/404'} replace />;
}
