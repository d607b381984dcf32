// The contract list's parameters (spec §7, §5): sort fields with their aliases, filters of
// every list variant, date bounds. Shared by /api/contrats, /contrats, the per-context lists
// and the statistics, so that all of them read a filter the same way.
//
// Filters refer to the contract table only (joined names go through subqueries on indexed
// keys), so the count of a page never joins anything.
import { type Expression, type SqlBool, sql } from 'kysely';
import type { CollectionDecl } from '../framework/index.ts';
import { custom, customList, exact, ignored, partial } from '../framework/index.ts';
import { containsText } from '../framework/text.ts';

const where = (expression: Expression<SqlBool>) => expression;

/** Any of these organisations is linked to the contract (providers, companies). */
const linkedTo = (ids: number[]) =>
  where(sql<SqlBool>`EXISTS (SELECT 1 FROM contract_organization AS co
    WHERE co.contract_id = contract.id AND co.organization_id IN (${sql.join(ids)}))`);

/** The insured is subscribed to the contract. */
const insuredIn = (ids: number[]) =>
  where(sql<SqlBool>`EXISTS (SELECT 1 FROM subscription AS s
    WHERE s.contract_id = contract.id AND s.insured_id IN (${sql.join(ids)}))`);

/** One of these brokers holds the contract (broker_ids, GIN-indexed). */
export const heldBy = (ids: readonly number[]) =>
  where(sql<SqlBool>`contract.broker_ids && ARRAY[${sql.join(ids.map((id) => sql`${id}::int`))}]`);

/** The customer's group, by its id or its Hermes code ('GC001041'). */
const inCustomerGroup = (column: 'customer_group_id' | 'secondary_group_id') => (value: string) =>
  where(sql<SqlBool>`contract.customer_id IN (SELECT c.id FROM customer AS c
    JOIN customer_group AS g ON g.id = c.${sql.raw(column)}
    WHERE g.hermes_id = ${value} OR g.id::text = ${value})`);

const customerMatches = (text: string) =>
  where(sql<SqlBool>`contract.customer_id IN (SELECT customer.id FROM customer
    WHERE ${containsText('customer.legalname', text)})`);

const productMatches = (text: string) =>
  where(sql<SqlBool>`contract.product_id IN (SELECT product.id FROM product
    WHERE ${containsText('product.lb_produit', text)})`);

export const CONTRACT_ORDER: CollectionDecl['order'] = {
  id: 'contract.id',
  lbContrat: 'contract.lb_contrat',
  'contract.lbContrat': 'contract.lb_contrat',
  lbProduit: 'product.lb_produit',
  'contract.lbProduit': 'product.lb_produit',
  idProduit: 'contract.product_id',
  lbCollege: 'contract_category.lb_college',
  idCodCol: 'contract.id_cod_col',
  lbSouscrip: 'customer.legalname',
  idSouscrip: 'contract.customer_id',
  'customer.id': 'contract.customer_id',
  lbApporteur: 'contract.lb_apporteur',
  idApporteur: 'contract.main_provider_id',
  dateDebVal: 'contract.date_deb_val',
  dateFinVal: 'contract.date_fin_val',
  state: 'contract.state_id',
  'state.id': 'contract.state_id',
  contractType: 'contract.contract_type_id',
  'contractType.id': 'contract.contract_type_id',
  typeID: 'contract.contract_type_id',
  lbType: 'contract.lb_type',
  'contract.lbType': 'contract.lb_type',
  risk: 'contract.lb_type',
  isActif: 'contract.is_actif',
  // Spec §7: businessProviders and insuranceCompanies sort on the organisation's id: the main
  // provider, and the company of the product.
  businessProviders: 'contract.main_provider_id',
  insuranceCompanies: 'product.insurance_company_id',
  'organizations.organization.id': 'contract.main_provider_id',
  nbrSuscription: 'contract.nbr_suscription',
  nbrInsured: 'contract.nbr_insured',
  nbrInsuredActive: 'contract.nbr_insured',
  nbrInsuredInactive: 'contract.nbr_insured_inactive',
  nbrBeneficiary: 'contract.nbr_beneficiary',
  nbrTotalAffiliate: 'contract.nbr_total_affiliate',
};

/** Order fields on nullable columns: no keyset cursor for them. */
export const NULLABLE_ORDER = [
  'lbApporteur',
  'idApporteur',
  'dateFinVal',
  'businessProviders',
  'organizations.organization.id',
];

export const CONTRACT_FILTERS: CollectionDecl['filters'] = {
  id: exact('contract.id', 'id'),
  lbContrat: partial('contract.lb_contrat'),
  idProduit: exact('contract.product_id', 'id'),
  'product.id': exact('contract.product_id', 'id'),
  lbProduit: custom('string', productMatches),
  idCollege: exact('contract.category_id', 'integer'),
  idCodCol: exact('contract.id_cod_col'),
  idSouscrip: exact('contract.customer_id', 'id'),
  'customer.id': exact('contract.customer_id', 'id'),
  customer: exact('contract.customer_id', 'id'),
  lbSouscrip: custom('string', customerMatches),
  'customer.idCc1': custom('string', (v: string) =>
    where(sql<SqlBool>`contract.customer_id IN (SELECT id FROM customer WHERE id_cc1 = ${v})`),
  ),
  idApporteur: exact('contract.main_provider_id', 'id'),
  lbApporteur: partial('contract.lb_apporteur'),
  state: exact('contract.state_id', 'integer'),
  'state.id': exact('contract.state_id', 'integer'),
  contractType: exact('contract.contract_type_id', 'integer'),
  'contractType.id': exact('contract.contract_type_id', 'integer'),
  lbType: exact('contract.lb_type'),
  risk: exact('contract.lb_type'),
  isActif: exact('contract.is_actif', 'boolean'),
  blAni: exact('contract.bl_ani', 'boolean'),
  blSurcomp: exact('contract.bl_surcomp', 'boolean'),
  idGroupePrincipal: exact('contract.id_groupe_principal', 'integer'),
  // Spec §5: true means at least one active insured; false means no filter.
  nbrInsured: custom('boolean', (v: boolean) =>
    v ? where(sql<SqlBool>`contract.nbr_insured > 0`) : undefined,
  ),
  hermesGroupeClientId: custom('string', inCustomerGroup('customer_group_id')),
  hermesGroupeClientSecondaireId: custom('string', inCustomerGroup('secondary_group_id')),
  'customerPortfolios.broker': customList('id', heldBy),
  'contractBusinessProviders.organization': customList('id', linkedTo),
  'contractCompanies.organization': customList('id', linkedTo),
  'organizations.organization.id': customList('id', linkedTo),
  'subscriptions.insured.id': customList('id', insuredIn),
  'assures.id': customList('id', insuredIn),
  'assure.id': customList('id', insuredIn),
  // Sent by the SPA's shared filter form to every list; they filter premium lists (spec §5).
  paidByClient: ignored,
  'insured.firstname': ignored,
  'insured.lastname': ignored,
  'assure.firstname': ignored,
  'assure.lastname': ignored,
};

/** Spec §7, §5: dtDebVal is a lower bound, dtFinVal an upper bound; startAt/endAt alike. */
export const CONTRACT_DATES: CollectionDecl['dates'] = {
  dtDebVal: 'contract.date_deb_val',
  dateDebVal: 'contract.date_deb_val',
  startAt: 'contract.date_deb_val',
  dtFinVal: 'contract.date_fin_val',
  dateFinVal: 'contract.date_fin_val',
  endAt: 'contract.date_fin_val',
};
