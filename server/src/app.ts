// Builds the whole server without listening, so tests can start it on any port.
import Fastify, { type FastifyInstance } from 'fastify';
import { authPlugin } from './auth/plugin.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { maintenanceGate } from './http/maintenance.ts';
import { problemHandling } from './http/problem.ts';
import { publicRoutes } from './http/publicRoutes.ts';
import { spaRoutes } from './http/spa.ts';
import { apiDocsRoutes } from './hydra/apiDocs.ts';

export interface AppDeps {
  config: Config;
  database: Database;
}

export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: true,
    // Requests in flight finish on close; idle keep-alive sockets do not hold shutdown up.
    forceCloseConnections: 'idle',
  });

  problemHandling(app);
  await app.register(maintenanceGate, { config });
  // The embedded identity provider (when OIDC_ISSUER is unset) and bearer verification.
  const { authenticate } = await authPlugin(app, { config, database });
  await app.register(publicRoutes, { config });
  await app.register(apiDocsRoutes, { config });

  // Everything below needs a valid bearer token.
  await app.register(async (api) => {
    api.addHook('onRequest', authenticate);
    // Business resources are registered here (issue 3).
  });

  await app.register(spaRoutes, { config });
  return app;
}
