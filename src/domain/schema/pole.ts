// Pole (spec partner-extranet §7 GET /api/poles?order, §9 sorted by label; administration §3
// a user's pole): reference data every signed-in user reads, served from this declaration.
import { defineClass, idProperty } from './types.ts';

export const Pole = defineClass({
  name: 'Pole',
  resource: 'poles',
  title: 'Pôle',
  plural: 'Pôles',
  description: 'Un pôle commercial auquel un utilisateur est rattaché.',
  paths: { collection: '/api/poles' },
  table: 'pole',
  generic: true,
  display: 'label',
  // Read by everyone signed in (option lists); no write in the specification.
  access: {},
  messages: { notFound: 'Ce pôle est introuvable.' },
  defaultOrder: [{ field: 'label', direction: 'asc' }],
  pageSize: 100,
  properties: {
    id: idProperty('pole'),
    label: {
      type: 'string',
      label: 'Libellé',
      column: 'pole.label',
      sort: true,
      filter: 'partial',
    },
  },
});
