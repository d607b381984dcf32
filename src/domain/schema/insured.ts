// The insured side (spec partner-extranet §3 "Insured person", §7 "Insured and benefits"): the
// insured person (assuré, listed as affiliates), their beneficiaries (ayants droit), their
// subscriptions (adhésions) to contracts, and the per-contract line of an insured person. All
// are read by PROFILE_SELLER and every profile above (spec §2, §6), in scope through their
// contracts (server/src/resources/insureds/).
import { nir } from '../format.ts';
import { contractByNumber } from './contract.ts';
import { defineClass, type PropertyDecl } from './types.ts';

/** Menu « Assurés » and the broker area: PROFILE_SELLER and every profile above. */
export const INSURED_ROLES = ['PROFILE_SELLER'] as const;

const text = (label: string, column?: string, more: Partial<PropertyDecl> = {}): PropertyDecl => ({
  type: 'string',
  label,
  ...(column ? { column } : {}),
  ...more,
});

const names = { sort: true, filter: 'partial' } as const;

/** The identity of an insured person, as every list of them sends it (spec §3). */
const person = {
  id: {
    type: 'integer',
    label: 'Identifiant',
    column: 'insured.id',
    sort: true,
    filter: { kind: 'iri', aliases: ['assure.id'] },
  },
  firstname: text('Prénom', 'insured.firstname', {
    required: true,
    sort: true,
    filter: { kind: 'partial', aliases: ['assure.firstname'] },
  }),
  lastname: text('Nom', 'insured.lastname', {
    required: true,
    sort: true,
    filter: { kind: 'partial', aliases: ['assure.lastname'] },
  }),
  gender: text('Civilité', undefined, { nullable: true }),
  lbGender: text('Civilité (libellé)', undefined, { nullable: true }),
  idGender: {
    type: 'integer',
    label: 'Code civilité',
    column: 'insured.id_gender',
    filter: 'exact',
  },
  // The column shows the label; the code sorts and filters (F or M).
  sex: text('Sexe', 'insured.sex', { sort: true, filter: 'exact' }),
  lbSex: text('Sexe (libellé)'),
  postalCode: text('Code postal', 'insured.postal_code', {
    sort: true,
    filter: { kind: 'partial', label: 'Code postal (début)' },
  }),
  addressLocality: text('Ville', 'insured.address_locality', names),
  link: text('Lien'),
  lbLien: text('Lien (libellé)'),
  lbSitFam: text('Situation de famille'),
  dtBirthday: {
    type: 'date',
    label: 'Date de naissance',
    column: 'insured.dt_birthday',
    sort: true,
    filter: 'date',
  },
  noss: text('N° de sécurité sociale', 'insured.noss', {
    filter: { kind: 'partial', label: 'N° de sécurité sociale (début)' },
  }),
  nossKey: text('Clé du n° de sécurité sociale', 'insured.noss_key'),
  customer: {
    type: 'json',
    label: 'Souscripteur',
    relation: { target: 'Customer' },
  },
} as const satisfies Record<string, PropertyDecl>;

