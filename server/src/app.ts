// Builds the whole server without listening, so tests can start it on any port.
import Fastify, { type FastifyInstance } from 'fastify';
import { authPlugin } from './auth/plugin.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerExports } from './exports/index.ts';
import { crossOrigin } from './http/cors.ts';
import { answerFrameworkError } from './http/frameworkErrors.ts';
import { parseJsonBodies } from './http/jsonBodies.ts';
import { loggerOptions, OneLinePerRequest } from './http/logRedaction.ts';
import { maintenanceGate } from './http/maintenance.ts';
import { problemHandling } from './http/problem.ts';
import { publicRoutes } from './http/publicRoutes.ts';
import { securityHeaders } from './http/securityHeaders.ts';
import { drainOnClose } from './http/shutdown.ts';
import { serveSpa } from './http/spa.ts';
import { registerHub } from './hub/index.ts';
import { apiDocsRoutes } from './hydra/apiDocs.ts';
import { parseQueryString } from './hydra/querystring.ts';
import { registerMailer } from './mail/index.ts';
import { PageCache } from './resources/framework/pageCache.ts';
import { registerResources } from './resources/index.ts';
import { accountRoutes } from './users/accountRoutes.ts';

/** Requests that may write business data: any but reads, sign-in, the hub and the exports. */
function changesData(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return !/^\/(?:oidc|\.well-known|export|downloads)(?:[/?]|$)/.test(url);
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the built SPA lives; dist/ at the repository root unless a test says otherwise. */
  spaDir?: string;
  /** Where log lines go; standard output unless a test reads them. */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp({
  config,
  database,
  spaDir,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Personal data and sign-in codes masked in every line (http/logRedaction.ts).
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    logController: new OneLinePerRequest(),
    // X-Forwarded-For, -Proto and -Host believed only from these proxies (TRUST_PROXY).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Requests in flight finish on close; idle keep-alive sockets do not hold shutdown up.
    forceCloseConnections: 'idle',
    // Requests arriving during the stop are answered by drainOnClose (problem+json, Retry-After).
    return503OnClosing: false,
    // order[field]=asc, f[]=a, f[0]=a, dtDebVal[after]=... (server/src/hydra/querystring.ts).
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: answerFrameworkError,
  });

  const pages = new PageCache({ ttlMs: config.pageCacheSeconds * 1000 });

  // Root-level concerns first: they must see every request and every answer.
  problemHandling(app);
  // JSON, JSON-LD and merge-patch bodies read alike by every route (http/jsonBodies.ts).
  parseJsonBodies(app);
  securityHeaders(app, config);
  drainOnClose(app);
  await crossOrigin(app, config);
  await app.register(maintenanceGate, { config });
  await app.register(apiDocsRoutes, { config });
  // The embedded identity provider (when OIDC_ISSUER is unset) and bearer verification.
  const { authenticate, principals } = await authPlugin(app, { config, database });
  // List pages kept a few seconds, and the signed-in users' rows (their rights): any change to
  // the data forgets both, whether the database announces it (the hub below) or this server
  // answers a write, before its answer leaves (the next call may come the moment it arrives).
  const dataChanged = () => {
    pages.forget();
    principals.forget();
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && changesData(request.method, request.url)) dataChanged();
    return payload;
  });
  // The SSE hub (app.hub, /.well-known/mercure): export notifications and live updates.
  await registerHub(app, { config, database, authenticate, onDataChange: dataChanged });
  await app.register(publicRoutes, { config });
  await app.register(accountRoutes, { config, database });
  // The one mail transport (app.mailer): SMTP_URL, else .eml files in <DATA_DIR>/outbox.
  registerMailer(app, { smtpUrl: config.smtpUrl, dataDir: config.dataDir });

  // Its onRequest hook answers page navigations with index.html (see spa.ts). Added before the
  // protected scope, whose routes inherit only the root hooks that exist when it is created:
  // a browser opening /contrats/liste gets the SPA, not the legacy API route /contrats/:id
  // (nor its 401).
  await serveSpa(app, { dir: spaDir, config });

  // Everything below needs a valid bearer token.
  await app.register(async (api) => {
    api.addHook('onRequest', authenticate);
    // Business resources (issue 3): every call of spec §7, scoped to the signed-in user.
    await registerResources(api, { config, database, pages });
    // Excel and CSV exports through the hub, downloads, the commissions file (issue 5).
    await registerExports(api, { config, database, pages });
  });
  return app;
}
