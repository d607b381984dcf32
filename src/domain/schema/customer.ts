// Customer (souscripteur, a subscriber company; spec partner-extranet §3 "Customer", §7
// /api/customers): in scope when it belongs to the caller's partner or holds a contract in the
// caller's scope; its counts count only contracts in scope (server/src/resources/customers/).
import { defineClass, idProperty, type PropertyDecl } from './types.ts';

const text = (label: string, column: string, more: Partial<PropertyDecl> = {}): PropertyDecl => ({
  type: 'string',
  label,
  column: `customer.${column}`,
  ...more,
});

export const Customer = defineClass({
  name: 'Customer',
  resource: 'customers',
  title: 'Souscripteur',
  plural: 'Souscripteurs',
  paths: { collection: '/api/customers' },
  display: 'subscriber',
  access: {},
  messages: { notFound: 'Ce souscripteur est introuvable.' },
  // Spec §9: customers by id.
  defaultOrder: [{ field: 'id', direction: 'asc' }],
  properties: {
    id: idProperty('customer'),
    subscriber: text('Souscripteur', 'legalname', { sort: true, filter: 'partial' }),
    legalname: text('Raison sociale', 'legalname', { sort: true, filter: 'partial' }),
    siret: text('SIRET', 'siret', { sort: true, filter: 'partial' }),
    streetAddress: text('Adresse', 'street_address', { nullable: true }),
    postalCode: text('Code postal', 'postal_code', { sort: true, filter: 'partial' }),
    addressLocality: text('Ville', 'address_locality', { sort: true, filter: 'partial' }),
    idCc1: text('Convention collective (IDCC)', 'id_cc1', { nullable: true, filter: 'exact' }),
    customerGroup: {
      type: 'json',
      label: 'Groupe client',
      nullable: true,
      relation: { target: 'CustomerGroup' },
    },
    secondaryGroup: {
      type: 'json',
      label: 'Groupe client secondaire',
      nullable: true,
      relation: { target: 'CustomerGroup' },
    },
    numberOfContract: {
      type: 'integer',
      label: 'Contrats',
      description: "Nombre de contrats dans le périmètre de l'utilisateur",
      sort: { column: 'customer_counts.number_of_contract' },
    },
    nbrBeneficiary: {
      type: 'integer',
      label: 'Bénéficiaires',
      description: "Nombre de bénéficiaires des contrats dans le périmètre de l'utilisateur",
      sort: { column: 'customer_counts.nbr_beneficiary' },
    },
  },
  filters: {
    'customerGroup.id': { kind: 'iri', label: 'Groupe client' },
    // A group named by its id, its IRI or its Hermes code (as the contract list reads it).
    hermesGroupeClientId: { kind: 'exact', label: 'Groupe client' },
    hermesGroupeClientSecondaireId: { kind: 'exact', label: 'Groupe client secondaire' },
  },
});
