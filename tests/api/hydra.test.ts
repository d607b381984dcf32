// The Hydra side of the API: documentation, entrypoint, contexts, collections, and that
// api-doc-parser (what @api-platform/admin runs) reads it.
import { parseHydraDocumentation } from '@api-platform/api-doc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJsonLd } from '../../server/src/hydra/jsonld.ts';
import { parseCollectionQuery } from '../../server/src/hydra/query.ts';
import { hydraPage } from '../../server/src/resources/framework/view.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// A test resource, declared the way business resources will be.
const WIDGETS = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `Article ${String(i + 1).padStart(2, '0')}`,
  colour: ['rouge', 'bleu', 'vert'][i % 3],
}));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      beforeListen(app) {
        app.hydra.add({
          name: 'Widget',
          title: 'Article',
          collection: { path: '/api/widgets', key: 'widgets' },
          properties: [
            { name: 'name', range: 'xmls:string', title: 'Nom', required: true },
            { name: 'colour', range: 'xmls:string', title: 'Couleur' },
          ],
        });
        app.get('/api/widgets', async (request, reply) => {
          const query = parseCollectionQuery(request.query, {
            orderFields: { name: 'name' },
            filters: { colour: { multiple: true } },
          });
          const colours = query.filters.colour as string[] | undefined;
          let rows = WIDGETS.filter((w) => !colours || colours.includes(w.colour));
          if (query.order[0]?.direction === 'desc') rows = [...rows].reverse();
          const members = rows
            .slice(query.offset, query.offset + query.itemsPerPage)
            .map((w) => ({ '@id': `/api/widgets/${w.id}`, '@type': 'Widget', ...w }));
          return sendJsonLd(
            reply,
            hydraPage(
              {
                resource: 'Widget',
                url: request.url,
                query,
                totalItems: rows.length,
                lowerBound: false,
                hasNext: query.offset + query.itemsPerPage < rows.length,
                previousReachable: true,
                offsetCap: 10_000,
              },
              members,
            ),
          );
        });
      },
    },
  );
});
afterAll(() => server?.close());

const get = (path: string) =>
  fetch(`${server.url}${path}`, { headers: { accept: 'application/ld+json' } });

describe('API documentation', () => {
  it('/api/docs.jsonld is a public Hydra ApiDocumentation', async () => {
    const response = await get('/api/docs.jsonld');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(response.headers.get('link')).toBe(
      `<${server.url}/api/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`,
    );
    const docs = await response.json();
    expect(docs['@context']['@vocab']).toBe(`${server.url}/api/docs.jsonld#`);
    expect(docs['@context'].hydra).toBe('http://www.w3.org/ns/hydra/core#');
    expect(docs['@id']).toBe('/api/docs.jsonld');
    expect(docs['@type']).toBe('hydra:ApiDocumentation');
    expect(docs['hydra:title']).toMatch(/AGEO/);
    expect(docs['hydra:entrypoint']).toBe('/api');
    const classes = docs['hydra:supportedClass'] as Array<Record<string, unknown>>;
    // The Entrypoint first, then every registered class (the business resources and this
    // test's Widget), each declared once.
    const ids = classes.map((c) => c['@id']);
    expect(ids[0]).toBe('#Entrypoint');
    expect(ids).toContain('#Widget');
    expect(new Set(ids).size).toBe(ids.length);
    const entry = classes[0]['hydra:supportedProperty'] as Array<{
      'hydra:property': { '@id': string };
    }>;
    expect(entry.map((p) => p['hydra:property']['@id'])).toContain('#Entrypoint/widgets');
  });

  it('GET /api is the entrypoint, with its JSON-LD context', async () => {
    const response = await get('/api');
    expect(response.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expect(await response.json()).toMatchObject({
      '@context': '/api/contexts/Entrypoint',
      '@id': '/api',
      '@type': 'Entrypoint',
      widgets: '/api/widgets',
      contracts: '/api/contrats',
    });
    const context = await (await get('/api/contexts/Entrypoint')).json();
    expect(context['@context'].widgets).toEqual({ '@id': 'Entrypoint/widgets', '@type': '@id' });
    expect((await get('/api/contexts/Widget')).status).toBe(200);
    expect((await get('/api/contexts/Error')).status).toBe(200);
    expect((await get('/api/contexts/Inconnu')).status).toBe(404);
  });

  it('api-doc-parser, as @api-platform/admin runs it, reads the resources and their fields', async () => {
    const { api, status } = await parseHydraDocumentation(`${server.url}/api`);
    expect(status).toBe(200);
    expect(api.title).toMatch(/AGEO/);
    const widgets = api.resources?.find((r) => r.name === 'widgets');
    expect(widgets?.url).toBe(`${server.url}/api/widgets`);
    expect(widgets?.title).toBe('Article');
    // Fields are named as the records carry them; the French label is their description.
    expect(widgets?.fields?.map((f) => [f.name, f.required, f.description])).toEqual([
      ['name', true, 'Nom'],
      ['colour', false, 'Couleur'],
    ]);
  });
});

describe('collections', () => {
  it('a page carries hydra:member, hydra:totalItems and a hydra:view keeping the parameters', async () => {
    const response = await get('/api/widgets?itemsPerPage=10&order%5Bname%5D=DESC&page=2');
    const page = await response.json();
    expect(page['@context']).toBe('/api/contexts/Widget');
    expect(page['@id']).toBe('/api/widgets');
    expect(page['@type']).toBe('hydra:Collection');
    expect(page['hydra:totalItems']).toBe(25);
    expect(page['hydra:member']).toHaveLength(10);
    expect(page['hydra:member'][0].name).toBe('Article 15');
    expect(page['hydra:view']).toEqual({
      '@id': '/api/widgets?itemsPerPage=10&order%5Bname%5D=DESC&page=2',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/widgets?itemsPerPage=10&order%5Bname%5D=DESC&page=1',
      'hydra:last': '/api/widgets?itemsPerPage=10&order%5Bname%5D=DESC&page=3',
      'hydra:previous': '/api/widgets?itemsPerPage=10&order%5Bname%5D=DESC&page=1',
      'hydra:next': '/api/widgets?itemsPerPage=10&order%5Bname%5D=DESC&page=3',
    });
  });

  it('reads arrays written f[]=a, f[0]=a and f=a&f=b alike', async () => {
    for (const query of [
      'colour[]=rouge&colour[]=bleu',
      'colour[0]=rouge&colour[1]=bleu',
      'colour=rouge&colour=bleu',
      'colour%5B%5D=rouge&colour%5B%5D=bleu&colour%5B%5D=',
    ]) {
      const page = await (await get(`/api/widgets?${query}`)).json();
      expect(page['hydra:totalItems'], query).toBe(17);
    }
  });
});
