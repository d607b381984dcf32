// Lists of one parent's products (products_by_customer, products_by_supervisor): the parent,
// named by a required query parameter, must exist and be in the caller's scope BEFORE the list
// runs; otherwise 404, as its detail would answer (an empty 200 would confirm it exists).
import { type Expression, type SqlBool, sql } from 'kysely';
import { httpError } from '../../http/problem.ts';
import { contextOf } from '../framework/context.ts';
import { type Api, type Ctx, parseId, type ResourceDeps } from '../framework/index.ts';

export interface ParentRule {
  /** The query parameter naming the parent. */
  param: string;
  /** The parent row, in scope, with this id (a where-expression on its table). */
  exists(ctx: Ctx, id: number): Promise<boolean>;
  notFound: string;
}

/** A required id parameter: 400 when missing or malformed. */
export function requiredId(ctx: Ctx, name: string): number {
  const raw = ctx.query[name];
  if (raw === undefined || raw === '') {
    throw httpError(400, `Le paramètre « ${name} » est obligatoire.`);
  }
  const id = parseId(raw);
  if (id === undefined) {
    throw httpError(400, `Le paramètre « ${name} » doit être un identifiant (nombre ou IRI).`);
  }
  return id;
}

/** Registers what `register` adds behind the parent check (400, then 404). */
export async function behindParent(
  api: Api,
  deps: ResourceDeps,
  rule: ParentRule,
  register: (child: Api) => void | Promise<void>,
): Promise<void> {
  await api.register(async (child) => {
    child.addHook('preHandler', async (request) => {
      const ctx = await contextOf(request, deps);
      if (!(await rule.exists(ctx, requiredId(ctx, rule.param)))) {
        throw httpError(404, rule.notFound);
      }
    });
    await register(child);
  });
}

/** One row of `table` with this id satisfying `where`. */
export async function rowExists(
  ctx: Ctx,
  table: 'customer' | 'app_user',
  id: number,
  where: Expression<SqlBool>,
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom(table)
    .select(sql`1`.as('one'))
    .where(`${table}.id`, '=', id)
    .where(where)
    .executeTakeFirst();
  return row !== undefined;
}
