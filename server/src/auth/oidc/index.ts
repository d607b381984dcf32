// The embedded identity provider, mounted at /oidc when OIDC_ISSUER is unset.
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { accountStore } from './accounts.ts';
import { interactionRoutes } from './interactions.ts';
import { loadProviderSecrets, publicJwks } from './keys.ts';
import { mountProvider } from './mount.ts';
import { createProvider } from './provider.ts';

/** Mounts the provider; returns the public signing keys, for the API's bearer verification. */
export async function mountEmbeddedProvider(
  app: FastifyInstance,
  deps: { config: Config; database: Database },
): Promise<{ keys: JWK[] }> {
  const secrets = await loadProviderSecrets(deps.database.db);
  const accounts = accountStore(deps.database.db);
  const provider = createProvider({ ...deps, secrets, accounts, log: app.log });
  const issuerPath = new URL(deps.config.oidc.issuer).pathname.replace(/\/+$/, '');
  await interactionRoutes(app, { config: deps.config, provider, accounts, issuerPath });
  await mountProvider(app, provider, issuerPath);
  return publicJwks(secrets.jwks);
}
