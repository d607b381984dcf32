// MAINTENANCE=true: the API answers 503 'Site en maintenance' (the SPA then shows its
// /maintenance page); what the SPA needs to show that page stays served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ MAINTENANCE: 'true' });
});
afterAll(() => server?.close());

const get = (path: string, accept = 'application/ld+json', method = 'GET') =>
  fetch(`${server.url}${path}`, { method, headers: { accept } });

async function expectMaintenance(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  const body = await response.json();
  expect(body['hydra:description']).toBe('Site en maintenance');
  expect(body.detail).toBe('Site en maintenance');
  expect(body['@type']).toBe('hydra:Error');
  expect(body.status).toBe(503);
}

describe('maintenance on', () => {
  it('GET /api/maintenance says so, without a token', async () => {
    const response = await get('/api/maintenance');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ maintenance: true });
  });

  it('GET /api/config still answers (the SPA needs it to start)', async () => {
    const response = await get('/api/config');
    expect(response.status).toBe(200);
    expect((await response.json()).brand).toBe('ageo');
  });

  it('every other API call answers 503 Site en maintenance, before any token check', async () => {
    for (const path of [
      '/api',
      '/api/docs.jsonld',
      '/api/me',
      '/api/contracts/12',
      '/api/nulle-part',
    ]) {
      await expectMaintenance(await get(path));
    }
    await expectMaintenance(await get('/export/contracts', 'application/json', 'POST'));
    await expectMaintenance(await get('/downloads/excel?id=1', 'application/json', 'POST'));
    await expectMaintenance(await get('/.well-known/mercure?topic=x', 'text/event-stream'));
    // The older unprefixed API paths, called as the API (JSON).
    await expectMaintenance(await get('/contrats/12'));
    await expectMaintenance(await get('/search', 'application/json', 'POST'));
  });

  it('503 answers under /api still link the Hydra documentation', async () => {
    const response = await get('/api/contracts/12');
    expect(response.headers.get('link')).toContain('/api/docs.jsonld>');
  });

  it('pages and the identity provider are not gated', async () => {
    const page = await get('/contrats/liste', 'text/html,*/*;q=0.8');
    expect(page.status).not.toBe(503);
    const oidc = await get('/oidc/.well-known/openid-configuration', 'application/json');
    expect(oidc.status).not.toBe(503);
  });
});

describe('maintenance off', () => {
  it('the gate opens as soon as the flag is off', async () => {
    server.config.maintenance = false;
    try {
      expect(await (await get('/api/maintenance')).json()).toEqual({ maintenance: false });
      const docs = await get('/api/docs.jsonld');
      expect(docs.status).toBe(200);
      const unknown = await get('/api/nulle-part');
      expect(unknown.status).toBe(404);
    } finally {
      server.config.maintenance = true;
    }
  });
});
