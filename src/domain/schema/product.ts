// Product (spec partner-extranet §3 "Product", §7 /api/products, /products and the per-context
// lists): the catalogue, reference data every signed-in user reads; the lists by customer, by
// supervisor and with a contract consider only the contracts in the caller's scope
// (server/src/resources/products/).
import { defineClass, idProperty } from './types.ts';

export const Product = defineClass({
  name: 'Product',
  resource: 'products',
  title: 'Produit',
  plural: 'Produits',
  paths: { collection: '/api/products' },
  display: 'lbProduit',
  access: {},
  messages: {
    notFound: 'Ce produit est introuvable.',
  },
  defaultOrder: [{ field: 'lbProduit', direction: 'asc' }],
  properties: {
    id: idProperty('product'),
    lbProduit: {
      type: 'string',
      label: 'Produit',
      column: 'product.lb_produit',
      sort: true,
      filter: 'partial',
    },
    lbTypeContrat: {
      type: 'string',
      label: 'Type de contrat',
      column: 'product.lb_type_contrat',
      sort: true,
      filter: 'exact',
    },
    // The risk (spec §3: P prévoyance, S santé, R retraite), also sorted as `risk`.
    lbType: {
      type: 'string',
      label: 'Risque',
      column: 'product.lb_type',
      sort: { aliases: ['risk'] },
      filter: 'exact',
    },
    blBloqueDec: {
      type: 'boolean',
      label: 'Bloqué',
      column: 'product.bl_bloque_dec',
      sort: true,
      filter: 'exact',
    },
    dtDatBloque: {
      type: 'date',
      label: 'Date de blocage',
      column: 'product.dt_dat_bloque',
      nullable: true,
      sort: { emptyLast: true },
      filter: 'date',
    },
    insuranceCompany: {
      type: 'json',
      label: "Compagnie d'assurance",
      nullable: true,
      relation: { target: 'InsuranceCompany' },
    },
  },
  filters: {
    // The risk filter of the catalogue (spec §7 `risk`), on lbType.
    risk: { kind: 'exact', label: 'Risque' },
    'insuranceCompany.id': { kind: 'iri', label: "Compagnie d'assurance" },
    'contracts.customerPortfolios.broker': { kind: 'iri', label: 'Vendeur' },
    'contracts.idApporteur': { kind: 'iri', label: 'Apporteur principal' },
    'contracts.organizations.organization.id': { kind: 'iri', label: 'Organisation' },
    'contracts.customer.id': { kind: 'iri', label: 'Souscripteur' },
  },
});
