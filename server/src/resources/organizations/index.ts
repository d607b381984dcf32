// Organisations (spec §3 "Organization", §7): GET /organizations?page, the autocomplete
// /api/organizations?legalname={text}, and /organizations?type.id=3&itemsPerPage=100.
// Organisations are reference data: every signed-in user reads them (docs/security.md); the
// contracts attached to them are scoped wherever they are counted or listed.
import type { HydraProperty } from '../../hydra/registry.ts';
import {
  type Api,
  collection,
  defineSource,
  exact,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import {
  ORGANIZATION_ORDER,
  type OrganizationRow,
  organizationFields,
  organizationIri,
  organizationsByIds,
} from './shape.ts';

type Row = OrganizationRow & { type_label: string };

const organizations = defineSource({
  from: (ctx) =>
    ctx.db
      .selectFrom('organization')
      .innerJoin('organization_type', 'organization_type.id', 'organization.type_id'),
  id: 'organization.id',
  select: (qb) => qb.selectAll('organization').select('organization_type.label as type_label'),
  async members(rows: Row[], ctx) {
    const parents = await organizationsByIds(
      ctx,
      rows.map((r) => r.parent_id),
    );
    return rows.map((r) => {
      const fields = organizationFields(r);
      const parent = r.parent_id === null ? undefined : parents.get(r.parent_id);
      return {
        '@id': organizationIri(r.id),
        '@type': 'Organization',
        ...fields,
        orias: r.orias,
        address: {
          streetAddress: fields.streetAddress,
          streetAddress2: fields.streetAddress2,
          postOfficeBoxNumber: fields.postOfficeBoxNumber,
          postalCode: fields.postalCode,
          addressLocality: fields.addressLocality,
          addressCountry: fields.addressCountry,
        },
        type: { id: r.type_id, label: r.type_label },
        parentOrganization: parent
          ? { '@id': organizationIri(parent.id), id: parent.id, legalname: parent.legalname }
          : null,
      };
    });
  },
});

const text = (name: string, title: string): HydraProperty => ({
  name,
  title,
  range: 'xmls:string',
});

/** Properties shared by the three organisation classes (spec §3). */
export const ORGANIZATION_PROPERTIES: HydraProperty[] = [
  { name: 'id', title: 'Identifiant', range: 'xmls:integer' },
  text('legalname', 'Raison sociale'),
  text('streetAddress', 'Adresse'),
  text('streetAddress2', "Complément d'adresse"),
  text('postalCode', 'Code postal'),
  text('addressLocality', 'Ville'),
  text('addressCountry', 'Pays'),
  text('legalForm', 'Forme juridique'),
  text('siret', 'SIRET'),
  text('ape', 'Code APE'),
  text('naf', 'Code NAF'),
  text('email', 'Courriel'),
  { name: 'foundingDate', title: 'Date de création', range: 'xmls:date' },
];

export function register(api: Api, deps: ResourceDeps): void {
  api.hydra.add({
    name: 'Organization',
    title: 'Organisation',
    collection: { path: '/api/organizations', key: 'organizations' },
    properties: [
      ...ORGANIZATION_PROPERTIES,
      text('orias', 'ORIAS'),
      { name: 'type', title: "Type d'organisation" },
      { name: 'address', title: 'Adresse postale' },
      {
        name: 'parentOrganization',
        title: 'Organisation parente',
        range: '#Organization',
      },
    ],
  });
  collection(api, deps, {
    paths: ['/api/organizations', '/organizations'],
    resource: 'Organization',
    source: organizations,
    order: { ...ORGANIZATION_ORDER, 'type.id': 'organization.type_id' },
    defaultOrder: [{ field: 'legalname', direction: 'asc' }],
    filters: {
      id: exact('organization.id', 'id'),
      legalname: partial('organization.legalname'),
      // An id (a number or an IRI such as /api/organization_types/3), within the id range.
      'type.id': exact('organization.type_id', 'id'),
      type: exact('organization.type_id', 'id'),
      postalCode: partial('organization.postal_code'),
      addressLocality: partial('organization.address_locality'),
      siret: partial('organization.siret'),
      'parentOrganization.id': exact('organization.parent_id', 'id'),
    },
  });
  item(api, deps, {
    paths: ['/api/organizations/:id', '/organizations/:id'],
    resource: 'Organization',
    source: organizations,
    notFound: 'Cette organisation est introuvable.',
  });
}
