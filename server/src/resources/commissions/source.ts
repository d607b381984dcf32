// Commissions (spec §3 "Commission"): one row per commission paid on a contract, with the
// contract number, the subscriber and the business provider it was paid to. A commission is in
// scope when its contract is (joined here, so the seller scope reads the GIN index).
import { type SqlBool, sql } from 'kysely';
import { httpError } from '../../http/problem.ts';
import { contractScope } from '../../scope/index.ts';
import {
  type CollectionDecl,
  containsText,
  custom,
  customList,
  defineSource,
  exact,
  iri,
  partial,
} from '../framework/index.ts';

export const commissionIri = (id: number) => iri('/api/commissions', id);

interface Row {
  id: number;
  contract_id: number;
  lb_contrat: string;
  customer_id: number;
  subscriber: string;
  business_provider_id: number;
  business_provider: string;
  acquisition_rate: number;
  start_at: string;
  end_at: string;
  date_payment_com: string | null;
  amound_paid: number;
  year: number;
}

export const commissions = defineSource({
  // The scope and the filters need the contract only: counts and the dashboard's sums never
  // pay for the display joins below.
  from: (ctx) =>
    ctx.db
      .selectFrom('commission')
      .innerJoin('contract', 'contract.id', 'commission.contract_id')
      .where(contractScope(ctx.scope, 'contract')),
  id: 'commission.id',
  select: (qb) =>
    qb
      .innerJoin('customer', 'customer.id', 'contract.customer_id')
      .innerJoin('organization', 'organization.id', 'commission.business_provider_id')
      .select([
        'commission.id',
        'commission.contract_id',
        'contract.lb_contrat',
        'contract.customer_id',
        'customer.legalname as subscriber',
        'commission.business_provider_id',
        'organization.legalname as business_provider',
        'commission.acquisition_rate',
        'commission.start_at',
        'commission.end_at',
        'commission.date_payment_com',
        'commission.amound_paid',
        'commission.year',
      ]),
  members: (rows: Row[]) =>
    rows.map((r) => ({
      '@id': commissionIri(r.id),
      '@type': 'Commission',
      id: r.id,
      numContract: r.lb_contrat,
      contract: iri('/api/contracts', r.contract_id),
      subscriber: r.subscriber,
      customer: iri('/api/customers', r.customer_id),
      businessProvider: r.business_provider,
      businessProviderId: r.business_provider_id,
      acquisitionRate: r.acquisition_rate,
      startAt: r.start_at,
      endAt: r.end_at,
      datePaymentCom: r.date_payment_com,
      // Spelled so in the spec (§3) and in the API it rebuilds.
      amoundPaid: r.amound_paid,
      year: r.year,
    })),
});

/** Sort fields of the list (and of its download, issue 5). */
export const COMMISSION_ORDER: CollectionDecl['order'] = {
  id: 'commission.id',
  numContract: 'contract.lb_contrat',
  subscriber: 'customer.legalname',
  businessProvider: 'organization.legalname',
  acquisitionRate: 'commission.acquisition_rate',
  startAt: 'commission.start_at',
  // Spec §7: start maps to startAt.
  start: 'commission.start_at',
  endAt: 'commission.end_at',
  datePaymentCom: 'commission.date_payment_com',
  datePayment: 'commission.date_payment_com',
  amoundPaid: 'commission.amound_paid',
  year: 'commission.year',
};

/** Who may read commissions (spec §6; ROLE_COMMISSION expands to VIEW_COMMISSIONS). */
export const COMMISSION_ROLES = ['VIEW_COMMISSIONS'] as const;

/** Filters and date bounds of the list, the dashboard and the download (spec §5, §7). */
export const COMMISSION_FILTERS = {
  filters: {
    id: exact('commission.id', 'id'),
    year: customList('integer', (years: number[]) => {
      // A smallint column: a year the column cannot hold is a 400, not a database error.
      if (years.some((y) => y < 1900 || y > 2999)) {
        throw httpError(400, 'Le paramètre « year » doit être une année entre 1900 et 2999.');
      }
      return sql<SqlBool>`commission.year IN (${sql.join(years)})`;
    }),
    numContract: partial('contract.lb_contrat'),
    'contract.id': exact('commission.contract_id', 'id'),
    subscriber: custom(
      'string',
      (text: string) =>
        sql<SqlBool>`contract.customer_id IN (SELECT customer.id FROM customer
        WHERE ${containsText('customer.legalname', text)})`,
    ),
    'customer.id': exact('contract.customer_id', 'id'),
    businessProvider: exact('commission.business_provider_id', 'id'),
    'businessProvider.id': exact('commission.business_provider_id', 'id'),
  },
  dates: {
    startAt: 'commission.start_at',
    endAt: 'commission.end_at',
    datePayment: 'commission.date_payment_com',
    datePaymentCom: 'commission.date_payment_com',
  },
} as const satisfies Pick<CollectionDecl, 'filters' | 'dates'>;
