// Customer groups (groupes clients, spec §3 "customer groups exist (list)", §7 GET
// /api/customersGroups and /api/groupsClients): the groups the customer filters offer
// (hermesGroupeClientId, hermesGroupeClientSecondaireId). An option list, so it names only the
// groups of customers the caller may see (docs/security.md): a group is no reference data.
import { type Expression, type SqlBool, sql } from 'kysely';
import { CustomerGroup } from '../../../../src/domain/schema/customerGroup.ts';
import { collectionPath } from '../../../../src/domain/schema/types.ts';
import type { DataScope } from '../../scope/index.ts';
import { customerInScope } from '../customers/scope.ts';
import {
  type AnySelect,
  type Api,
  collection,
  iri,
  item,
  type ResourceDeps,
} from '../framework/index.ts';
import { classSource, hydraClass, listParams } from '../framework/schema.ts';

export const customerGroupIri = (id: number) => iri('/api/customersGroups', id);

/** Groups holding (as main or secondary group) at least one customer in scope. */
function groupInScope(scope: DataScope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`true`;
  const inScope = customerInScope(scope, 'gc');
  return sql<SqlBool>`customer_group.id IN (
    SELECT gc.customer_group_id FROM customer AS gc WHERE ${inScope}
    UNION SELECT gc.secondary_group_id FROM customer AS gc WHERE ${inScope})`;
}

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  const source = classSource(CustomerGroup, {
    from: (ctx) => ctx.db.selectFrom('customer_group').where(groupInScope(ctx.scope)) as AnySelect,
  });
  api.hydra.add(hydraClass(CustomerGroup));
  collection(api, deps, {
    paths: [collectionPath(CustomerGroup), '/api/groupsClients'],
    source,
    ...listParams(CustomerGroup),
  });
  item(api, deps, {
    paths: ['/api/customersGroups/:id', '/api/groupsClients/:id'],
    resource: CustomerGroup.name,
    source,
    notFound: CustomerGroup.messages?.notFound,
  });
}
