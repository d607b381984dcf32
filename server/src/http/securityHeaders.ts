// Headers every answer carries (docs/security.md, "What the browser is allowed to do").
//
// - Content-Security-Policy. The SPA's page (index.html, spa.ts) gets `spaPolicy`: scripts only
//   from this server (no inline script, no eval), styles from this server plus the <style> tags
//   that carry the page's per-request nonce (emotion, MUI's style engine, inserts them at run
//   time and is given the nonce: src/styleCache.ts), calls only to this server and the identity
//   provider, no plugins, no <base>, forms posted only here, never framed. Every other answer
//   (JSON, files, errors) is no document at all: `default-src 'none'`. The identity provider's
//   pages set their own (server/src/auth/oidc/pages.ts) and keep it.
// - Strict-Transport-Security when the request came over HTTPS (request.protocol, which believes
//   X-Forwarded-Proto only from the trusted proxies) or when the public address is https.
// - Cache-Control: no-store on every API answer (they carry personal data) unless the route
//   chose its own; the public API documentation is revalidated instead.
// The identity provider's own answers (hijacked under /oidc, written by oidc-provider) get
// their defaults on the raw response before it writes: its pages overwrite the policy.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isApiRequest, isUnder, pathOf } from './requestKind.ts';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** Answers that are no page: nothing may load, run or frame them. */
export const NO_DOCUMENT_POLICY =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const HSTS = 'max-age=31536000; includeSubDomains';

/** What the SPA needs from the configuration to write its policy. */
export type PolicyConfig = Pick<Config, 'publicUrl'> & { oidc: Pick<Config['oidc'], 'issuer'> };

/** A fresh nonce for one page (128 random bits, base64). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The SPA page's policy. `connect-src` names the identity provider's origin: its discovery
 * document and token endpoint are called from the page (another origin when OIDC_ISSUER names
 * Keycloak). `frame-src blob:`: the carte TP is shown from a blob: URL (CarteTp.tsx).
 */
export function spaPolicy(config: PolicyConfig, nonce: string): string {
  const issuerOrigin = new URL(config.oidc.issuer).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${issuerOrigin}`,
    "frame-src 'self' blob:",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** HTTPS as the browser sees it: this request, or the address the server is published at. */
export function overHttps(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): boolean {
  return request.protocol === 'https' || config.publicUrl.startsWith('https:');
}

/** Public and the same for everyone: stored by the browser, asked again at each use. */
const PUBLIC_API_DOCS = ['/api/docs.jsonld', '/api/contexts'];

function cacheControlOf(request: FastifyRequest): string | undefined {
  if (!isApiRequest(request)) return undefined;
  const path = pathOf(request.url);
  if (path === '/api' || PUBLIC_API_DOCS.some((prefix) => isUnder(path, prefix))) {
    return 'no-cache';
  }
  return 'no-store';
}

export function securityHeaders(app: FastifyInstance, config: PolicyConfig): void {
  // oidc-provider writes its answers itself (mount.ts hijacks them): set the defaults on the
  // raw response first; its pages replace the policy with their own.
  app.addHook('onRequest', async (request, reply) => {
    if (!isUnder(pathOf(request.url), '/oidc')) return;
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    reply.raw.setHeader('Content-Security-Policy', NO_DOCUMENT_POLICY);
    if (overHttps(request, config)) reply.raw.setHeader('Strict-Transport-Security', HSTS);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', NO_DOCUMENT_POLICY);
    }
    if (overHttps(request, config)) reply.header('Strict-Transport-Security', HSTS);
    const cache = cacheControlOf(request);
    if (cache && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', cache);
    return payload;
  });
}