export const Insured = defineClass({
  name: 'Insured',
  resource: 'insureds',
  title: 'Assuré',
  plural: 'Assurés',
  paths: { collection: '/api/assures' },
  display: 'lastname',
  access: { read: INSURED_ROLES },
  audit: { view: 'insured.view', list: 'insured.list' },
  messages: { notFound: 'Cet assuré est introuvable.' },
  // Spec §9: affiliates by startAt descending.
  defaultOrder: [{ field: 'startAt', direction: 'desc' }],
  properties: {
    ...person,
    startAt: {
      type: 'date',
      label: "Date d'affiliation",
      description: "Début de l'adhésion la plus récente dans le périmètre de l'utilisateur",
      column: 'last_sub.start_at',
      nullable: true,
      sort: { aliases: ['start'] },
    },
    beneficiaires: {
      type: 'json',
      label: 'Ayants droit',
      relation: { target: 'Beneficiary', many: true },
    },
    subscriptions: {
      type: 'json',
      label: 'Adhésions',
      relation: { target: 'Subscription', many: true },
    },
  },
  filters: {
    'customer.id': { kind: 'iri', label: 'Souscripteur', column: 'insured.customer_id' },
    'contrat.id': {
      kind: 'iri',
      label: 'Identifiant du contrat',
      aliases: ['contract.id', 'subscriptions.contract.id'],
    },
  },
  exports: [
    { field: 'lastname', kind: 'text', width: 20 },
    { field: 'firstname', kind: 'text', width: 18 },
    { field: 'gender', kind: 'text', width: 8 },
    { field: 'sex', kind: 'text', width: 8, value: (i) => i.lbSex },
    { field: 'dtBirthday', kind: 'date', width: 12 },
    { field: 'noss', kind: 'text', width: 18, value: (i) => nir(i.noss, i.nossKey) },
    { field: 'postalCode', kind: 'text', width: 8 },
    { field: 'addressLocality', kind: 'text', width: 22 },
    { field: 'lbSitFam', kind: 'text', width: 14 },
    { field: 'startAt', kind: 'date', width: 12 },
    {
      field: 'subscriptions',
      kind: 'text',
      width: 24,
      value: (i) => i.subscriptions?.map((s: { contract?: unknown }) => s.contract),
    },
    {
      field: 'beneficiaires',
      kind: 'integer',
      width: 8,
      value: (i) => i.beneficiaires?.length ?? 0,
    },
  ],
});

/** A period of a beneficiary or a subscription. */
const period = (column: string) =>
  ({
    startAt: {
      type: 'date',
      label: 'Début',
      column: `${column}.start_at`,
      sort: { aliases: ['start'] },
      filter: 'date',
    },
    endAt: {
      type: 'date',
      label: 'Fin',
      column: `${column}.end_at`,
      nullable: true,
      filter: 'date',
    },
  }) as const satisfies Record<string, PropertyDecl>;

export const Beneficiary = defineClass({
  name: 'Beneficiary',
  resource: 'beneficiaires',
  title: 'Ayant droit',
  plural: 'Ayants droit',
  // Listed under their insured only (/api/insureds/{id}/beneficiaires).
  paths: { item: '/api/beneficiaires' },
  display: 'lastname',
  access: { read: INSURED_ROLES },
  audit: { view: 'beneficiary.view', list: 'beneficiary.list' },
  messages: { notFound: 'Cet ayant droit est introuvable.' },
  // Whether the affiliation is current, ended or to come (periodOf, src/domain/insured.ts).
  shown: { period: 'État' },
  // Spec §7: by lastname and firstname.
  defaultOrder: [
    { field: 'lastname', direction: 'asc' },
    { field: 'firstname', direction: 'asc' },
  ],
  properties: {
    id: { type: 'integer', label: 'Identifiant', column: 'beneficiary.id', sort: true },
    firstname: text('Prénom', 'beneficiary.firstname', { required: true, ...names }),
    lastname: text('Nom', 'beneficiary.lastname', { required: true, ...names }),
    dateOfBirth: {
      type: 'date',
      label: 'Date de naissance',
      column: 'beneficiary.date_of_birth',
      sort: true,
      filter: 'date',
    },
    sex: text('Sexe', 'beneficiary.sex', { filter: 'exact' }),
    lbSex: text('Sexe (libellé)'),
    link: text('Lien', 'beneficiary.link', { sort: true, filter: 'exact' }),
    lbLien: text('Lien (libellé)', 'beneficiary.lb_lien'),
    ...period('beneficiary'),
    insured: {
      type: 'integer',
      label: 'Assuré',
      column: 'beneficiary.insured_id',
      relation: { target: 'Insured' },
    },
  },
});

