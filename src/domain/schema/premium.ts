// Premium (cotisation, spec partner-extranet §3 "Premium", §7 "Premiums"): one period's
// premium of a contract, collective (paid by the subscriber) or individual (paid by an insured
// person). Read by PROFILE_SELLER and above, in scope when its contract is
// (server/src/resources/premiums/). The derived fields (typeCotisation, remaining,
// destinataire, lbStatus, the payment mode an unpaid premium does not show) follow
// src/domain/premium.ts, the rules the SPA shares. Its columns are also those of the export.
import { paymentModeLabel } from '../format.ts';
import { premiumStatusLabel, premiumTotal } from '../premium.ts';
import { contractByNumber } from './contract.ts';
import { INSURED_ROLES } from './insured.ts';
import { defineClass, idProperty, type PropertyDecl } from './types.ts';

/** A date of the premium, sortable and bounded by its filter unless told otherwise. */
const date = (label: string, column: string, more: Partial<PropertyDecl> = {}): PropertyDecl => ({
  type: 'date',
  label,
  column: `premium.${column}`,
  nullable: true,
  sort: true,
  filter: 'date',
  ...more,
});

const amount = (label: string, column: string): PropertyDecl => ({
  type: 'decimal',
  label,
  column: `premium.${column}`,
  sort: true,
});

const computed = (label: string, more: Partial<PropertyDecl> = {}): PropertyDecl => ({
  type: 'string',
  label,
  ...more,
});

