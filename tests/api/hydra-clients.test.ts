// What any Hydra client (the yardstick is @api-platform/admin) needs from the API, walked over
// every collection the entrypoint lists, whatever its class: CORS for the configured origins,
// links that work from the host the client used, the default order[id], an id filter given
// IRIs, every documented item operation answering, to-one relations with owl:maxCardinality 1,
// and a body over 1 MiB refused with 413.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const ADMIN_ORIGIN = 'http://admin.example.test:5174';

let server: TestServer;
let api: ScopedApi;
let docs: Json;
let collections: Array<{ key: string; path: string; className: string }>;
beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: `${ADMIN_ORIGIN},https://other.example.test` });
  api = new ScopedApi(server);
  docs = (await api.get('ageo', '/api/docs.jsonld')).body;
  const entrypoint = (await api.get('ageo', '/api')).body;
  const entrypointClass = classes().find((c) => c['@id'] === '#Entrypoint') as Json;
  collections = (entrypointClass['hydra:supportedProperty'] as Json[]).map((p) => {
    const property = p['hydra:property'] as Json;
    const key = (property['@id'] as string).replace('#Entrypoint/', '');
    const range = property['rdfs:range'] as Json[];
    const member = range[1]['owl:equivalentClass']['owl:allValuesFrom']['@id'] as string;
    return { key, path: entrypoint[key] as string, className: member.slice(1) };
  });
}, 60_000);
afterAll(() => server?.close());

const classes = () => docs['hydra:supportedClass'] as Json[];
const classOf = (name: string) => classes().find((c) => c['@id'] === `#${name}`) as Json;

async function raw(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, server.url), init);
}

