// Commission (spec partner-extranet §3 "Commission", §7 /api/commissions): one commission paid
// on a contract, with its contract number, subscriber and business provider; read by
// VIEW_COMMISSIONS (spec §6), in scope when its contract is (server/src/resources/commissions/).
// Its columns are also those of the download (GET /api/commissions/download).
import { defineClass, idProperty } from './types.ts';

export const COMMISSION_ROLES = ['VIEW_COMMISSIONS'] as const;

/** The years a commission can be filtered on (its column is a smallint): the API and the field agree. */
export const COMMISSION_YEARS = { min: 1900, max: 2999 } as const;

export const Commission = defineClass({
  name: 'Commission',
  resource: 'commissions',
  title: 'Commission',
  gender: 'f',
  plural: 'Commissions',
  paths: { collection: '/api/commissions' },
  display: 'numContract',
  access: { read: COMMISSION_ROLES },
  messages: { notFound: 'Cette commission est introuvable.' },
  // No order in spec §9: the newest start first.
  defaultOrder: [{ field: 'startAt', direction: 'desc' }],
  properties: {
    id: idProperty('commission'),
    numContract: {
      type: 'string',
      label: 'N° de contrat',
      column: 'contract.lb_contrat',
      sort: true,
      filter: 'partial',
    },
    contract: {
      type: 'integer',
      label: 'Contrat',
      column: 'commission.contract_id',
      relation: { target: 'Contract' },
      filter: { kind: 'iri', aliases: ['contract.id'] },
    },
    subscriber: {
      type: 'string',
      label: 'Souscripteur',
      column: 'customer.legalname',
      sort: true,
      filter: 'partial',
    },
    customer: {
      type: 'integer',
      label: 'Souscripteur (fiche)',
      column: 'contract.customer_id',
      relation: { target: 'Customer' },
      filter: { kind: 'iri', aliases: ['customer.id'] },
    },
    businessProvider: {
      type: 'string',
      label: 'Apporteur',
      column: 'organization.legalname',
      sort: true,
      // The provider's id or IRI (spec §7), not its name.
      filter: { kind: 'iri', aliases: ['businessProvider.id'] },
    },
    businessProviderId: {
      type: 'integer',
      label: "Identifiant de l'apporteur",
      column: 'commission.business_provider_id',
    },
    acquisitionRate: {
      type: 'decimal',
      label: "Taux d'acquisition",
      column: 'commission.acquisition_rate',
      sort: true,
    },
    startAt: {
      type: 'date',
      label: 'Début',
      column: 'commission.start_at',
      // Spec §7: `start` is startAt.
      sort: { aliases: ['start'] },
      filter: 'date',
    },
    endAt: { type: 'date', label: 'Fin', column: 'commission.end_at', sort: true, filter: 'date' },
    datePaymentCom: {
      type: 'date',
      label: 'Date de paiement',
      column: 'commission.date_payment_com',
      nullable: true,
      sort: { aliases: ['datePayment'], emptyLast: true },
      filter: { kind: 'date', aliases: ['datePayment'] },
    },
    // Spelled so in the spec (§3) and in the API it rebuilds.
    amoundPaid: {
      type: 'decimal',
      label: 'Montant payé',
      column: 'commission.amound_paid',
      sort: true,
    },
    year: {
      type: 'integer',
      label: 'Année',
      column: 'commission.year',
      sort: true,
      filter: { kind: 'exact', type: 'integer' },
    },
  },
  exports: [
    { field: 'numContract', kind: 'text', width: 16 },
    { field: 'subscriber', kind: 'text', width: 30 },
    { field: 'businessProvider', kind: 'text', width: 28 },
    { field: 'acquisitionRate', kind: 'percent', width: 12 },
    { field: 'startAt', kind: 'date', width: 12 },
    { field: 'endAt', kind: 'date', width: 12 },
    { field: 'datePaymentCom', kind: 'date', width: 12 },
    { field: 'amoundPaid', kind: 'amount', width: 12 },
    { field: 'year', kind: 'integer', width: 8 },
  ],
});

/**
 * A line of the commissions dashboard (spec §7 /api/commissions_list): the commissions in scope
 * of one year and business provider, summed; the list is filtered as the commissions are
 * (server/src/resources/commissions/dashboard.ts). Its id is `{year}-{provider id}`.
 */
export const CommissionSummary = defineClass({
  name: 'CommissionSummary',
  resource: 'commissions_list',
  title: 'Tableau de bord des commissions',
  plural: 'Tableau de bord des commissions',
  paths: { collection: '/api/commissions_list' },
  access: { read: COMMISSION_ROLES },
  // Newest year first, then providers by name.
  defaultOrder: [
    { field: 'year', direction: 'desc' },
    { field: 'businessProvider', direction: 'asc' },
  ],
  properties: {
    // A summary's order by id is its year's (the provider then breaks ties).
    id: { type: 'string', label: 'Identifiant', column: 'summary.year', sort: true },
    year: { type: 'integer', label: 'Année', column: 'summary.year', sort: true },
    businessProvider: {
      type: 'string',
      label: 'Apporteur',
      column: 'organization.legalname',
      sort: true,
    },
    businessProviderId: { type: 'integer', label: "Identifiant de l'apporteur" },
    businessProviderIri: {
      type: 'string',
      label: 'Apporteur (lien)',
      relation: { target: 'BusinessProvider' },
    },
    amoundPaid: {
      type: 'decimal',
      label: 'Montant payé',
      column: 'summary.amound_paid',
      sort: true,
    },
    nbrCommissions: {
      type: 'integer',
      label: 'Nombre de commissions',
      column: 'summary.nbr_commissions',
      sort: true,
    },
  },
});
