// CustomerGroup (groupes clients, spec partner-extranet §3, §7 GET /api/customersGroups and its
// alias /api/groupsClients): the groups the customer filters offer. An option list scoped to
// the groups of the customers the caller may see (server/src/resources/customerGroups/).
import { defineClass, idProperty } from './types.ts';

export const CustomerGroup = defineClass({
  name: 'CustomerGroup',
  resource: 'customersGroups',
  title: 'Groupe client',
  plural: 'Groupes clients',
  paths: { collection: '/api/customersGroups' },
  display: 'label',
  access: {},
  messages: { notFound: 'Ce groupe client est introuvable.' },
  defaultOrder: [{ field: 'label', direction: 'asc' }],
  pageSize: 100,
  properties: {
    id: idProperty('customer_group'),
    label: {
      type: 'string',
      label: 'Libellé',
      column: 'customer_group.label',
      sort: true,
      filter: 'partial',
    },
    hermesId: {
      type: 'string',
      label: 'Code groupe',
      column: 'customer_group.hermes_id',
      filter: 'exact',
    },
  },
});