describe('CORS', () => {
  it('answers a preflight from a configured origin with 204 and what the client may send', async () => {
    const response = await raw('/api/suppliers', {
      method: 'OPTIONS',
      headers: {
        origin: ADMIN_ORIGIN,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type, if-match',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'if-match']) {
      expect(allowed).toContain(header);
    }
  });

  it('lets a configured origin read the answer and its Link, Location and ETag headers', async () => {
    const response = await raw('/api/contrats?itemsPerPage=1', {
      headers: { origin: ADMIN_ORIGIN, authorization: `Bearer ${await api.token('ageo')}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const header of ['link', 'location', 'etag', 'content-disposition']) {
      expect(exposed).toContain(header);
    }
  });

  it('gives an origin that is not configured no CORS header at all', async () => {
    const response = await raw('/api/suppliers', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.test', 'access-control-request-method': 'GET' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const read = await raw('/api', { headers: { origin: 'https://evil.example.test' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends no CORS header when CORS_ORIGINS is unset (the default)', async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(new URL('/api', plain.url), {
        headers: { origin: ADMIN_ORIGIN },
      });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
    // A server of its own (migrations and seed): past 30 s on a loaded machine.
  }, 120_000);
});

describe('addresses', () => {
  it('points the Link header and the vocabulary at the host the client used', async () => {
    // The server listens on 127.0.0.1; PUBLIC_URL says localhost.
    const other = server.url.replace('localhost', '127.0.0.1');
    expect(other).not.toBe(server.url);
    const response = await fetch(new URL('/api', other));
    expect(response.headers.get('link')).toBe(
      `<${new URL(other).origin}/api/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`,
    );
    const body = (await (await fetch(new URL('/api/docs.jsonld', other))).json()) as Json;
    expect(body['@context']['@vocab']).toBe(`${new URL(other).origin}/api/docs.jsonld#`);
    // Through PUBLIC_URL, PUBLIC_URL (with any sub-path a proxy adds) as before.
    const usual = await raw('/api');
    expect(usual.headers.get('link')).toContain(`<${server.config.publicUrl}/api/docs.jsonld>`);
  });

  it('writes every IRI of a page as a path, never with a host', async () => {
    for (const { path } of collections) {
      const text = JSON.stringify((await api.list('ageo', `${path}?itemsPerPage=3`)) as Json);
      expect(text, path).not.toMatch(/"@id":"https?:/);
    }
  });
});

describe('every collection the entrypoint lists', () => {
  it('sorts by order[id], the default order of @api-platform/admin', async () => {
    for (const { path } of collections) {
      const asc = await api.get('ageo', `${path}?order[id]=asc&itemsPerPage=5`);
      expect(asc.status, `${path} order[id]=asc: ${JSON.stringify(asc.body)}`).toBe(200);
      const desc = await api.get('ageo', `${path}?order[id]=desc&itemsPerPage=5`);
      expect(desc.status, `${path} order[id]=desc`).toBe(200);
      const first = (body: Json) => (body['hydra:member'] as Json[])[0]?.['@id'];
      if ((asc.body['hydra:totalItems'] as number) > 1) {
        expect(first(asc.body), path).not.toBe(first(desc.body));
      }
    }
  });

  it('answers each documented item operation GET on a member', async () => {
    for (const { path, className } of collections) {
      const methods = (classOf(className)['hydra:supportedOperation'] as Json[]).map(
        (o) => o['hydra:method'],
      );
      const member = (
        (await api.list('ageo', `${path}?itemsPerPage=1`))['hydra:member'] as Json[]
      )[0];
      if (!member) continue;
      const item = await api.get('ageo', member['@id'] as string);
      if (methods.includes('GET')) {
        expect(item.status, `${member['@id']} is documented and answers`).toBe(200);
        expect(item.body['@id']).toBe(member['@id']);
      } else {
        expect(item.status, `${member['@id']} is not documented, so not served`).toBe(404);
      }
    }
  });

  it('accepts IRIs in its id filter', async () => {
    for (const { path } of collections) {
      const page = await api.list('ageo', `${path}?itemsPerPage=2`);
      expect(page['hydra:search'], `${path} documents its filters`).toBeDefined();
      const variables = ((page['hydra:search'] as Json)['hydra:mapping'] as Json[]).map(
        (m) => m.variable as string,
      );
      const idVariable = variables.find((v) => v === 'id[]' || v === 'id');
      if (!idVariable) continue;
      const ids = (page['hydra:member'] as Json[]).map((m) => m['@id'] as string);
      const query = ids.map((iri) => `${idVariable}=${encodeURIComponent(iri)}`).join('&');
      const answer = await api.get('ageo', `${path}?${query}`);
      expect(answer.status, `${path}?${query}: ${JSON.stringify(answer.body)}`).toBe(200);
      const found = (answer.body['hydra:member'] as Json[]).map((m) => m['@id']).sort();
      expect(found, path).toEqual([...ids].sort());
    }
  });

  it('documents each relation as a link or embedded, as it is sent, and its cardinality', async () => {
    for (const { path, className } of collections) {
      const members = (await api.list('ageo', `${path}?itemsPerPage=20`))['hydra:member'] as Json[];
      const properties = classOf(className)['hydra:supportedProperty'] as Json[];
      for (const supported of properties) {
        const property = supported['hydra:property'] as Json;
        const range = property.range as string | undefined;
        if (!range?.startsWith('#')) continue;
        const name = supported['hydra:title'] as string;
        const values = members.map((m) => m[name]).filter((v) => v !== undefined && v !== null);
        if (values.length === 0) continue;
        const toOne = values.every((v) => typeof v === 'string' || !Array.isArray(v));
        const items = values.flat();
        // An IRI string is a link a client fetches; an embedded object it shows in place.
        expect
          .soft(property['@type'], `${className}.${name}`)
          .toBe(items.every((v) => typeof v === 'string') ? 'hydra:Link' : 'rdf:Property');
        expect
          .soft(
            property['owl:maxCardinality'],
            `${className}.${name} is ${toOne ? 'to-one' : 'to-many'}`,
          )
          .toBe(toOne ? 1 : undefined);
      }
    }
  });
});

describe('JSON-LD bodies', () => {
  const send = async (account: Account, path: string, body: string) =>
    raw(path, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await api.token(account)}`,
        'content-type': 'application/ld+json',
      },
      body,
    });

  it("are read on every route that takes a body, not only the resources' writes", async () => {
    const found = await send('vendeur', '/api/search', JSON.stringify({ query: 'Martin' }));
    expect(found.status).toBe(200);
    // A manager may not send reset links: told so (403), not that the body's type is unknown.
    const user = await api.one("SELECT id FROM app_user WHERE username = 'vendeur'");
    const refused = await send('manager', `/api/users/${user}/reset_password`, '{}');
    expect(refused.status).toBe(403);
  });

  it('say that a body holding __proto__ holds a forbidden key, and save nothing', async () => {
    const before = await api.rows('SELECT count(*)::int AS n FROM supplier');
    const answer = await send('ageo', '/api/suppliers', '{"name":"Proto","__proto__":{"x":1}}');
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as Json).detail).toBe(
      'Le corps de la requête contient une clé interdite (« __proto__ » ou « constructor.prototype »).',
    );
    expect(await api.rows('SELECT count(*)::int AS n FROM supplier')).toEqual(before);
    // A body that is not JSON at all stays « not valid JSON ».
    const broken = await send('ageo', '/api/suppliers', '{"name":');
    expect(((await broken.json()) as Json).detail).toBe(
      "Le corps de la requête n'est pas un JSON valide.",
    );
  });
});

describe('bad input', () => {
  it('refuses a JSON body over 1 MiB with 413 and a French message, and saves nothing', async () => {
    const before = await api.rows<{ n: number }>('SELECT count(*)::int AS n FROM supplier');
    const response = await raw('/api/suppliers', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await api.token('ageo')}`,
        'content-type': 'application/ld+json',
      },
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await response.json()) as Json;
    expect(problem.detail).toBe('Le corps de la requête est trop volumineux.');
    expect(await api.rows('SELECT count(*)::int AS n FROM supplier')).toEqual(before);
  });
});
