// Every error answer is application/problem+json in French, with the Hydra error keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpError } from '../../server/src/http/problem.ts';
import { parseCollectionQuery } from '../../server/src/hydra/query.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      beforeListen(app) {
        app.get(
          '/api/test/validated',
          {
            schema: {
              querystring: {
                type: 'object',
                properties: { page: { type: 'integer', minimum: 1 } },
              },
            },
          },
          async () => ({ ok: true }),
        );
        app.post(
          '/api/test/body',
          {
            schema: {
              body: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', minLength: 1 } },
              },
            },
          },
          async () => ({ ok: true }),
        );
        app.get('/api/test/collection', async (request) =>
          parseCollectionQuery(request.query, {
            orderFields: { startAt: 'start_at' },
            dateFilters: ['dtDebVal'],
          }),
        );
        app.get('/api/test/boom', async () => {
          throw new Error('connection to 10.0.0.5 refused: password authentication failed');
        });
        app.get('/api/test/conflict', async () => {
          throw httpError(409, 'Ce contrat est déjà clôturé.');
        });
        app.get('/api/test/unavailable', async () => {
          throw httpError(503, 'Le service de tarification ne répond pas.');
        });
      },
    },
  );
});
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { accept: 'application/ld+json', ...headers } });

async function expectProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  const body = await response.json();
  expect(Object.keys(body).sort()).toEqual(
    [
      '@context',
      '@type',
      'hydra:title',
      'hydra:description',
      'title',
      'detail',
      'status',
      'type',
    ].sort(),
  );
  expect(body['@context']).toBe('/api/contexts/Error');
  expect(body['@type']).toBe('hydra:Error');
  expect(body.status).toBe(status);
  expect(body.type).toBe(`/errors/${status}`);
  expect(body.title).toBe(body['hydra:title']);
  expect(body.detail).toBe(body['hydra:description']);
  return body as { title: string; detail: string };
}

describe('not found', () => {
  it('answers 404 Ressource introuvable on an unknown API path', async () => {
    const body = await expectProblem(await get('/api/nulle-part'), 404);
    expect(body.title).toBe('Ressource introuvable');
    expect(body.detail).toBe("La ressource demandée n'existe pas.");
  });

  it('answers the same problem outside /api for a client asking JSON', async () => {
    await expectProblem(await get('/nulle/part', { accept: 'application/json' }), 404);
    await expectProblem(await fetch(`${server.url}/api/nulle-part`, { method: 'DELETE' }), 404);
  });
});

describe('bad requests', () => {
  it('a schema violation is a 400 naming the parameter', async () => {
    const body = await expectProblem(await get('/api/test/validated?page=0'), 400);
    expect(body.title).toBe('Requête invalide');
    expect(body.detail).toBe('Le paramètre « page » doit être supérieur ou égal à 1.');
    const typed = await expectProblem(await get('/api/test/validated?page=deux'), 400);
    expect(typed.detail).toBe('Le paramètre « page » doit être un nombre entier.');
  });

  it('a body violation names the field', async () => {
    const response = await fetch(`${server.url}/api/test/body`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    const body = await expectProblem(response, 400);
    expect(body.detail).toBe('Le champ « name » est obligatoire.');
  });

  it('a malformed JSON body is a 400 in French', async () => {
    const response = await fetch(`${server.url}/api/test/body`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    const body = await expectProblem(response, 400);
    expect(body.detail).toBe("Le corps de la requête n'est pas un JSON valide.");
  });

  it('collection parameters out of range are a 400 naming the parameter', async () => {
    const cases: Array<[string, RegExp]> = [
      ['itemsPerPage=500', /« itemsPerPage » doit être un nombre entier entre 1 et 100/],
      ['page=-1', /« page »/],
      ['order[inconnu]=asc', /« order\[inconnu\] » ne désigne pas un tri disponible/],
      ['order[startAt]=up', /« order\[startAt\] » doit valoir asc ou desc/],
      ['dtDebVal[after]=2024-13-01', /« dtDebVal\[after\] » doit être une date/],
    ];
    for (const [query, detail] of cases) {
      const body = await expectProblem(await get(`/api/test/collection?${query}`), 400);
      expect(body.detail).toMatch(detail);
    }
    const ok = await get('/api/test/collection?order[startAt]=DESC&dtDebVal[after]=2024-02-29');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      order: [{ field: 'startAt', column: 'start_at', direction: 'desc' }],
      dates: { dtDebVal: { after: '2024-02-29' } },
    });
  });
});

describe('errors thrown by the server', () => {
  it('a thrown error is a 500 that leaks neither its message nor a stack', async () => {
    const response = await get('/api/test/boom');
    const text = await response.clone().text();
    const body = await expectProblem(response, 500);
    expect(body.title).toBe('Erreur interne');
    expect(body.detail).toBe('Une erreur interne est survenue.');
    expect(text).not.toMatch(/10\.0\.0\.5|password|Error:|\.ts:\d+|\bat /);
  });

  it('httpError() gives its status and its French description', async () => {
    const conflict = await expectProblem(await get('/api/test/conflict'), 409);
    expect(conflict).toMatchObject({ title: 'Conflit', detail: 'Ce contrat est déjà clôturé.' });
    const unavailable = await expectProblem(await get('/api/test/unavailable'), 503);
    expect(unavailable.detail).toBe('Le service de tarification ne répond pas.');
  });
});

describe('headers', () => {
  it('every API answer, errors included, links the Hydra documentation', async () => {
    const link = `<${server.url}/api/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`;
    for (const path of [
      '/api',
      '/api/config',
      '/api/maintenance',
      '/api/nulle-part',
      '/api/test/boom',
    ]) {
      expect((await get(path)).headers.get('link'), path).toBe(link);
    }
    expect((await get('/nulle/part')).headers.get('link')).toBeNull();
  });

  it('every answer carries the security headers', async () => {
    for (const path of ['/api/config', '/api/nulle-part']) {
      const response = await get(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // No document: nothing may load, run or frame it (security-headers.test.ts).
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});
