// What the organisation views share beyond their declarations (src/domain/schema/organization.ts):
// the type ids of spec §9, the IRIs other resources link to, the *_with_contract scope rule and
// the batch lookup of a page's related organisations.
import { type Expression, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { DB, OrganizationTable } from '../../db/schema.ts';
import type { DataScope } from '../../scope/index.ts';
import { contractScope } from '../../scope/index.ts';
import type { Ctx } from '../framework/index.ts';
import { iri } from '../framework/index.ts';

/** Organisation type ids of spec §9. */
export const ORGANIZATION_TYPE = { partner: 2, businessProvider: 3, insuranceCompany: 5 } as const;

/**
 * The partner an organisation belongs to: itself when it is a partner, its parent when that is
 * one (an agency), else none. A user's and a group's partner follow it (spec administration §3).
 */
export function owningPartner(
  organization: { id: number; type_id: number },
  parent?: { id: number | null; type_id: number | null },
): number | null {
  if (organization.type_id === ORGANIZATION_TYPE.partner) return organization.id;
  return parent?.type_id === ORGANIZATION_TYPE.partner ? parent.id : null;
}

/** An organisation with the partner it belongs to (owningPartner). */
export interface OrganizationPartner {
  id: number;
  legalname: string;
  partnerId: number | null;
}

/** The organisations of these ids (those that exist), each with its partner: one query. */
export async function organizationPartners(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<OrganizationPartner[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('organization as o')
    .leftJoin('organization as parent', 'parent.id', 'o.parent_id')
    .select([
      'o.id',
      'o.legalname',
      'o.type_id',
      'parent.id as parentId',
      'parent.type_id as parentType',
    ])
    .where('o.id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    legalname: r.legalname,
    partnerId: owningPartner(r, { id: r.parentId, type_id: r.parentType }),
  }));
}

export type OrganizationRow = Selectable<OrganizationTable>;

export const businessProviderIri = (id: number) => iri('/api/businessProviders', id);
export const insuranceCompanyIri = (id: number) => iri('/api/insuranceOfCompanies', id);
export const organizationIri = (id: number) => iri('/api/organizations', id);

/**
 * Organisations linked to at least one contract in scope (the *_with_contract option lists).
 * A seller's or manager's few contracts are found through the GIN index first; the partner
 * and operator scopes probe each organisation's contracts (contract_organization_org).
 */
export function withContractInScope(scope: DataScope, alias = 'organization'): Expression<SqlBool> {
  const id = sql.ref(`${alias}.id`);
  if (scope.kind === 'brokers') {
    return sql<SqlBool>`${id} IN (SELECT wc_link.organization_id
      FROM contract AS wc_contract
      JOIN contract_organization AS wc_link ON wc_link.contract_id = wc_contract.id
      WHERE ${contractScope(scope, 'wc_contract')})`;
  }
  return sql<SqlBool>`EXISTS (SELECT 1 FROM contract_organization AS wc_link
    JOIN contract AS wc_contract ON wc_contract.id = wc_link.contract_id
    WHERE wc_link.organization_id = ${id} AND ${contractScope(scope, 'wc_contract')})`;
}

/** Batch lookup of rows by id for a page's relations (one query, whatever the page size). */
export async function organizationsByIds(
  ctx: Ctx,
  ids: ReadonlyArray<number | null>,
): Promise<Map<number, OrganizationRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await ctx.db
    .selectFrom('organization')
    .selectAll()
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
