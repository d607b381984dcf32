// Customer groups (groupes clients, spec §3 "customer groups exist (list)", §7 GET
// /api/customersGroups and /api/groupsClients): the groups the customer filters offer
// (hermesGroupeClientId, hermesGroupeClientSecondaireId). An option list, so it names only the
// groups of customers the caller may see (docs/security.md): a group is no reference data.
import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';
import type { CustomerGroupTable } from '../../db/businessSchema.ts';
import type { DataScope } from '../../scope/index.ts';
import { customerInScope } from '../customers/scope.ts';
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

export const customerGroupIri = (id: number) => iri('/api/customersGroups', id);

/** Groups holding (as main or secondary group) at least one customer in scope. */
function groupInScope(scope: DataScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  const inScope = customerInScope(scope, 'gc');
  return sql<SqlBool>`customer_group.id IN (
    SELECT gc.customer_group_id FROM customer AS gc WHERE ${inScope}
    UNION SELECT gc.secondary_group_id FROM customer AS gc WHERE ${inScope})`;
}

const groups = defineSource({
  from: (ctx) => ctx.db.selectFrom('customer_group').where(groupInScope(ctx.scope)),
  id: 'customer_group.id',
  select: (qb) => qb.selectAll('customer_group'),
  members: (rows: Selectable<CustomerGroupTable>[]) =>
    rows.map((r) => ({
      '@id': customerGroupIri(r.id),
      '@type': 'CustomerGroup',
      id: r.id,
      label: r.label,
      hermesId: r.hermes_id,
    })),
});

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'CustomerGroup',
    title: 'Groupe client',
    collection: { path: '/api/customersGroups', key: 'customersGroups' },
    properties: [
      { name: 'id', title: 'Identifiant', range: 'xmls:integer' },
      { name: 'label', title: 'Libellé', range: 'xmls:string' },
      { name: 'hermesId', title: 'Code groupe', range: 'xmls:string' },
    ],
  });
  optionCollection(api, deps, {
    paths: ['/api/customersGroups', '/api/groupsClients'],
    resource: 'CustomerGroup',
    source: groups,
    order: { id: 'customer_group.id', label: 'customer_group.label' },
    defaultOrder: [{ field: 'label', direction: 'asc' }],
    filters: {
      id: exact('customer_group.id', 'id'),
      label: partial('customer_group.label'),
      hermesId: exact('customer_group.hermes_id'),
    },
  });
  item(api, deps, {
    paths: ['/api/customersGroups/:id', '/api/groupsClients/:id'],
    resource: 'CustomerGroup',
    source: groups,
    notFound: 'Ce groupe client est introuvable.',
  });
}
