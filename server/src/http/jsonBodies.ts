// The JSON bodies the API reads: application/json, and API Platform's application/ld+json and
// application/merge-patch+json, parsed alike on every route, so that any Hydra client's body is
// read where ours is (a JSON-LD body is never a 415). Fastify's parser (secure-json-parse)
// refuses a key that would set an object's prototype: said as such, not as invalid JSON.
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { httpError } from './problem.ts';

export const JSON_TYPES = [
  'application/json',
  'application/ld+json',
  'application/merge-patch+json',
] as const;

export const FORBIDDEN_KEY =
  'Le corps de la requête contient une clé interdite (« __proto__ » ou « constructor.prototype »).';

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Call once on the root instance, before any route: every scope inherits its parsers. */
export function parseJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  const parser: FastifyBodyParser<string> = (request, body, done) =>
    parse(request, body, (error, value) => {
      // Valid JSON that secure-json-parse refused holds a forbidden key (the error path only).
      if (error && body.length > 0 && isJson(body)) {
        done(httpError(400, FORBIDDEN_KEY), undefined);
      } else done(error, value);
    });
  app.removeContentTypeParser('application/json');
  for (const type of JSON_TYPES) app.addContentTypeParser(type, { parseAs: 'string' }, parser);
}
