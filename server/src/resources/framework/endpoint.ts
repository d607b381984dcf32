// Any other read of the API (statistics, option lists, downloads): the role rule and the data
// scope of the framework, and a JSON-LD answer of the handler's making.
import type { FastifyReply } from 'fastify';
import { sendJsonLd } from '../../hydra/jsonld.ts';
import { type Api, type Ctx, contextOf, type ResourceDeps, type RoleRule } from './context.ts';

export interface EndpointDecl {
  paths: readonly string[];
  roles?: RoleRule;
  /** The JSON-LD body; or take `reply` over and return it (files, other media types). */
  handle(ctx: Ctx, reply: FastifyReply): Promise<unknown> | unknown;
}

export function endpoint(api: Api, deps: ResourceDeps, decl: EndpointDecl): void {
  for (const path of decl.paths) {
    api.get(path, async (request, reply) => {
      const ctx = await contextOf(request, deps, decl.roles);
      const body = await decl.handle(ctx, reply);
      // A Fastify reply is a thenable: a handler that returns it (a streamed file) is awaited
      // to the end of the answer and gives undefined, so `sent` is what says it answered.
      if (body === reply || reply.sent) return reply;
      return sendJsonLd(reply, body);
    });
  }
}
