// The server-sent-events hub (Mercure subscribe protocol subset) for export notifications and
// the lists' live updates: `app.hub` for the rest of the server, GET/POST /.well-known/mercure
// for clients. docs/api.md, "Live updates and the hub".
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { databaseClaims } from './claims.ts';
import { followDatabaseChanges } from './databaseChanges.ts';
import { type Hub, MessageHub } from './hub.ts';
import { hubRoutes } from './routes.ts';

export type { Hub } from './hub.ts';
export { PUBLIC_TOPICS, type PublicTopic } from './topics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes to the hub's subscribers (every instance) and claims private topics. */
    hub: Hub;
  }
}

/** Decorates the root instance with `hub` and mounts the hub's routes behind `authenticate`. */
export async function registerHub(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    authenticate: onRequestHookHandler;
    /** Called on each database notification, before the lists hear of it. */
    onDataChange?: () => void;
  },
): Promise<void> {
  const hub = await MessageHub.start({
    claims: databaseClaims(deps.database.db),
    log: app.log,
    redisUrl: deps.config.redisUrl,
  });
  app.decorate('hub', hub);
  const stopFollowing = await followDatabaseChanges({
    config: deps.config,
    database: deps.database,
    announce: (topic) => hub.deliverLocally(topic, { changed: topic }),
    changed: deps.onDataChange,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await stopFollowing();
    await hub.close();
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', deps.authenticate);
    await hubRoutes(scope, { hub });
  });
}
