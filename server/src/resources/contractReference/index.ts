// Reference lists of the contract screens (spec §7): states, types, categories (colleges)
// and the two dropdown menus. Visible to every signed-in user: they hold no business row.
import type { HydraProperty } from '../../hydra/registry.ts';
import {
  type Api,
  collection,
  defineSource,
  exact,
  iri,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';

const prop = (name: string, range: HydraProperty['range'], title: string): HydraProperty => ({
  name,
  range,
  title,
});

const states = defineSource({
  from: (ctx) => ctx.db.selectFrom('contract_state'),
  id: 'contract_state.id',
  select: (qb) => qb.select(['contract_state.id', 'contract_state.label']),
  members: (rows) =>
    rows.map((r) => ({ '@id': iri('/api/contratStates', r.id), '@type': 'ContractState', ...r })),
});

const types = defineSource({
  from: (ctx) => ctx.db.selectFrom('contract_type'),
  id: 'contract_type.id',
  select: (qb) => qb.select(['contract_type.id', 'contract_type.label', 'contract_type.code']),
  members: (rows) =>
    rows.map((r) => ({ '@id': iri('/api/contratTypes', r.id), '@type': 'ContractType', ...r })),
});

const categories = defineSource({
  from: (ctx) => ctx.db.selectFrom('contract_category'),
  id: 'contract_category.id',
  select: (qb) => qb.select(['contract_category.id', 'contract_category.lb_college']),
  members: (rows) =>
    rows.map((r) => ({
      '@id': iri('/api/contracts_categories', r.id),
      '@type': 'ContractCategory',
      id: r.id,
      lbCollege: r.lb_college,
    })),
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
    name: 'ContractState',
    title: 'État de contrat',
    collection: { path: '/api/contratStates', key: 'contratStates' },
    properties: [
      prop('id', 'xmls:integer', 'Identifiant'),
      prop('label', 'xmls:string', 'Libellé'),
    ],
  });
  api.hydra.add({
    name: 'ContractType',
    title: 'Type de contrat',
    collection: { path: '/api/contratTypes', key: 'contratTypes' },
    properties: [
      prop('id', 'xmls:integer', 'Identifiant'),
      prop('label', 'xmls:string', 'Libellé'),
      prop('code', 'xmls:string', 'Code'),
    ],
  });
  api.hydra.add({
    name: 'ContractCategory',
    title: 'Catégorie de contrat',
    collection: { path: '/api/contracts_categories', key: 'contracts_categories' },
    properties: [
      prop('id', 'xmls:integer', 'Identifiant'),
      prop('lbCollege', 'xmls:string', 'Collège'),
    ],
  });
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

  const byIdOrLabel = { id: 'contract_state.id', label: 'contract_state.label' };
  collection(api, deps, {
    paths: ['/api/contratStates'],
    resource: 'ContractState',
    source: states,
    order: byIdOrLabel,
    defaultOrder: [{ field: 'id', direction: 'asc' }],
    filters: { id: exact('contract_state.id', 'id'), label: partial('contract_state.label') },
  });
  item(api, deps, {
    paths: ['/api/contratStates/:id'],
    resource: 'ContractState',
    source: states,
    notFound: 'Cet état de contrat est introuvable.',
  });

  collection(api, deps, {
    paths: ['/api/contratTypes'],
    resource: 'ContractType',
    source: types,
    order: { id: 'contract_type.id', label: 'contract_type.label', code: 'contract_type.code' },
    defaultOrder: [{ field: 'label', direction: 'asc' }],
    filters: { id: exact('contract_type.id', 'id'), code: exact('contract_type.code') },
  });
  item(api, deps, {
    paths: ['/api/contratTypes/:id'],
    resource: 'ContractType',
    source: types,
    notFound: 'Ce type de contrat est introuvable.',
  });

  collection(api, deps, {
    paths: ['/api/contracts_categories'],
    resource: 'ContractCategory',
    source: categories,
    order: { id: 'contract_category.id', lbCollege: 'contract_category.lb_college' },
    defaultOrder: [{ field: 'lbCollege', direction: 'asc' }],
    filters: { lbCollege: partial('contract_category.lb_college') },
  });
  item(api, deps, {
    paths: ['/api/contracts_categories/:id'],
    resource: 'ContractCategory',
    source: categories,
    notFound: 'Cette catégorie de contrat est introuvable.',
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
