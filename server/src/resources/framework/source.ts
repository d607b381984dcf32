// A source of rows for one Hydra class: the scoped FROM, the columns, and the mapping of a
// page of rows to JSON members (relations loaded for the whole page, never per row). A
// collection and an item of the same class share one source, so both apply the same scope.
import type { Expression, SelectQueryBuilder, SqlBool } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Ctx } from './context.ts';

// biome-ignore lint/suspicious/noExplicitAny: the framework handles any table set.
export type AnySelect = SelectQueryBuilder<DB, any, any>;

/**
 * QDB is the database type the query sees: DB, or DB widened by a joined subquery or CTE
 * (Kysely adds its alias); TB the tables (aliases) in the FROM.
 */
export interface Source<
  QDB = DB,
  TB extends keyof QDB = keyof QDB,
  Row = unknown,
  Member = unknown,
> {
  /** The FROM, its joins and the data scope (e.g. `.where(contractScope(ctx.scope))`). */
  from(ctx: Ctx): SelectQueryBuilder<QDB, TB, object>;
  /** The id column ('contract.id'): item lookup, and the tie-breaker of every order. */
  id: string;
  /**
   * Adds the columns `members` needs, and the joins that only serve display (a product's
   * name): the FROM stays lean, so counts and filters never pay for them. Filters therefore
   * refer to the FROM's tables; orders may use the joined ones.
   */
  // biome-ignore lint/suspicious/noExplicitAny: joins widen the tables; the row type is what counts.
  select(qb: SelectQueryBuilder<QDB, TB, object>): SelectQueryBuilder<any, any, Row>;
  /**
   * True when `select` adds columns of the FROM's rows only (no join, no subquery) and the
   * FROM is costly to run twice: a page is then read in one pass. Otherwise its ids are found
   * first and only they are joined for display (collection.ts, windowQuery).
   */
  lightSelect?(ctx: Ctx): boolean;
  /**
   * The joins of `select` alone, when they are to-one lookups that keep every row (a
   * product's name): a page sorted by one of their columns finds its ids through them, on
   * narrow rows, instead of sorting whole display rows.
   */
  joins?(qb: AnySelect): AnySelect;
  /** A page of rows to JSON members, each with @id, @type and id; batch its relations. */
  members(rows: Row[], ctx: Ctx): Promise<Member[]> | Member[];
}

/** Applies where-expressions, skipping undefined ones. */
export function whereAll<Q extends AnySelect>(
  qb: Q,
  wheres: ReadonlyArray<Expression<SqlBool> | undefined>,
): Q {
  let out = qb;
  for (const where of wheres) if (where) out = out.where(where) as Q;
  return out;
}

/** `/api/contracts/12` */
export const iri = (base: string, id: number | string) => `${base}/${id}`;

/** The same source, its FROM narrowed by one more condition (the option lists "with contract"). */
// biome-ignore lint/suspicious/noExplicitAny: any source.
export function narrowed<S extends Source<any, any, any, any>>(
  source: S,
  where: (ctx: Ctx) => Expression<SqlBool>,
): S {
  return { ...source, from: (ctx: Ctx) => (source.from(ctx) as AnySelect).where(where(ctx)) };
}
