// Poles (spec §7 GET /api/poles?order): reference data, sorted by label by default (§9).
import type { Selectable } from 'kysely';
import type { PoleTable } from '../../db/businessSchema.ts';
import {
  type Api,
  defineSource,
  exact,
  iri,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import { optionCollection } from '../organizations/optionList.ts';

const poles = defineSource({
  from: (ctx) => ctx.db.selectFrom('pole'),
  id: 'pole.id',
  select: (qb) => qb.selectAll('pole'),
  members: (rows: Selectable<PoleTable>[]) =>
    rows.map((r) => ({
      '@id': iri('/api/poles', r.id),
      '@type': 'Pole',
      id: r.id,
      label: r.label,
    })),
});

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'Pole',
    title: 'Pôle',
    collection: { path: '/api/poles', key: 'poles' },
    properties: [
      { name: 'id', title: 'Identifiant', range: 'xmls:integer' },
      { name: 'label', title: 'Libellé', range: 'xmls:string' },
    ],
  });
  await optionCollection(api, deps, {
    paths: ['/api/poles'],
    resource: 'Pole',
    source: poles,
    order: { id: 'pole.id', label: 'pole.label' },
    defaultOrder: [{ field: 'label', direction: 'asc' }],
    filters: { id: exact('pole.id', 'id'), label: partial('pole.label') },
  });
  item(api, deps, {
    paths: ['/api/poles/:id'],
    resource: 'Pole',
    source: poles,
    notFound: 'Ce pôle est introuvable.',
  });
}
