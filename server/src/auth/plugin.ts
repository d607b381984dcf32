// Authentication of the API: the embedded identity provider when OIDC_ISSUER is unset
// (mounted at /oidc), bearer verification, and GET /api/me. See docs/identity.md.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { JWK } from 'jose';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createAuthenticate } from './authenticate.ts';
import { meRoute } from './me.ts';
import { mountEmbeddedProvider } from './oidc/index.ts';
import { type PrincipalResolver, principalResolver } from './principals.ts';
import { createVerifier } from './verify.ts';

export async function authPlugin(
  app: FastifyInstance,
  { config, database }: { config: Config; database: Database },
): Promise<{ authenticate: onRequestHookHandler; principals: PrincipalResolver }> {
  let localKeys: { keys: JWK[] } | undefined;
  if (config.oidc.embedded) {
    localKeys = await mountEmbeddedProvider(app, { config, database });
  }
  const principals = principalResolver(database.db, {
    clientId: config.oidc.clientId,
    rolesFromData: config.oidc.embedded,
  });
  const authenticate = createAuthenticate({
    verify: createVerifier(config.oidc, localKeys),
    principals,
  });
  await meRoute(app, { authenticate });
  return { authenticate, principals };
}
