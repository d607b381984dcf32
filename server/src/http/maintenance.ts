// The maintenance flag (spec §4, administration §3): GET /api/maintenance tells the SPA, and
// while the flag is on every other API call answers 503 'Site en maintenance', which the SPA
// turns into its /maintenance page. The SPA's files, /api/config (the SPA needs it to start)
// and the identity provider (/oidc) stay served so that page can load.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { httpError } from './problem.ts';
import { isApiRequest, pathOf } from './requestKind.ts';

export const MAINTENANCE_MESSAGE = 'Site en maintenance';

const ALWAYS_OPEN = new Set(['/api/maintenance', '/api/config']);

const gate: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.get('/api/maintenance', async () => ({ maintenance: config.maintenance }));

  // Root-level onRequest hook: runs before routing to any scope, the protected one included, so
  // a caller without a token learns about maintenance rather than about its token.
  app.addHook('onRequest', async (request) => {
    if (!config.maintenance || !isApiRequest(request)) return;
    if (ALWAYS_OPEN.has(pathOf(request.url))) return;
    throw httpError(503, MAINTENANCE_MESSAGE, 'Maintenance en cours');
  });
};

/** Registered at the root (not encapsulated): its hook must see every request. */
export const maintenanceGate = fp(gate, { name: 'maintenance-gate' });
