// The reference lists of the contract screens (spec partner-extranet §7): contract states,
// contract types and categories (colleges). Every signed-in user reads them (they hold no
// business row); nobody writes them through the API.
import { defineClass, idProperty } from './types.ts';

export const ContractState = defineClass({
  name: 'ContractState',
  resource: 'contratStates',
  title: 'État de contrat',
  plural: 'États de contrat',
  paths: { collection: '/api/contratStates' },
  table: 'contract_state',
  generic: true,
  display: 'label',
  access: {},
  messages: { notFound: 'Cet état de contrat est introuvable.' },
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  properties: {
    id: idProperty('contract_state'),
    label: {
      type: 'string',
      label: 'Libellé',
      column: 'contract_state.label',
      sort: true,
      filter: 'partial',
    },
  },
});

export const ContractType = defineClass({
  name: 'ContractType',
  resource: 'contratTypes',
  title: 'Type de contrat',
  plural: 'Types de contrat',
  paths: { collection: '/api/contratTypes' },
  table: 'contract_type',
  generic: true,
  display: 'label',
  access: {},
  messages: { notFound: 'Ce type de contrat est introuvable.' },
  defaultOrder: [{ field: 'label', direction: 'asc' }],
  properties: {
    id: idProperty('contract_type'),
    label: { type: 'string', label: 'Libellé', column: 'contract_type.label', sort: true },
    code: {
      type: 'string',
      label: 'Code',
      column: 'contract_type.code',
      sort: true,
      filter: 'exact',
    },
  },
});

export const ContractCategory = defineClass({
  name: 'ContractCategory',
  resource: 'contracts_categories',
  title: 'Catégorie de contrat',
  gender: 'f',
  plural: 'Catégories de contrat',
  paths: { collection: '/api/contracts_categories' },
  table: 'contract_category',
  generic: true,
  display: 'lbCollege',
  access: {},
  messages: { notFound: 'Cette catégorie de contrat est introuvable.' },
  defaultOrder: [{ field: 'lbCollege', direction: 'asc' }],
  properties: {
    id: idProperty('contract_category'),
    lbCollege: {
      type: 'string',
      label: 'Collège',
      column: 'contract_category.lb_college',
      sort: true,
      filter: 'partial',
    },
  },
});
