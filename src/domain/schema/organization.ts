// Organisations (spec partner-extranet §3 "Organization", "Business provider and insurance
// company"): one table, several views. The properties every view shares are named here once;
// each class spreads them. InsuranceCompany is the first declared view (type 5, no ORIAS,
// missing text values sent empty); organisations and business providers still have their
// hand-written modules (server/src/resources/organizations/, businessProviders/).
import { defineClass, idProperty, type PropertyDecl } from './types.ts';

const text = (label: string, column: string, more: Partial<PropertyDecl> = {}): PropertyDecl => ({
  type: 'string',
  label,
  column: `organization.${column}`,
  nullable: true,
  ...more,
});

/** The fields of every organisation view, in the order the API sends them. */
export const organizationProperties = {
  id: idProperty('organization'),
  legalname: text('Raison sociale', 'legalname', {
    nullable: false,
    sort: true,
    filter: 'partial',
  }),
  streetAddress: text('Adresse', 'street_address'),
  streetAddress2: text("Complément d'adresse", 'street_address2'),
  postOfficeBoxNumber: text('Boîte postale', 'post_office_box_number'),
  postalCode: text('Code postal', 'postal_code', { sort: true, filter: 'partial' }),
  addressLocality: text('Ville', 'address_locality', { sort: true, filter: 'partial' }),
  addressCountry: text('Pays', 'address_country'),
  legalForm: text('Forme juridique', 'legal_form'),
  siret: text('SIRET', 'siret', { sort: true, filter: 'partial' }),
  naf: text('Code NAF', 'naf'),
  ape: text('Code APE', 'ape'),
  email: text('Courriel', 'email'),
  foundingDate: {
    type: 'date',
    label: 'Date de création',
    column: 'organization.founding_date',
    nullable: true,
  },
} as const satisfies Record<string, PropertyDecl>;

export const InsuranceCompany = defineClass({
  name: 'InsuranceCompany',
  resource: 'insuranceCompanies',
  title: "Compagnie d'assurance",
  gender: 'f',
  plural: "Compagnies d'assurance",
  paths: { collection: '/api/insuranceOfCompanies' },
  display: 'legalname',
  access: {},
  messages: {
    notFound: "Cette compagnie d'assurance est introuvable.",
  },
  // Spec §9: companies by legal name.
  defaultOrder: [{ field: 'legalname', direction: 'asc' }],
  properties: organizationProperties,
});

const OLDER = 'Ancienne forme de /apporteurs/{id}';
const older = (label: string): PropertyDecl => ({
  type: 'string',
  label,
  description: OLDER,
  nullable: true,
});

export const BusinessProvider = defineClass({
  name: 'BusinessProvider',
  resource: 'businessProviders',
  title: 'Apporteur',
  plural: 'Apporteurs',
  paths: { collection: '/api/businessProviders' },
  display: 'legalname',
  access: {},
  messages: { notFound: 'Cet apporteur est introuvable.' },
  // Spec §9: providers by legal name.
  defaultOrder: [{ field: 'legalname', direction: 'asc' }],
  properties: {
    ...organizationProperties,
    orias: text('ORIAS', 'orias', { sort: true, filter: 'partial' }),
    // The older shape of a provider (spec §3, /apporteurs/{id}), sent by every view of it.
    idApporteur: { type: 'integer', label: "Identifiant de l'apporteur", description: OLDER },
    lbApporteur: older('Apporteur (ancienne forme)'),
    lbVille: older('Ville (ancienne forme)'),
    lbCodPos: older('Code postal (ancienne forme)'),
    lbSiret: older('SIRET (ancienne forme)'),
    lbOrias: older('ORIAS (ancienne forme)'),
  },
});

export const Organization = defineClass({
  name: 'Organization',
  resource: 'organizations',
  title: 'Organisation',
  gender: 'f',
  plural: 'Organisations',
  description: 'Toute organisation : partenaire, apporteur, compagnie, groupe…',
  paths: { collection: '/api/organizations' },
  // Read-only here; named so that a link to organisations (a group's) checks the ids it is given.
  table: 'organization',
  display: 'legalname',
  access: {},
  messages: { notFound: 'Cette organisation est introuvable.' },
  defaultOrder: [{ field: 'legalname', direction: 'asc' }],
  properties: {
    ...organizationProperties,
    orias: text('ORIAS', 'orias'),
    address: { type: 'json', label: 'Adresse postale' },
    // { id, label } of spec §9's organisation types; filtered and sorted by its id.
    type: {
      type: 'json',
      label: "Type d'organisation",
      sort: { column: 'organization.type_id', aliases: ['type.id'] },
      filter: { kind: 'iri', aliases: ['type.id'] },
    },
    parentOrganization: {
      type: 'json',
      label: 'Organisation parente',
      nullable: true,
      relation: { target: 'Organization' },
    },
    // Itself when a partner, its parent when that is one (an agency): the partner a user or a
    // group attached to it belongs to, which the user form's group choices follow.
    partnerId: { type: 'integer', label: 'Partenaire', nullable: true, listed: false },
  },
  filters: {
    'parentOrganization.id': { kind: 'iri', label: 'Organisation parente' },
    // What the caller may attach a user or a group to: for a partner administrator its partner
    // and the partner's agencies, for the operator any. The forms' choices.
    attachable: {
      kind: 'exact',
      type: 'boolean',
      label: 'Organisations que vous pouvez rattacher',
    },
  },
});
