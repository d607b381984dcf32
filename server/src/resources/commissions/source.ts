// Commissions (spec §3 "Commission", declared in src/domain/schema/commission.ts): one row per
// commission paid on a contract, with the contract number, the subscriber and the business
// provider it was paid to. A commission is in scope when its contract is (joined here, so the
// seller scope reads the GIN index).
import { type SqlBool, sql } from 'kysely';
import { COMMISSION_YEARS, Commission } from '../../../../src/domain/schema/commission.ts';
import { httpError } from '../../http/problem.ts';
import { contractScope } from '../../scope/index.ts';
import {
  type AnySelect,
  containsText,
  custom,
  customList,
  exact,
  iri,
} from '../framework/index.ts';
import { classSource, listParams } from '../framework/schema.ts';

export { COMMISSION_ROLES } from '../../../../src/domain/schema/commission.ts';

export const commissionIri = (id: number) => iri('/api/commissions', id);

export const commissions = classSource(Commission, {
  // The scope and the filters need the contract only: counts and the dashboard's sums never
  // pay for the display joins below.
  from: (ctx) =>
    ctx.db
      .selectFrom('commission')
      .innerJoin('contract', 'contract.id', 'commission.contract_id')
      .where(contractScope(ctx.scope, 'contract')) as AnySelect,
  joins: (qb) =>
    qb
      .innerJoin('customer', 'customer.id', 'contract.customer_id')
      .innerJoin('organization', 'organization.id', 'commission.business_provider_id'),
});

/** Orders, filters and date bounds of the list, the dashboard and the download (spec §5, §7). */
export const COMMISSION_LIST = listParams(Commission, {
  filters: {
    year: customList('integer', (years: number[]) => {
      // A smallint column: a year the column cannot hold is a 400, not a database error.
      const { min, max } = COMMISSION_YEARS;
      if (years.some((y) => y < min || y > max)) {
        throw httpError(400, `Le paramètre « year » doit être une année entre ${min} et ${max}.`);
      }
      return sql<SqlBool>`commission.year IN (${sql.join(years)})`;
    }),
    // By name, without the display join: the customers whose name contains the text.
    subscriber: custom(
      'string',
      (text: string) =>
        sql<SqlBool>`contract.customer_id IN (SELECT customer.id FROM customer
        WHERE ${containsText('customer.legalname', text)})`,
    ),
    businessProvider: exact('commission.business_provider_id', 'id'),
  },
});
