// POST /api/brokers and POST /api/supervisors: the JSON-LD body API Platform takes, 201 with
// the created member in the shape of GET and its Location, 422 ConstraintViolationList on
// invalid input (nothing saved), 403 for callers who may not create (server/src/users/).

import { sendViolations, ValidationFailed } from '../../http/violations.ts';
import { sendJsonLd } from '../../hydra/jsonld.ts';
import { createMember, type MemberKind } from '../../users/create.ts';
import {
  type Api,
  type Ctx,
  checkRoles,
  loadItem,
  type ResourceDeps,
  type Source,
} from '../framework/index.ts';

export interface CreationDecl {
  path: string;
  resource: 'Broker' | 'Supervisor';
  member: MemberKind;
  // biome-ignore lint/suspicious/noExplicitAny: any source of users.
  source: Source<any, any, any, any>;
}

export async function creation(api: Api, deps: ResourceDeps, decl: CreationDecl): Promise<void> {
  // API Platform's clients send application/ld+json; Fastify parses only application/json.
  await api.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/ld+json')) {
      scope.addContentTypeParser(
        'application/ld+json',
        { parseAs: 'string' },
        scope.getDefaultJsonParser('error', 'error'),
      );
    }
    scope.post(decl.path, async (request, reply) => {
      const principal = checkRoles(request.principal);
      let id: number;
      try {
        id = await createMember(deps.database.db, principal, decl.member, request.body);
      } catch (error) {
        if (error instanceof ValidationFailed) return sendViolations(reply, error.violations);
        throw error;
      }
      // The creator was allowed to create it: read it back whatever the request's scope held
      // before (a manager's scope is computed from its sellers at the start of the request).
      const ctx = { db: deps.database.db, principal, scope: { kind: 'all' } } as Ctx;
      const created = (await loadItem(decl.source, ctx, id)) as { '@id': string };
      reply.code(201).header('Location', created['@id']);
      return sendJsonLd(reply, { '@context': `/api/contexts/${decl.resource}`, ...created });
    });
  });
}