export const Premium = defineClass({
  name: 'Premium',
  resource: 'cotisations',
  title: 'Cotisation',
  gender: 'f',
  plural: 'Cotisations',
  paths: { collection: '/api/cotisations' },
  access: { read: INSURED_ROLES },
  messages: { notFound: 'Cette cotisation est introuvable.' },
  // Spec §9: the newest period first.
  defaultOrder: [{ field: 'dtDebVal', direction: 'desc' }],
  properties: {
    id: idProperty('premium'),
    status: {
      type: 'string',
      label: 'Statut',
      column: 'premium.status',
      required: true,
      sort: true,
      filter: 'exact',
    },
    lbStatus: computed('Statut (libellé)'),
    dtDebVal: date('Début', 'dt_deb_val', {
      nullable: false,
      sort: { aliases: ['startAt', 'start'] },
      filter: { kind: 'date', aliases: ['startAt'] },
    }),
    dtFinVal: date('Fin', 'dt_fin_val', {
      nullable: false,
      sort: { aliases: ['endAt'] },
      filter: { kind: 'date', aliases: ['endAt'] },
    }),
    dtLimReg: date('Limite de règlement', 'dt_lim_reg'),
    dtPaiement: date('Payée le', 'dt_paiement', {
      filter: { kind: 'date', aliases: ['datePayment'] },
    }),
    dtEcheance: date('Échéance', 'dt_echeance'),
    dtImpaye: date("Date d'impayé", 'dt_impaye'),
    dtDemeure: date('Mise en demeure', 'dt_demeure', { sort: undefined, filter: undefined }),
    dtRappel: date('Rappel', 'dt_rappel', { sort: undefined, filter: undefined }),
    dtBloqPrestaPrevi: date('Blocage des prestations prévoyance', 'dt_bloq_presta_previ', {
      sort: undefined,
      filter: undefined,
    }),
    dtResiPrevi: date('Résiliation prévoyance', 'dt_resi_previ', {
      sort: undefined,
      filter: undefined,
    }),
    insured: {
      type: 'json',
      label: 'Assuré',
      nullable: true,
      relation: { target: 'Insured' },
    },
    paidByClient: {
      type: 'boolean',
      label: 'Payée par le souscripteur',
      column: 'premium.paid_by_client',
      sort: { cursor: false },
      filter: 'exact',
    },
    // Collective or individual: shown for paidByClient, sorted and filtered by it.
    typeCotisation: computed('Type de cotisation', {
      sort: { as: 'paidByClient', column: 'premium.paid_by_client', cursor: false },
      filter: 'exact',
    }),
    numFraisGes: amount('Frais de gestion', 'num_frais_ges'),
    numFraisImpay: amount("Frais d'impayé", 'num_frais_impay'),
    numTotalCot: amount('Total de la cotisation', 'num_total_cot'),
    numMontant: amount('Montant', 'num_montant'),
    amountPaid: amount('Montant payé', 'amount_paid'),
    remaining: computed('Reste à payer', { type: 'decimal' }),
    numRelance: { type: 'integer', label: 'Relances', column: 'premium.num_relance', sort: true },
    // Not shown for an unpaid premium (spec §3): computed, filtered on the stored value.
    lbModePaie: computed('Mode de paiement', { nullable: true, filter: 'exact' }),
    destinataire: computed('Destinataire', { nullable: true }),
    contrat: contractByNumber('contrat.lbContrat'),
  },
  shown: {
    'contrat.lbContrat': 'N° de contrat',
    'contrat.lbProduit': 'Produit',
    'contrat.lbSouscrip': 'Souscripteur',
    total: 'Total',
  },
  filters: {
    // Names: assure.* in general, insured.* when paidByClient is set (spec §5); same meaning.
    'assure.lastname': {
      kind: 'partial',
      label: "Nom de l'assuré",
      column: 'insured.lastname',
      aliases: ['insured.lastname'],
    },
    'assure.firstname': {
      kind: 'partial',
      label: "Prénom de l'assuré",
      column: 'insured.firstname',
      aliases: ['insured.firstname'],
    },
    'contrat.id': {
      kind: 'iri',
      label: 'Contrat',
      column: 'premium.contract_id',
      aliases: ['contract.id'],
    },
    'contrat.customer': {
      kind: 'iri',
      label: 'Souscripteur',
      column: 'contract.customer_id',
      aliases: ['contrat.customer.id', 'contract.customer.id'],
    },
    'assure.id': {
      kind: 'iri',
      label: 'Assuré',
      column: 'premium.insured_id',
      aliases: ['insured.id', 'insured'],
    },
  },
  // Spec §7: lbProduit, lbContrat, lbType map to contract.* (lbContrat: the `contrat` property).
  // The product is left-joined on its key, so PostgreSQL drops the join unless this order asks
  // for it (server/src/resources/premiums/source.ts).
  sorts: {
    'contract.lbProduit': {
      column: 'product.lb_produit',
      label: 'Produit',
      aliases: ['contrat.lbProduit', 'lbProduit'],
    },
    'contract.lbType': {
      column: 'contract.lb_type',
      label: 'Risque',
      aliases: ['contrat.lbType', 'lbType'],
    },
  },
  exports: [
    { field: 'contrat.lbContrat', kind: 'text', width: 16 },
    { field: 'contrat.lbProduit', kind: 'text', width: 24 },
    { field: 'contrat.lbSouscrip', kind: 'text', width: 28 },
    { field: 'destinataire', kind: 'text', width: 24 },
    { field: 'typeCotisation', kind: 'text', width: 12 },
    { field: 'status', kind: 'text', width: 10, value: (p) => premiumStatusLabel(p.status) },
    { field: 'dtDebVal', kind: 'shortDate', width: 10 },
    { field: 'dtFinVal', kind: 'shortDate', width: 10 },
    { field: 'dtEcheance', kind: 'shortDate', width: 10 },
    { field: 'dtLimReg', kind: 'shortDate', width: 10 },
    { field: 'dtPaiement', kind: 'shortDate', width: 10 },
    { field: 'numMontant', kind: 'amount', width: 11 },
    { field: 'numFraisGes', kind: 'amount', width: 11 },
    { field: 'numFraisImpay', kind: 'amount', width: 11 },
    { field: 'total', kind: 'amount', width: 11, value: (p) => premiumTotal(p as never) },
    { field: 'amountPaid', kind: 'amount', width: 11 },
    { field: 'remaining', kind: 'amount', width: 11 },
    { field: 'lbModePaie', kind: 'text', width: 14, value: (p) => paymentModeLabel(p.lbModePaie) },
  ],
});
