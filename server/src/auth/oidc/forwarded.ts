// Who the client is, as Fastify reads it: X-Forwarded-For, -Proto and -Host are believed only
// from the proxies TRUST_PROXY names (app.ts gives the list to Fastify's trustProxy).
// oidc-provider is a Koa application whose `proxy` switch believes them from anyone; so before
// it reads a request, the forwarding headers are replaced by Fastify's reading of them (the
// socket's own address, protocol and Host header unless the peer is a trusted proxy). The
// discovery document, the redirects, the cookies' `secure` flag and the addresses in the
// provider's logs then follow the same rule as the rest of the server.
import type { FastifyRequest } from 'fastify';

export function forwardedAsFastifySees(request: FastifyRequest): void {
  const protocol = request.protocol;
  const host = request.host;
  const ip = request.ip;
  const headers = request.raw.headers;
  headers['x-forwarded-proto'] = protocol;
  if (host) headers['x-forwarded-host'] = host;
  else delete headers['x-forwarded-host'];
  if (ip) headers['x-forwarded-for'] = ip;
  else delete headers['x-forwarded-for'];
}
