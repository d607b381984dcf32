// Organisations (spec §3 "Organization", §7): GET /organizations?page, the autocomplete
// /api/organizations?legalname={text}, and /organizations?type.id=3&itemsPerPage=100.
// Organisations are reference data: every signed-in user reads them (docs/security.md); the
// contracts attached to them are scoped wherever they are counted or listed. Declared in
// src/domain/schema/organization.ts.
import { type SqlBool, sql } from 'kysely';
import { Organization } from '../../../../src/domain/schema/organization.ts';
import { collectionPath } from '../../../../src/domain/schema/types.ts';
import {
  type AnySelect,
  type Api,
  collection,
  custom,
  exact,
  item,
  type ResourceDeps,
} from '../framework/index.ts';
import { classSource, hydraClass, listParams } from '../framework/schema.ts';
import { ORGANIZATION_TYPE, organizationIri, organizationsByIds, owningPartner } from './shape.ts';

const organizations = classSource(Organization, {
  from: (ctx) =>
    ctx.db
      .selectFrom('organization')
      .innerJoin('organization_type', 'organization_type.id', 'organization.type_id') as AnySelect,
  select: (qb) =>
    qb.select([
      'organization.type_id',
      'organization_type.label as type_label',
      'organization.parent_id',
    ]),
  async compute(rows, ctx) {
    const parents = await organizationsByIds(
      ctx,
      rows.map((r) => r.parent_id as number | null),
    );
    return rows.map((r) => {
      const parent = r.parent_id === null ? undefined : parents.get(r.parent_id);
      return {
        address: {
          streetAddress: r.streetAddress,
          streetAddress2: r.streetAddress2,
          postOfficeBoxNumber: r.postOfficeBoxNumber,
          postalCode: r.postalCode,
          addressLocality: r.addressLocality,
          addressCountry: r.addressCountry,
        },
        type: { id: r.type_id, label: r.type_label },
        partnerId: owningPartner({ id: r.id as number, type_id: r.type_id as number }, parent),
        parentOrganization: parent
          ? { '@id': organizationIri(parent.id), id: parent.id, legalname: parent.legalname }
          : null,
      };
    });
  },
});

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add(hydraClass(Organization));
  collection(api, deps, {
    ...listParams(Organization, {
      filters: {
        // An id (a number or an IRI such as /api/organization_types/3), within the id range.
        type: exact('organization.type_id', 'id'),
        'parentOrganization.id': exact('organization.parent_id', 'id'),
        attachable: custom('boolean', (mine: boolean, ctx) =>
          mine && ctx.scope.kind !== 'all'
            ? ctx.scope.kind === 'partner'
              ? // Bracketed whole: it is ANDed with the other filters (legalname...).
                sql<SqlBool>`((organization.id = ${ctx.scope.partnerId} AND organization.type_id = ${ORGANIZATION_TYPE.partner})
                  OR organization.parent_id = ${ctx.scope.partnerId})`
              : sql<SqlBool>`false`
            : undefined,
        ),
      },
    }),
    paths: [collectionPath(Organization), '/organizations'],
    source: organizations,
  });
  item(api, deps, {
    paths: ['/api/organizations/:id', '/organizations/:id'],
    resource: Organization.name,
    source: organizations,
    notFound: Organization.messages?.notFound,
  });
}
