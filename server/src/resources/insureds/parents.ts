// Per-parent lists of the insured side (premiums of a contract, beneficiaries of an insured,
// subscriptions of a contract, ...): the parent named by the path or by a required query
// parameter must exist and be in the caller's data scope BEFORE the list runs, otherwise 404.
// An empty 200 would confirm that an out-of-scope id exists (docs/security.md).
import { sql } from 'kysely';
import { httpError } from '../../http/problem.ts';
import { contractScope, customerScope, insuredScope } from '../../scope/index.ts';
import { contextOf, type RoleRule } from '../framework/context.ts';
import { type Api, type Ctx, parseId, type ResourceDeps } from '../framework/index.ts';

export type ParentCheck = (ctx: Ctx) => Promise<void>;

/**
 * Registers the routes `register` adds in a child scope whose preHandler runs `check` first:
 * the role rule (403), then the parent (404), then the collection's own parsing (400).
 */
export async function withParent(
  api: Api,
  deps: ResourceDeps,
  roles: RoleRule | undefined,
  check: ParentCheck,
  register: (child: Api) => void,
): Promise<void> {
  await api.register(async (child) => {
    child.addHook('preHandler', async (request) => {
      await check(await contextOf(request, deps, roles));
    });
    register(child);
  });
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

type Parent = 'insured' | 'contract' | 'customer';

const NOT_FOUND: Record<Parent, string> = {
  insured: 'Cet assuré est introuvable.',
  contract: 'Ce contrat est introuvable.',
  customer: 'Ce souscripteur est introuvable.',
};

/** True when the row exists and the caller's scope reaches it. */
export async function inScope(ctx: Ctx, parent: Parent, id: number): Promise<boolean> {
  const where =
    parent === 'insured'
      ? insuredScope(ctx.scope, parent)
      : parent === 'contract'
        ? contractScope(ctx.scope, parent)
        : customerScope(ctx.scope, parent);
  const row = await ctx.db
    .selectFrom(parent)
    .select(sql`1`.as('one'))
    .where(`${parent}.id`, '=', id)
    .where(where)
    .executeTakeFirst();
  return row !== undefined;
}

async function mustBeInScope(ctx: Ctx, parent: Parent, id: number): Promise<void> {
  if (!(await inScope(ctx, parent, id))) throw httpError(404, NOT_FOUND[parent]);
}

/** The parent is the path's :id (unknown, malformed or out of scope: 404). */
export const pathParent =
  (parent: Parent, param = 'id'): ParentCheck =>
  (ctx) =>
    mustBeInScope(ctx, parent, ctx.pathId(param));

/** The parent is a required query parameter (missing or malformed: 400; else as above). */
export const queryParent =
  (parent: Parent, name: string): ParentCheck =>
  (ctx) =>
    mustBeInScope(ctx, parent, queryId(ctx, name));
