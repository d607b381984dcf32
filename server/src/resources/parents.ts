// Lists of one parent's rows (the premiums of a contract, the beneficiaries of an insured, the
// products of a customer, the contracts of a supervisor's team...): the parent, named by the
// path or by a required query parameter, must exist and be in the caller's data scope BEFORE
// the list runs; otherwise 404 with the parent class's own message, as its detail would answer.
// An empty 200 would confirm that an out-of-scope id exists (docs/security.md). A collection
// declares it as its `check`, which runs after its role rule (403) and before its parameters
// are parsed (400).
import { type Expression, type SqlBool, sql } from 'kysely';
import { Contract } from '../../../src/domain/schema/contract.ts';
import { Customer } from '../../../src/domain/schema/customer.ts';
import { Insured } from '../../../src/domain/schema/insured.ts';
import { Product } from '../../../src/domain/schema/product.ts';
import { Supervisor } from '../../../src/domain/schema/seller.ts';
import type { AnyClass } from '../../../src/domain/schema/types.ts';
import type { DB } from '../db/schema.ts';
import { httpError } from '../http/problem.ts';
import { brokerScope, contractScope, customerScope, insuredScope } from '../scope/index.ts';
import type { DataScope } from '../scope/resolve.ts';
import { USER_TYPE } from './brokers/member.ts';
import { type Ctx, parseId } from './framework/index.ts';

interface ParentRule {
  table: keyof DB & string;
  /** The rows of the table the scope reaches (products are reference data: all of them). */
  inScope(scope: DataScope, alias: string): Expression<SqlBool>;
  decl: AnyClass;
}

const PARENTS = {
  insured: { table: 'insured', inScope: insuredScope, decl: Insured },
  contract: { table: 'contract', inScope: contractScope, decl: Contract },
  customer: { table: 'customer', inScope: customerScope, decl: Customer },
  product: { table: 'product', inScope: () => sql<SqlBool>`true`, decl: Product },
  // A manager among the users the scope reaches, as /api/supervisors/{id}.
  supervisor: {
    table: 'app_user',
    inScope: (scope, alias) =>
      sql<SqlBool>`${sql.ref(`${alias}.user_type`)} = ${sql.lit(USER_TYPE.manager)} AND ${brokerScope(scope, alias)}`,
    decl: Supervisor,
  },
} satisfies Record<string, ParentRule>;

export type Parent = keyof typeof PARENTS;

/** True when the row exists and the caller's scope reaches it. */
export async function inScope(ctx: Ctx, parent: Parent, id: number): Promise<boolean> {
  const { table, inScope: where } = PARENTS[parent] as ParentRule;
  const row = await ctx.db
    .selectFrom(table as 'contract')
    .select(sql`1`.as('one'))
    .where(sql<SqlBool>`${sql.ref(`${table}.id`)} = ${id}`)
    .where(where(ctx.scope, table))
    .executeTakeFirst();
  return row !== undefined;
}

/** The parent's 404: its class's own "introuvable" message. */
export const parentNotFound = (parent: Parent) =>
  httpError(404, PARENTS[parent].decl.messages?.notFound);

async function mustBeInScope(ctx: Ctx, parent: Parent, id: number): Promise<void> {
  if (!(await inScope(ctx, parent, id))) throw parentNotFound(parent);
}

/** A required query parameter holding one id (12 or an IRI): 400 when missing or malformed. */
export function queryId(ctx: Ctx, name: string): number {
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

/** The parent is the path's :id (unknown, malformed or out of scope: 404). */
export const pathParent =
  (parent: Parent, param = 'id') =>
  (ctx: Ctx): Promise<void> =>
    mustBeInScope(ctx, parent, ctx.pathId(param, PARENTS[parent].decl.messages?.notFound));

/** The parent is a required query parameter (missing or malformed: 400; else as above). */
export const queryParent =
  (parent: Parent, name: string) =>
  (ctx: Ctx): Promise<void> =>
    mustBeInScope(ctx, parent, queryId(ctx, name));
