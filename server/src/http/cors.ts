// Cross-origin calls (CORS) for the sites named in CORS_ORIGINS, none by default: another
// Hydra client, such as an @api-platform/admin served elsewhere, can then read and write the
// API with its own bearer token. Registered at the root, before the maintenance gate and the
// bearer check, so that a preflight (which carries no token) is answered 204 at once.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** What a client must be able to read on an answer: paging links, created IRIs, versions. */
export const EXPOSED_HEADERS = ['Link', 'Location', 'ETag', 'Content-Disposition', 'Retry-After'];

export async function crossOrigin(app: FastifyInstance, config: Config): Promise<void> {
  if (config.corsOrigins.length === 0) return;
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Accept',
      'Content-Type',
      'If-Match',
      'Last-Event-ID',
      'Prefer',
    ],
    exposedHeaders: EXPOSED_HEADERS,
    // Bearer tokens, not cookies: no credentials across origins.
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  });
}
