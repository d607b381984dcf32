// Menu (spec partner-extranet §7 /api/menus_contracts and /api/menus_ccn): an entry of one of
// the two dropdown menus of the contract screens. One class, two collections (one per menu),
// visible to every signed-in user (server/src/resources/contractReference/).
import { defineClass, idProperty } from './types.ts';

export const Menu = defineClass({
  name: 'Menu',
  resource: 'menus_contracts',
  title: 'Menu déroulant',
  plural: 'Menus déroulants',
  paths: { collection: '/api/menus_contracts' },
  display: 'label',
  access: {},
  // Spec §9: menus by dateDebVal descending.
  defaultOrder: [{ field: 'dateDebVal', direction: 'desc' }],
  properties: {
    id: idProperty('menu'),
    kind: { type: 'string', label: 'Menu', column: 'menu.kind' },
    label: {
      type: 'string',
      label: 'Libellé',
      column: 'menu.label',
      sort: true,
      filter: 'partial',
    },
    dateDebVal: {
      type: 'date',
      label: 'Date de début',
      column: 'menu.date_deb_val',
      sort: true,
      filter: 'date',
    },
  },
});

/** The two menus and where each is listed. */
export const MENUS = {
  contracts: '/api/menus_contracts',
  ccn: '/api/menus_ccn',
} as const;
