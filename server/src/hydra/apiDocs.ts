// Public Hydra routes: the API documentation, the entrypoint and the JSON-LD contexts; and the
// Link header that points every /api answer at the documentation (how api-doc-parser finds it).
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { BRAND_COLOURS } from '../../../src/domain/brands.ts';
import type { Config } from '../config.ts';
import { httpError } from '../http/problem.ts';
import { isUnder, pathOf } from '../http/requestKind.ts';
import { apiDocumentation, context, entrypoint } from './documentation.ts';
import { API_DOCS_PATH, apiDocsLink, baseUrlOf, ENTRYPOINT_PATH, sendJsonLd } from './jsonld.ts';
import { HydraRegistry } from './registry.ts';

const plugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const registry = new HydraRegistry();
  app.decorate('hydra', registry);

  const baseUrl = baseUrlOf(config.publicUrl);
  // onSend also runs for errors, not-found answers and 503 maintenance answers.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isUnder(pathOf(request.url), ENTRYPOINT_PATH)) {
      reply.header('Link', apiDocsLink(baseUrl(request)));
    }
    return payload;
  });

  const title = `API ${BRAND_COLOURS[config.brand].name} : espace partenaire`;
  app.get(API_DOCS_PATH, async (request, reply) =>
    sendJsonLd(reply, apiDocumentation(registry, baseUrl(request), title)),
  );
  app.get(ENTRYPOINT_PATH, async (_request, reply) => sendJsonLd(reply, entrypoint(registry)));
  app.get<{ Params: { name: string } }>('/api/contexts/:name', async (request, reply) => {
    const body = context(registry, request.params.name, baseUrl(request));
    if (!body) throw httpError(404, `Le contexte JSON-LD « ${request.params.name} » n'existe pas.`);
    return sendJsonLd(reply, body);
  });
};

/** Registered at the root: the registry and the Link header serve every scope. */
export const apiDocsRoutes = fp(plugin, { name: 'hydra-api-docs' });
