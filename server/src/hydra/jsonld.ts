// JSON-LD plumbing shared by the Hydra answers: the media type api-doc-parser insists on,
// and the addresses of the API documentation.
import type { FastifyReply } from 'fastify';

export const JSONLD_CONTENT_TYPE = 'application/ld+json; charset=utf-8';
export const API_DOCS_PATH = '/api/docs.jsonld';
export const ENTRYPOINT_PATH = '/api';
export const HYDRA = 'http://www.w3.org/ns/hydra/core#';

/** The Link header api-doc-parser looks for, with exactly this rel (STACK-NOTES). */
export function apiDocsLink(publicUrl: string): string {
  return `<${publicUrl}${API_DOCS_PATH}>; rel="${HYDRA}apiDocumentation"`;
}

/** The vocabulary of this API: every class and property IRI is `${vocab}Class/property`. */
export function vocabulary(publicUrl: string): string {
  return `${publicUrl}${API_DOCS_PATH}#`;
}

export function sendJsonLd(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type(JSONLD_CONTENT_TYPE).send(body);
}

/** A body already serialised (spliced from precomputed parts): sent as it is. */
export function sendJsonLdText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSONLD_CONTENT_TYPE).send(json);
}
