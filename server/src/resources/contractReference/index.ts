// The two dropdown menus of the contract screens (spec §7 /api/menus_contracts and
// /api/menus_ccn): one class, two collections. Visible to every signed-in user. The states,
// types and categories are declarations (src/domain/schema/contractReference.ts).
import type { HydraProperty } from '../../hydra/registry.ts';
import {
  type Api,
  collection,
  defineSource,
  iri,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';

const prop = (name: string, range: HydraProperty['range'], title: string): HydraProperty => ({
  name,
  range,
  title,
});

const menus = (kind: 'contracts' | 'ccn', path: string) =>
  defineSource({
    from: (ctx) => ctx.db.selectFrom('menu').where('menu.kind', '=', kind),
    id: 'menu.id',
    select: (qb) => qb.select(['menu.id', 'menu.kind', 'menu.label', 'menu.date_deb_val']),
    members: (rows) =>
      rows.map((r) => ({
        '@id': iri(path, r.id),
        '@type': 'Menu',
        id: r.id,
        kind: r.kind,
        label: r.label,
        dateDebVal: r.date_deb_val,
      })),
  });

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add({
    name: 'Menu',
    title: 'Menu déroulant',
    collection: { path: '/api/menus_contracts', key: 'menus_contracts' },
    properties: [
      prop('id', 'xmls:integer', 'Identifiant'),
      prop('kind', 'xmls:string', 'Menu'),
      prop('label', 'xmls:string', 'Libellé'),
      prop('dateDebVal', 'xmls:date', 'Date de début'),
    ],
  });

  // Spec §9: menus by dateDebVal descending.
  for (const [kind, path] of [
    ['contracts', '/api/menus_contracts'],
    ['ccn', '/api/menus_ccn'],
  ] as const) {
    collection(api, deps, {
      paths: [path],
      resource: 'Menu',
      source: menus(kind, path),
      order: { id: 'menu.id', label: 'menu.label', dateDebVal: 'menu.date_deb_val' },
      defaultOrder: [{ field: 'dateDebVal', direction: 'desc' }],
      filters: { label: partial('menu.label') },
      dates: { dateDebVal: 'menu.date_deb_val' },
    });
  }
}
