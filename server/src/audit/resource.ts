// GET /api/audit_events and /api/audit_events/{id}: the audit trail, for operator
// administrators only (its declaration, src/domain/schema/audit.ts), newest first, filtered by
// actor, action, target and date (occurredAt[after], occurredAt[before]). `target=12` finds
// every event naming 12: as its target, or among the rows a list page showed (GIN index).
// Never written through the API: POST, PUT, PATCH and DELETE answer 405 (problem+json) to
// those who may read it, 403 to the others, as any write they may not make.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import { AuditEvent } from '../../../src/domain/schema/audit.ts';
import { collectionPath } from '../../../src/domain/schema/types.ts';
import { httpError } from '../http/problem.ts';
import { genericResource } from '../resources/framework/generic.ts';
import { type Api, checkRoles, custom, type ResourceDeps } from '../resources/framework/index.ts';

const READ_ONLY = "Le journal d'audit ne se modifie pas : il est seulement consultable.";

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  await genericResource(api, deps, AuditEvent, {
    list: {
      filters: {
        target: custom<number>(
          'integer',
          (id) =>
            sql<SqlBool>`(audit_event.target_id = ${id} OR audit_event.target_ids @> ARRAY[${id}::integer])`,
        ),
      },
    },
  });
  const refuse = async (request: FastifyRequest, reply: FastifyReply) => {
    checkRoles(request.principal, AuditEvent.access.read);
    reply.header('allow', 'GET, HEAD');
    throw httpError(405, READ_ONLY);
  };
  const path = collectionPath(AuditEvent);
  for (const url of [path, `${path}/:id`]) {
    api.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url, handler: refuse });
  }
}
