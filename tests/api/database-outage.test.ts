// A database outage (issue 18 #4): the server reaches PostgreSQL through a small TCP proxy that
// the test cuts (every socket destroyed, no new one accepted) and opens again. From the very
// first request after the cut, the answer is 503 problem+json in French with Retry-After: a
// list, an item, and a request whose bearer token must be checked against the database (the
// service's wording, not an authentication one). Once the proxy is back, requests succeed again
// without a restart (the pool opens new connections).
// PostgreSQL only: the embedded PGlite lives inside the server's process and cannot become
// unreachable while it runs.
import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { type Database, openDatabase } from '../../server/src/db/database.ts';
import { prepareDatabase } from '../../server/src/db/prepare.ts';
import { type FreshDatabase, freePort, freshDatabase } from './support/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log('• No TEST_DATABASE_URL: the database outage test (PostgreSQL only) is skipped.');
}

/** A TCP proxy to host:port that can be cut and opened again on the same port. */
function tcpProxy(target: { host: string; port: number }, port: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  return {
    open: () =>
      new Promise<void>((resolve, reject) => {
        server = createServer((client) => {
          const upstream = netConnect(target.port, target.host);
          track(client);
          track(upstream);
          client.pipe(upstream);
          upstream.pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

describe.skipIf(!adminUrl)('a PostgreSQL that stops answering', () => {
  let fresh: FreshDatabase;
  let proxy: ReturnType<typeof tcpProxy>;
  let app: FastifyInstance;
  let database: Database;
  let url: string;

  beforeAll(async () => {
    fresh = await freshDatabase({ initialised: true });
    const real = new URL(fresh.env.DATABASE_URL);
    const proxyPort = await freePort();
    proxy = tcpProxy({ host: real.hostname, port: Number(real.port || 5432) }, proxyPort);
    await proxy.open();
    const proxied = new URL(real);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxyPort);
    const port = await freePort();
    const config = loadConfig({
      ...fresh.env,
      DATABASE_URL: proxied.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PAGE_CACHE_SECONDS: '0',
      DEMO_DATA: 'true',
    });
    database = await openDatabase(config.database);
    await prepareDatabase(database, { seedScale: 'demo', demoData: true });
    app = await buildApp({ config, database });
    await app.listen({ port, host: '127.0.0.1' });
    url = config.publicUrl;
  }, 180_000);

  afterAll(async () => {
    await proxy?.open().catch(() => undefined);
    await app?.close();
    await database?.close();
    await fresh?.dispose();
  }, 60_000);

  const get = (path: string, token: string) =>
    fetch(`${url}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
    });

  async function expectUnavailable(response: Response) {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 503,
      title: 'Service indisponible',
      detail: 'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    });
    expect(body['hydra:description']).toBe(body.detail);
  }

  it('answers 503 with Retry-After from the first request, then serves again once it is back', async () => {
    const seller = (await new OidcBrowser(url, 'espace-partenaire').login('vendeur', 'demo'))
      .access_token;
    // Signed in, but never seen by the API yet: its user row must be read to check it.
    const operator = (await new OidcBrowser(url, 'espace-partenaire').login('ageo', 'demo'))
      .access_token;
    const list = await get('/api/contrats', seller);
    expect(list.status).toBe(200);
    const member = ((await list.json()) as { 'hydra:member': Array<{ '@id': string }> })[
      'hydra:member'
    ][0];
    expect(member).toBeDefined();

    await proxy.cut();
    await expectUnavailable(await get('/api/contrats', seller));
    await expectUnavailable(await get(member['@id'], seller));
    await expectUnavailable(await get('/api/contrats', operator));
    // The identity provider's storage: a code exchanged reads the database.
    const token = await fetch(`${url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'a-code-that-must-be-looked-up',
        client_id: 'espace-partenaire',
        redirect_uri: `${url}/callback`,
        code_verifier: 'x'.repeat(43),
      }),
    });
    expect(token.status).toBe(503);
    expect(Number(token.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await token.json()).toMatchObject({
      error: 'temporarily_unavailable',
      error_description:
        'Le service est momentanément indisponible. Réessayez dans quelques instants.',
    });

    await proxy.open();
    expect((await get('/api/contrats', seller)).status).toBe(200);
    expect((await get(member['@id'], seller)).status).toBe(200);
    expect((await get('/api/contrats', operator)).status).toBe(200);
  }, 120_000);
});
