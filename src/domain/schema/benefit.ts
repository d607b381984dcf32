// Benefit (prestation, spec partner-extranet §3 "Benefit", §7 "Insured and benefits"): care of
// an insured person or one of their beneficiaries, refunded under a contract. Read by
// PROFILE_SELLER and above, in scope when its contract is (server/src/resources/benefits/).

import { contractByNumber } from './contract.ts';
import { INSURED_ROLES } from './insured.ts';
import { defineClass, type PropertyDecl } from './types.ts';

const column = (name: string) => `benefit.${name}`;

const date = (label: string, name: string, more: Partial<PropertyDecl> = {}): PropertyDecl => ({
  type: 'date',
  label,
  column: column(name),
  nullable: true,
  // A benefit not yet paid (no date) comes after the paid ones, newest or oldest first.
  sort: { emptyLast: true },
  filter: 'date',
  ...more,
});

const amount = (label: string, name: string, description?: string): PropertyDecl => ({
  type: 'decimal',
  label,
  description,
  column: column(name),
  sort: true,
});

const text = (label: string, name: string, more: Partial<PropertyDecl> = {}): PropertyDecl => ({
  type: 'string',
  label,
  column: column(name),
  ...more,
});

export const Benefit = defineClass({
  name: 'Benefit',
  resource: 'prestations',
  title: 'Prestation',
  gender: 'f',
  plural: 'Prestations',
  paths: { collection: '/api/prestations' },
  access: { read: INSURED_ROLES },
  // Health data: who read which care, and when.
  audit: { view: 'benefit.view', list: 'benefit.list' },
  messages: { notFound: 'Cette prestation est introuvable.' },
  // Spec §9: the latest payment first (unpaid ones lead).
  defaultOrder: [{ field: 'datePayment', direction: 'desc' }],
  properties: {
    id: { type: 'integer', label: 'Identifiant', column: column('id'), sort: true },
    dateTreatment: date('Date de soins', 'date_treatment', { nullable: false, required: true }),
    datePayment: date('Date de paiement', 'date_payment'),
    dateVir: date('Date de virement', 'date_vir'),
    idFamAct: text("Code famille d'actes", 'id_fam_act', { sort: true, filter: 'exact' }),
    lbFamAct: text("Famille d'actes", 'lb_fam_act', { sort: true, filter: 'partial' }),
    invoice: { type: 'json', label: 'Facture' },
    lbFacture: text('N° de facture', 'lb_facture'),
    realPrice: amount('Dépense réelle', 'real_price'),
    secuSocialRefund: amount(
      'Remb. Sécurité sociale',
      'secu_social_refund',
      'Remboursement de la Sécurité sociale',
    ),
    mutualRefund: amount('Remb. mutuelle', 'mutual_refund', 'Remboursement de la mutuelle'),
    lbModPay: text('Mode de paiement', 'lb_mod_pay', { sort: true, filter: 'exact' }),
    lbOption: text('Option', 'lb_option', { nullable: true }),
    basketType: text('Panier', 'basket_type', { nullable: true }),
    // The person cared for: a beneficiary, or the insured themselves.
    beneficiary: {
      type: 'json',
      label: 'Bénéficiaire des soins',
      relation: { target: 'Beneficiary' },
    },
    insured: { type: 'json', label: 'Assuré', relation: { target: 'Insured' } },
    contract: contractByNumber(),
  },
  filters: {
    insured: {
      kind: 'iri',
      label: 'Assuré',
      column: column('insured_id'),
      aliases: ['insured.id', 'assure.id', 'idInsured'],
    },
    'contract.id': {
      kind: 'iri',
      label: 'Contrat',
      column: column('contract_id'),
      aliases: ['contract', 'contrat.id'],
    },
    'beneficiary.id': {
      kind: 'iri',
      label: 'Bénéficiaire des soins',
      column: column('beneficiary_id'),
    },
    // The person cared for, by the IRI a benefit shows: a beneficiary's, or the insured's own
    // for their own care (`beneficiary=/api/assures/5`), which `beneficiary.id` cannot name.
    beneficiary: { kind: 'iri', label: 'Bénéficiaire des soins', type: 'string' },
  },
});
