// Hands every request under /oidc to oidc-provider (a Koa application) untouched.
// - onRequest + reply.hijack(): Fastify neither parses the body (the provider reads the raw
//   stream itself) nor answers; the provider writes the response.
// - req.url loses the prefix (the provider routes on /auth, /token, ...) while req.originalUrl
//   keeps it, so that discovery and redirects advertise /oidc/... endpoints.
// - the provider's request storage is off between its requests (requestStorage.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { DATABASE_RETRY_AFTER_S } from '../../db/unavailable.ts';
import { forwardedAsFastifySees } from './forwarded.ts';
import { storageOffBetweenRequests } from './requestStorage.ts';

/** Where the provider is mounted on this server (the issuer's path, behind no rewriting). */
export const MOUNT_PATH = '/oidc';

export async function mountProvider(
  app: FastifyInstance,
  provider: Provider,
  issuerPath: string,
): Promise<void> {
  const handle = storageOffBetweenRequests(provider.callback());
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      reply.hijack();
      // The provider believes X-Forwarded-*: only what Fastify believes (TRUST_PROXY) reaches it.
      forwardedAsFastifySees(request);
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? MOUNT_PATH;
      let rest = url.slice(MOUNT_PATH.length);
      if (!rest.startsWith('/')) rest = `/${rest}`;
      // The issuer's path, so that a reverse proxy publishing the server under a sub-path
      // (PUBLIC_URL=https://host/extranet) still gets its own addresses advertised.
      raw.originalUrl = `${issuerPath}${rest}`;
      raw.url = rest;
      retryAfterOnUnavailable(reply.raw);
      await handle(raw, reply.raw);
    });
    // The handlers never run (the hook hijacks); the routes make the hook apply to /oidc/*.
    const unreachable = async () => undefined;
    scope.all(MOUNT_PATH, unreachable);
    scope.all(`${MOUNT_PATH}/*`, unreachable);
  });
}

/**
 * The provider answers 503 temporarily_unavailable when its storage (the database) cannot be
 * reached (adapter.ts), without Retry-After: added as every other 503 of the server has it.
 * Node writes the head through writeHead, explicitly or when the body starts.
 */
function retryAfterOnUnavailable(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (args[0] === 503 && !this.hasHeader('retry-after')) {
      this.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
