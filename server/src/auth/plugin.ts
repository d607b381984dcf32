// STUB (to be replaced by the identity work): mounts nothing and refuses every bearer.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

export async function authPlugin(
  _app: FastifyInstance,
  _deps: { config: Config; database: Database },
): Promise<{ authenticate: onRequestHookHandler }> {
  return {
    authenticate: async (_request, reply) => {
      reply.code(401).send({ title: 'Unauthorized' });
    },
  };
}