export const Subscription = defineClass({
  name: 'Subscription',
  resource: 'subscriptions',
  title: 'Adhésion',
  gender: 'f',
  plural: 'Adhésions',
  // Listed under their insured or their contract (/api/insureds/{id}/subscriptions,
  // /api/subscriptions_by_contract?contract={id}).
  paths: { item: '/api/subscriptions' },
  access: { read: INSURED_ROLES },
  messages: { notFound: 'Cette adhésion est introuvable.' },
  shown: { period: 'État' },
  // Spec §9: newest first.
  defaultOrder: [{ field: 'startAt', direction: 'desc' }],
  properties: {
    id: { type: 'integer', label: 'Identifiant', column: 'subscription.id', sort: true },
    startAt: { ...period('subscription').startAt, required: true },
    endAt: { ...period('subscription').endAt, sort: true },
    // Sorted by the person's last name.
    insured: {
      type: 'json',
      label: 'Assuré',
      relation: { target: 'Insured' },
      sort: { as: 'insured.lastname', column: 'insured.lastname' },
    },
    contract: contractByNumber(),
  },
  filters: {
    'contract.id': { kind: 'iri', label: 'Contrat', column: 'subscription.contract_id' },
    'insured.id': { kind: 'iri', label: 'Assuré', column: 'subscription.insured_id' },
    'insured.firstname': {
      kind: 'partial',
      label: 'Prénom',
      column: 'insured.firstname',
      aliases: ['assure.firstname'],
    },
    'insured.lastname': {
      kind: 'partial',
      label: 'Nom',
      column: 'insured.lastname',
      aliases: ['assure.lastname'],
    },
  },
  sorts: {
    'insured.lastname': { column: 'insured.lastname', label: 'Nom' },
    'insured.firstname': { column: 'insured.firstname', label: 'Prénom' },
  },
});

/**
 * An insured person as a line of a contract (/api/insured_with_beneficiaries?contract={id}):
 * one per subscription to the contract, with the older per-contract fields of spec §3
 * (idLink 'A', assure, dtDebVal, lbNoss, lbCless...) and the beneficiaries. Its @id is the
 * insured person's.
 */
export const ContractInsured = defineClass({
  name: 'ContractInsured',
  resource: 'contractInsureds',
  title: 'Assuré du contrat',
  plural: 'Assurés du contrat',
  paths: { item: '/api/assures' },
  display: 'assure',
  access: { read: INSURED_ROLES },
  audit: { list: 'insured.list' },
  // Spec §9: affiliates by startAt descending.
  defaultOrder: [{ field: 'startAt', direction: 'desc' }],
  properties: {
    ...person,
    id: { ...person.id, filter: undefined },
    idGender: { ...person.idGender, filter: undefined },
    sex: { ...person.sex, sort: undefined, filter: undefined },
    postalCode: { ...person.postalCode, sort: undefined, filter: undefined },
    addressLocality: { ...person.addressLocality, sort: undefined, filter: undefined },
    noss: { ...person.noss, filter: undefined },
    idLink: text('Lien (code)'),
    // The full name, sorted by the last name.
    assure: text('Assuré', undefined, { sort: { as: 'lastname', column: 'insured.lastname' } }),
    ...period('subscription'),
    dtDebVal: text('Début de validité', undefined, { type: 'date' }),
    dtFinVal: text('Fin de validité', undefined, { type: 'date', nullable: true }),
    lbNoss: text('N° de sécurité sociale (ligne)'),
    lbCless: text('Clé (ligne)'),
    subscription: { type: 'string', label: 'Adhésion', relation: { target: 'Subscription' } },
    contract: { type: 'string', label: 'Contrat', relation: { target: 'Contract' } },
    beneficiaires: {
      type: 'json',
      label: 'Ayants droit',
      relation: { target: 'Beneficiary', many: true },
    },
  },
  // Exported from the contract's screen (spec §5): the columns of its Assurés tab, the dates of
  // the affiliation to this contract.
  exports: [
    { field: 'assure', kind: 'text', width: 28 },
    { field: 'dtBirthday', kind: 'date', width: 12 },
    { field: 'sex', kind: 'text', width: 8, value: (i) => i.lbSex },
    { field: 'noss', kind: 'text', width: 18, value: (i) => nir(i.noss, i.nossKey) },
    { field: 'startAt', kind: 'date', width: 12 },
    { field: 'endAt', kind: 'date', width: 12 },
    {
      field: 'beneficiaires',
      kind: 'integer',
      width: 8,
      value: (i) => i.beneficiaires?.length ?? 0,
    },
  ],
});
