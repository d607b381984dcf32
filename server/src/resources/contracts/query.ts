// The contract list's parameters (spec §7, §5): sort fields with their aliases, filters of
// every list variant, date bounds. Shared by /api/contrats, /contrats, the per-context lists
// and the statistics, so that all of them read a filter the same way.
//
// Filters refer to the contract table only (joined names go through subqueries on indexed
// keys), so the count of a page never joins anything.
import { type Expression, type SqlBool, sql } from 'kysely';
import { Contract } from '../../../../src/domain/schema/contract.ts';
import { custom, customList } from '../framework/index.ts';
import { listParams } from '../framework/schema.ts';
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

/**
 * The list parameters of spec §7 and §5, from the Contract declaration; only the filters that
 * are SQL of their own are written here.
 */
export const CONTRACT_PARAMS = listParams(Contract, {
  filters: {
    lbProduit: custom('string', productMatches),
    lbSouscrip: custom('string', customerMatches),
    'customer.idCc1': custom('string', (v: string) =>
      where(sql<SqlBool>`contract.customer_id IN (SELECT id FROM customer WHERE id_cc1 = ${v})`),
    ),
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
  },
  // Sent by the SPA's shared filter form to every list; they filter premium lists (spec §5).
  ignored: [
    'paidByClient',
    'insured.firstname',
    'insured.lastname',
    'assure.firstname',
    'assure.lastname',
  ],
});
