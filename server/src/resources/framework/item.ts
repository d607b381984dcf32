// A Hydra item over a Source: the same scoped FROM as the collection, narrowed to one id.
// Unknown and out-of-scope ids answer the same 404 (never 403: existence is not revealed).
import { sql } from 'kysely';
import { classNamed } from '../../../../src/domain/schema/index.ts';
import { auditRead } from '../../audit/record.ts';
import { httpError } from '../../http/problem.ts';
import { sendJsonLd } from '../../hydra/jsonld.ts';
import { type Api, type Ctx, contextOf, type ResourceDeps, type RoleRule } from './context.ts';
import { etagOf } from './etag.ts';
import type { AnySelect, Source } from './source.ts';

export interface ItemDecl {
  /** '/api/contracts/:id', '/contrats/:id' */
  paths: readonly string[];
  resource: string;
  roles?: RoleRule;
  // biome-ignore lint/suspicious/noExplicitAny: any source fits an item.
  source: Source<any, any, any, any>;
  /** French 404 description: 'Ce contrat est introuvable.' */
  notFound?: string;
  /** The path parameter holding the id; 'id' by default. */
  param?: string;
}

/** The member with this id, if it exists and is in the request's scope. */
export async function loadItem(
  // biome-ignore lint/suspicious/noExplicitAny: any source.
  source: Source<any, any, any, any>,
  ctx: Ctx,
  id: number,
): Promise<unknown | undefined> {
  const qb = (source.from(ctx) as AnySelect).where(sql.ref(source.id), '=', id);
  const rows = await (source.select(qb) as AnySelect).limit(1).execute();
  if (!rows.length) return undefined;
  return (await source.members(rows, ctx))[0];
}

export function item(api: Api, deps: ResourceDeps, decl: ItemDecl): void {
  api.hydra.serveItem(decl.resource, 'GET');
  // A class whose reads are audited (its declaration's audit.view): recorded before it is sent.
  const audited = classNamed(decl.resource)?.audit?.view;
  for (const path of decl.paths) {
    api.get(path, async (request, reply) => {
      const ctx = await contextOf(request, deps, decl.roles);
      const id = ctx.pathId(decl.param, decl.notFound);
      const found = await loadItem(decl.source, ctx, id);
      if (found === undefined) throw httpError(404, decl.notFound);
      if (audited)
        await auditRead(ctx, { action: audited, targetType: decl.resource, targetId: id });
      // What a write's If-Match names (./write.ts): the member as this caller sees it.
      reply.header('ETag', etagOf(found));
      return sendJsonLd(reply, {
        '@context': `/api/contexts/${decl.resource}`,
        ...(found as object),
      });
    });
  }
}
