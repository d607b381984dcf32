// GET /api/me: who the bearer token says the caller is (the SPA's header and permissions).
import type { FastifyInstance, onRequestHookHandler } from 'fastify';

export async function meRoute(
  app: FastifyInstance,
  { authenticate }: { authenticate: onRequestHookHandler },
): Promise<void> {
  app.get('/api/me', { onRequest: authenticate }, async (request, reply) => {
    const principal = request.principal;
    // authenticate answered already when there is no principal.
    if (!principal) return reply;
    return reply.header('cache-control', 'no-store').send({
      username: principal.username,
      name: principal.name,
      givenRoles: principal.givenRoles,
      roles: principal.roles,
    });
  });
}
