// JSON-LD plumbing shared by the Hydra answers: the media type api-doc-parser insists on,
// and the addresses of the API documentation.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressible } from '../http/compression.ts';

export const JSONLD_CONTENT_TYPE = 'application/ld+json; charset=utf-8';
export const API_DOCS_PATH = '/api/docs.jsonld';
export const ENTRYPOINT_PATH = '/api';
export const HYDRA = 'http://www.w3.org/ns/hydra/core#';

/**
 * The API's address as a request reached it, so that a client on any host (another origin
 * through CORS, a test on 127.0.0.1) follows links that work for it; PUBLIC_URL, with the
 * sub-path a reverse proxy may add, when the request came through that address. PUBLIC_URL is
 * parsed once here: the answer is asked for on every API answer (its Link header).
 */
export function baseUrlOf(publicUrl: string): (request: FastifyRequest) => string {
  const publicOrigin = new URL(publicUrl).origin;
  return (request) => {
    const origin = `${request.protocol}://${request.host}`;
    return origin === publicOrigin ? publicUrl : origin;
  };
}

/** The Link header api-doc-parser looks for, with exactly this rel (STACK-NOTES). */
export function apiDocsLink(baseUrl: string): string {
  return `<${baseUrl}${API_DOCS_PATH}>; rel="${HYDRA}apiDocumentation"`;
}

/** The vocabulary of this API: every class and property IRI is `${vocab}Class/property`. */
export function vocabulary(baseUrl: string): string {
  return `${baseUrl}${API_DOCS_PATH}#`;
}

export function sendJsonLd(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type(JSONLD_CONTENT_TYPE).send(body);
}

/**
 * A body already serialised (spliced from precomputed parts): sent as it is, gzip-compressed
 * to a client that accepts it (http/compression.ts).
 */
export function sendJsonLdText(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
): FastifyReply {
  return reply.type(JSONLD_CONTENT_TYPE).send(compressible(request, reply, json));
}
