// Customers (souscripteurs, subscriber companies; spec §3 "Customer", §7): GET /api/customers
// and /api/customers/{id}. A customer is in scope when it belongs to the caller's partner or
// holds a contract in the caller's scope (server/src/scope customerScope); its counts only
// count contracts in scope (counts.ts). Default sort: id ascending (spec §9).
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { CustomerTable } from '../../db/businessSchema.ts';
import type { HydraProperty } from '../../hydra/registry.ts';
import { customerGroupIri } from '../customerGroups/index.ts';
import {
  type Api,
  type Ctx,
  collection,
  customList,
  defineSource,
  exact,
  iri,
  item,
  parseId,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import { COUNT_ORDER, countsOf, joinCounts, sortsOnCounts } from './counts.ts';
import { customerInScope } from './scope.ts';

export const customerIri = (id: number) => iri('/api/customers', id);

async function groupsOf(ctx: Ctx, ids: ReadonlyArray<number | null>) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map<number, { id: number; label: string }>();
  const rows = await ctx.db
    .selectFrom('customer_group')
    .select(['id', 'label'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** A group named by its id, its IRI or its Hermes code (as the contract list reads it). */
const inGroup = (column: 'customer_group_id' | 'secondary_group_id') => (values: string[]) => {
  const ids = values.map(parseId).filter((id): id is number => id !== undefined);
  const codes = values.filter((v) => parseId(v) === undefined);
  const byId = ids.length ? sql`g.id IN (${sql.join(ids)})` : sql`false`;
  const byCode = codes.length ? sql`g.hermes_id IN (${sql.join(codes)})` : sql`false`;
  return sql<SqlBool>`${sql.ref(`customer.${column}`)} IN (SELECT g.id FROM customer_group AS g
    WHERE ${byId} OR ${byCode})`;
};

const customers = defineSource({
  from: (ctx) => {
    const scoped = ctx.db.selectFrom('customer').where(customerInScope(ctx.scope, 'customer'));
    return sortsOnCounts(ctx.query) ? joinCounts(ctx, scoped) : scoped;
  },
  id: 'customer.id',
  select: (qb) => qb.selectAll('customer'),
  async members(rows: Selectable<CustomerTable>[], ctx) {
    const ids = rows.map((r) => r.id);
    const [counts, groups] = await Promise.all([
      countsOf(ctx, ids),
      groupsOf(
        ctx,
        rows.flatMap((r) => [r.customer_group_id, r.secondary_group_id]),
      ),
    ]);
    const group = (id: number | null) => {
      const g = id === null ? undefined : groups.get(id);
      return g ? { '@id': customerGroupIri(g.id), id: g.id, label: g.label } : null;
    };
    return rows.map((r) => ({
      '@id': customerIri(r.id),
      '@type': 'Customer',
      id: r.id,
      subscriber: r.legalname,
      legalname: r.legalname,
      siret: r.siret,
      streetAddress: r.street_address,
      postalCode: r.postal_code,
      addressLocality: r.address_locality,
      idCc1: r.id_cc1,
      customerGroup: group(r.customer_group_id),
      secondaryGroup: group(r.secondary_group_id),
      numberOfContract: counts.get(r.id)?.numberOfContract ?? 0,
      nbrBeneficiary: counts.get(r.id)?.nbrBeneficiary ?? 0,
    }));
  },
});

const text = (name: string, title: string): HydraProperty => ({
  name,
  title,
  range: 'xmls:string',
});

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add({
    name: 'Customer',
    title: 'Souscripteur',
    collection: { path: '/api/customers', key: 'customers' },
    properties: [
      { name: 'id', title: 'Identifiant', range: 'xmls:integer' },
      text('subscriber', 'Souscripteur'),
      text('legalname', 'Raison sociale'),
      text('siret', 'SIRET'),
      text('streetAddress', 'Adresse'),
      text('postalCode', 'Code postal'),
      text('addressLocality', 'Ville'),
      text('idCc1', 'Convention collective (IDCC)'),
      { name: 'customerGroup', title: 'Groupe client', range: '#CustomerGroup' },
      {
        name: 'secondaryGroup',
        title: 'Groupe client secondaire',
        range: '#CustomerGroup',
      },
      { name: 'numberOfContract', title: 'Nombre de contrats', range: 'xmls:integer' },
      { name: 'nbrBeneficiary', title: 'Nombre de bénéficiaires', range: 'xmls:integer' },
    ],
  });
  collection(api, deps, {
    paths: ['/api/customers'],
    resource: 'Customer',
    source: customers,
    order: {
      id: 'customer.id',
      subscriber: 'customer.legalname',
      legalname: 'customer.legalname',
      siret: 'customer.siret',
      postalCode: 'customer.postal_code',
      addressLocality: 'customer.address_locality',
      ...COUNT_ORDER,
    },
    defaultOrder: [{ field: 'id', direction: 'asc' }],
    // Every sort column is NOT NULL (the counts are 0 when nothing is in scope): past the
    // counted rows, hydra:next carries a keyset cursor (a large book has 100,000 customers).
    keyset: true,
    filters: {
      id: exact('customer.id', 'id'),
      subscriber: partial('customer.legalname'),
      legalname: partial('customer.legalname'),
      siret: partial('customer.siret'),
      postalCode: partial('customer.postal_code'),
      addressLocality: partial('customer.address_locality'),
      idCc1: exact('customer.id_cc1'),
      'customerGroup.id': exact('customer.customer_group_id', 'id'),
      hermesGroupeClientId: customList('string', inGroup('customer_group_id')),
      hermesGroupeClientSecondaireId: customList('string', inGroup('secondary_group_id')),
    },
  });
  item(api, deps, {
    paths: ['/api/customers/:id'],
    resource: 'Customer',
    source: customers,
    notFound: 'Ce souscripteur est introuvable.',
  });
}
