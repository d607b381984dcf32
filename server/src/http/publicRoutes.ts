// What the SPA reads before anyone signs in: the brand and where to sign in.
import type { FastifyPluginAsync } from 'fastify';
import type { PublicConfig } from '../../../src/domain/session.ts';
import { DEFAULT_REALM } from '../../../src/domain/userForm.ts';
import type { Config } from '../config.ts';

export function publicConfig(config: Config): PublicConfig {
  return {
    brand: config.brand,
    oidc: {
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      scope: 'openid profile roles',
      ...(config.oidc.accountUrl ? { accountUrl: config.oidc.accountUrl } : {}),
      ...(config.oidc.embedded ? { onlyRealm: DEFAULT_REALM } : {}),
    },
  };
}

export const publicRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.get('/api/config', async (_request, reply) => {
    // The SPA reads it at every start; a stale brand or issuer after a restart would mislead it.
    reply.header('Cache-Control', 'no-cache');
    return publicConfig(config);
  });
};
