// Contract (spec partner-extranet §3, §5, §7): every property the API sends, once.
import { contractDerived } from '../contract.ts';
import { defineClass, idProperty, type PropertyDecl } from './types.ts';

const count = (label: string, column: string, extra: Partial<PropertyDecl> = {}): PropertyDecl => ({
  type: 'integer',
  label,
  column: `contract.${column}`,
  ...extra,
});

export const Contract = defineClass({
  name: 'Contract',
  resource: 'contracts',
  title: 'Contrat',
  plural: 'Contrats',
  description: 'Un contrat collectif : souscripteur, produit, apporteurs, vendeurs et effectifs.',
  paths: { collection: '/api/contrats', item: '/api/contracts' },
  display: 'lbContrat',
  // Any signed-in user: the data scope decides which rows (none without a profile).
  access: {},
  defaultOrder: [{ field: 'dateDebVal', direction: 'desc' }],
  messages: { notFound: 'Ce contrat est introuvable.' },
  properties: {
    id: idProperty('contract'),
    lbContrat: {
      type: 'string',
      label: 'N° de contrat',
      column: 'contract.lb_contrat',
      filter: 'partial',
      sort: { aliases: ['contract.lbContrat'] },
    },
    idProduit: {
      type: 'integer',
      label: 'Produit',
      column: 'contract.product_id',
      filter: { kind: 'iri', aliases: ['product.id'] },
      sort: true,
    },
    lbProduit: {
      type: 'string',
      label: 'Produit',
      column: 'product.lb_produit',
      sort: { aliases: ['contract.lbProduit'] },
    },
    product: { type: 'json', label: 'Fiche produit', relation: { target: 'Product' } },
    idCollege: {
      type: 'integer',
      label: 'Collège',
      column: 'contract.category_id',
      filter: 'exact',
    },
    lbCollege: {
      type: 'string',
      label: 'Collège',
      column: 'contract_category.lb_college',
      sort: true,
    },
    idCodCol: {
      type: 'string',
      label: 'Code collège',
      column: 'contract.id_cod_col',
      filter: 'exact',
      sort: true,
    },
    idSouscrip: {
      type: 'integer',
      label: 'Identifiant du souscripteur',
      column: 'contract.customer_id',
      filter: { kind: 'iri', aliases: ['customer.id', 'customer'] },
      sort: { aliases: ['customer.id'] },
    },
    lbSouscrip: {
      type: 'string',
      label: 'Souscripteur',
      column: 'customer.legalname',
      sort: true,
    },
    customer: { type: 'json', label: 'Fiche souscripteur', relation: { target: 'Customer' } },
    idApporteur: {
      type: 'integer',
      label: "Identifiant de l'apporteur principal",
      column: 'contract.main_provider_id',
      nullable: true,
      filter: 'iri',
      sort: true,
    },
    lbApporteur: {
      type: 'string',
      label: 'Apporteur principal',
      column: 'contract.lb_apporteur',
      nullable: true,
      filter: 'partial',
      sort: true,
    },
    dateDebVal: {
      type: 'date',
      label: 'Date de début',
      column: 'contract.date_deb_val',
      filter: { kind: 'date', aliases: ['dtDebVal', 'startAt'] },
      sort: true,
    },
    dateFinVal: {
      type: 'date',
      label: 'Date de fin',
      column: 'contract.date_fin_val',
      nullable: true,
      filter: { kind: 'date', aliases: ['dtFinVal', 'endAt'] },
      // A contract without an end comes after the others, newest or oldest first.
      sort: { emptyLast: true },
    },
    state: {
      type: 'json',
      label: 'État',
      relation: { target: 'ContractState' },
      column: 'contract.state_id',
      filter: { kind: 'exact', type: 'integer', aliases: ['state.id'] },
      sort: { aliases: ['state.id'] },
    },
    contractType: {
      type: 'json',
      label: 'Type de contrat',
      relation: { target: 'ContractType' },
      column: 'contract.contract_type_id',
      filter: { kind: 'exact', type: 'integer', aliases: ['contractType.id'] },
      sort: { aliases: ['contractType.id', 'typeID'] },
    },
    lbType: {
      type: 'string',
      label: 'Risque',
      column: 'contract.lb_type',
      filter: { kind: 'exact', aliases: ['risk'] },
      sort: { aliases: ['contract.lbType', 'risk'] },
    },
    blAni: {
      type: 'boolean',
      label: 'Portabilité ANI',
      column: 'contract.bl_ani',
      filter: 'exact',
    },
    blSurcomp: {
      type: 'boolean',
      label: 'Surcomplémentaire',
      column: 'contract.bl_surcomp',
      filter: 'exact',
    },
    idContrat2: {
      type: 'string',
      label: 'Contrat de base',
      column: 'contract.id_contrat2',
      nullable: true,
    },
    isActif: {
      type: 'boolean',
      label: 'Actif',
      column: 'contract.is_actif',
      filter: 'exact',
      sort: true,
    },
    idGroupePrincipal: {
      type: 'integer',
      label: 'Groupe principal',
      column: 'contract.id_groupe_principal',
      nullable: true,
      filter: 'exact',
    },
    options: { type: 'json', label: 'Options' },
    customerPortfolios: {
      type: 'json',
      label: 'Portefeuilles clients',
      relation: { target: 'CustomerPortfolio', many: true },
    },
    organizations: {
      type: 'json',
      label: 'Organisations',
      relation: { target: 'Organization', many: true },
    },
    nbrSuscription: count('Adhésions actives', 'nbr_suscription', { sort: true }),
    nbrSubscriptionInactive: count('Adhésions inactives', 'nbr_subscription_inactive'),
    // Spec §5: nbrInsured=true keeps the contracts with at least one active insured.
    nbrInsured: count('Assurés actifs', 'nbr_insured', {
      sort: { aliases: ['nbrInsuredActive'] },
      filter: { kind: 'exact', type: 'boolean', label: 'Avec assuré actif' },
    }),
    nbrInsuredInactive: count('Assurés inactifs', 'nbr_insured_inactive', { sort: true }),
    nbrBeneficiary: count('Ayants droit actifs', 'nbr_beneficiary', {
      sort: true,
    }),
    nbrBeneficiaryInactive: count('Ayants droit inactifs', 'nbr_beneficiary_inactive'),
    nbrTotalAffiliate: count('Affiliés actifs', 'nbr_total_affiliate', {
      sort: true,
    }),
    nbrTotalAffiliateInactive: count('Affiliés inactifs', 'nbr_total_affiliate_inactive'),
    // Derived (spec §3) by the rules of ../contract.ts.
    type: {
      type: 'string',
      label: 'Type',
      nullable: true,
      sort: { as: 'contractType', column: 'contract.contract_type_id' },
    },
    typeID: { type: 'integer', label: 'Identifiant du type', nullable: true },
    typeCode: { type: 'string', label: 'Code du type', nullable: true },
    risk: {
      type: 'string',
      label: 'Risque',
      nullable: true,
      sort: { as: 'lbType', column: 'contract.lb_type' },
    },
    riskId: { type: 'string', label: 'Code risque', nullable: true },
    // Spec §7: both sort on an organisation's id (the main provider; the product's company).
    businessProviders: {
      type: 'json',
      label: 'Apporteurs',
      relation: { target: 'Organization', many: true },
      sort: {
        as: 'organizations.organization.id',
        column: 'contract.main_provider_id',
        aliases: ['organizations.organization.id'],
      },
    },
    insuranceCompanies: {
      type: 'json',
      label: 'Compagnies',
      relation: { target: 'Organization', many: true },
      sort: { as: 'organizations.organization.id', column: 'product.insurance_company_id' },
    },
    sellers: {
      type: 'json',
      label: 'Vendeurs',
      relation: { target: 'Broker', many: true },
    },
  },
  derived: contractDerived,
  // The older view's type (spec §3, olderContractType), shown beside the type on the detail.
  shown: { olderType: 'Type (ancienne vue)' },
  exports: [
    { field: 'lbContrat', kind: 'text', width: 16 },
    { field: 'lbSouscrip', kind: 'text', width: 32 },
    { field: 'lbProduit', kind: 'text', width: 28 },
    { field: 'lbCollege', kind: 'text', width: 18 },
    { field: 'type', kind: 'text', width: 14 },
    { field: 'risk', kind: 'text', width: 9 },
    { field: 'state', kind: 'text', width: 10 },
    { field: 'dateDebVal', kind: 'shortDate', width: 12 },
    { field: 'dateFinVal', kind: 'shortDate', width: 12 },
    { field: 'lbApporteur', kind: 'text', width: 28 },
    { field: 'insuranceCompanies', kind: 'text', width: 28 },
    { field: 'sellers', kind: 'text', width: 24 },
    { field: 'nbrInsured', kind: 'integer', width: 10 },
    { field: 'nbrBeneficiary', kind: 'integer', width: 10 },
    { field: 'nbrTotalAffiliate', kind: 'integer', width: 10 },
  ],
  filters: {
    lbProduit: { kind: 'partial', label: 'Produit' },
    lbSouscrip: { kind: 'partial', label: 'Souscripteur' },
    'customer.idCc1': { kind: 'exact', label: 'Code client' },
    hermesGroupeClientId: { kind: 'exact', label: 'Groupe client' },
    hermesGroupeClientSecondaireId: { kind: 'exact', label: 'Groupe client secondaire' },
    'customerPortfolios.broker': { kind: 'iri', label: 'Vendeur' },
    'contractBusinessProviders.organization': { kind: 'iri', label: 'Apporteur' },
    'contractCompanies.organization': { kind: 'iri', label: 'Compagnie' },
    'organizations.organization.id': { kind: 'iri', label: 'Organisation' },
    'subscriptions.insured.id': {
      kind: 'iri',
      label: 'Assuré',
      aliases: ['assures.id', 'assure.id'],
    },
  },
});

/**
 * A contract embedded in another class's members (a subscription's, a premium's, a benefit's),
 * sorted by its number: spec §7, lbContrat maps to contract.*.
 */
export const contractByNumber = (...aliases: string[]): PropertyDecl => ({
  type: 'json',
  label: 'Contrat',
  relation: { target: 'Contract' },
  sort: {
    as: 'lbContrat',
    column: 'contract.lb_contrat',
    aliases: ['lbContrat', 'contract.lbContrat', ...aliases],
  },
});
