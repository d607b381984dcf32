// Forwarding headers believed only from the proxies of TRUST_PROXY (issue 18, point 8), over
// real HTTP: without it, a forged X-Forwarded-Host / -Proto / -For changes neither the sign-in
// addresses the discovery document advertises, nor the provider's cookies, nor the API's
// links, nor what Fastify makes of the request; with TRUST_PROXY naming this test's address,
// a proxy's headers are followed by all of them alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFrom } from './support/browserAt.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const FORGED = {
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'partenaires.example.fr',
  'x-forwarded-for': '203.0.113.9',
};
const PUBLIC = 'https://partenaires.example.fr';

/** A test-only route: what Fastify makes of the request. */
const echo = (server: TestServer, headers: Record<string, string>) =>
  fetch(`${server.url}/test-forwarded`, {
    headers: { ...headers, accept: 'application/json' },
  }).then((r) => r.json() as Promise<{ protocol: string; host: string; ip: string }>);

const start = (env: Record<string, string> = {}) =>
  startTestServer(env, {
    beforeListen: (app) => {
      app.get('/test-forwarded', async (request) => ({
        protocol: request.protocol,
        host: request.host,
        ip: request.ip,
      }));
    },
  });

async function discovery(server: TestServer, headers: Record<string, string> = FORGED) {
  const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`, {
    headers,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string>;
}

/** The provider's interaction cookie, as set when an authorization request starts. */
async function interactionCookie(server: TestServer, headers: Record<string, string>) {
  const url = new URL('/oidc/auth', server.url);
  for (const [key, value] of Object.entries({
    client_id: server.config.oidc.clientId,
    redirect_uri: `${server.url}/callback`,
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })) {
    url.searchParams.set(key, value);
  }
  const response = await fetch(url, { headers, redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.getSetCookie().find((c) => c.startsWith('ep_interaction=')) ?? '';
}

describe('without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
  }, 60_000);
  afterAll(() => server?.close());

  it("keeps the discovery document's addresses on the server's own", async () => {
    const document = await discovery(server);
    expect(document.issuer).toBe(`${server.url}/oidc`);
    expect(document.authorization_endpoint).toBe(`${server.url}/oidc/auth`);
    expect(document.token_endpoint).toBe(`${server.url}/oidc/token`);
    expect(document.end_session_endpoint).toBe(`${server.url}/oidc/session/end`);
    expect(JSON.stringify(document)).not.toContain('partenaires.example.fr');
  });

  it('does not let a forged X-Forwarded-Proto make the cookies secure', async () => {
    expect(await interactionCookie(server, FORGED)).not.toMatch(/;\s*secure/i);
  });

  it('reads the protocol, host and address of the connection, not the headers', async () => {
    const seen = await echo(server, FORGED);
    expect(seen).toEqual({
      protocol: 'http',
      host: new URL(server.url).host,
      ip: '127.0.0.1',
    });
  });

  it("keeps the API's links on the address it was reached at", async () => {
    const response = await fetch(`${server.url}/api/docs.jsonld`, { headers: FORGED });
    expect(response.headers.get('link')).toContain(`<${server.url}/api/docs.jsonld>`);
  });
});

describe('with TRUST_PROXY naming this client (127.0.0.1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start({ TRUST_PROXY: '127.0.0.1' });
  }, 60_000);
  afterAll(() => server?.close());

  it('advertises the public address the proxy forwards', async () => {
    const document = await discovery(server);
    expect(document.authorization_endpoint).toBe(`${PUBLIC}/oidc/auth`);
    expect(document.token_endpoint).toBe(`${PUBLIC}/oidc/token`);
    // Without the headers, the server's own address as before.
    const direct = await discovery(server, {});
    expect(direct.authorization_endpoint).toBe(`${server.url}/oidc/auth`);
  });

  it('makes the cookies secure behind an HTTPS proxy', async () => {
    expect(await interactionCookie(server, FORGED)).toMatch(/;\s*secure/i);
  });

  it("reads the client's protocol, host and address from the proxy's headers", async () => {
    expect(await echo(server, FORGED)).toEqual({
      protocol: 'https',
      host: 'partenaires.example.fr',
      ip: '203.0.113.9',
    });
    const response = await fetch(`${server.url}/api/docs.jsonld`, { headers: FORGED });
    expect(response.headers.get('link')).toContain(`<${PUBLIC}/api/docs.jsonld>`);
  });

  it('still ignores them from an address that is not the proxy', async () => {
    const port = new URL(server.url).port;
    const response = await sendFrom(
      '127.0.0.2',
      new URL(`http://127.0.0.1:${port}/oidc/.well-known/openid-configuration`),
      { headers: FORGED },
    );
    const document = (await response.json()) as Record<string, string>;
    expect(document.authorization_endpoint).toBe(`http://127.0.0.1:${port}/oidc/auth`);
  });
});
