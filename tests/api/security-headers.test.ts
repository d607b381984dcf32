// What the browser is allowed to do with the server's answers (issue 18, points 2 and 3):
// - the SPA's page carries a Content-Security-Policy allowing only this server's scripts and,
//   for styles, this server's files and the <style> tags carrying the page's nonce, fresh for
//   each page and written into the page (src/styleCache.ts reads it); every other answer is no
//   document at all (default-src 'none'); the sign-in page allows only its own style by hash;
// - Strict-Transport-Security over HTTPS (a trusted proxy's X-Forwarded-Proto), never on http;
// - Cache-Control: no-store on every API answer carrying personal data (lists, items, exports,
//   downloads, the identity provider's tokens), while the hashed assets keep their long cache.
// A tiny fake build stands in for Vite's dist/, as in spa.test.ts.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcBrowser, pkce } from '../../scripts/lib/oidcBrowser.ts';
import { overHttps } from '../../server/src/http/securityHeaders.ts';
import { downloadPath, exportPath, post } from './support/exportFiles.ts';
import { type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { subscribe } from './support/sse.ts';

const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-3f2a9c.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const HSTS = 'max-age=31536000; includeSubDomains';

let dist: string;
let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ep-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-3f2a9c.js'), 'console.log("spa");');
  // Forwarding headers are believed from the loopback only (TRUST_PROXY, config.trustProxy).
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1' }, { spaDir: dist });
  api = new ScopedApi(server);
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const open = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, server.url), { headers: { accept: BROWSER, ...headers } });

/** A policy as its directives: name -> sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

const UNSAFE = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'blob:'];

describe("the SPA's page", () => {
  it('allows only this server’s scripts, styles with the page’s nonce, and no plugin, base or framing', async () => {
    for (const path of ['/', '/contrats/liste', '/index.html']) {
      const response = await open(path);
      expect(response.status, path).toBe(200);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('script-src'), path).toEqual(["'self'"]);
      expect(policy.get('default-src'), path).toEqual(["'self'"]);
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(policy.get('form-action'), path).toEqual(["'self'"]);
      expect(policy.get('img-src'), path).toEqual(["'self'", 'data:', 'blob:']);
      // The identity provider is called from the page (discovery, token endpoint).
      expect(policy.get('connect-src'), path).toEqual([
        "'self'",
        new URL(server.config.oidc.issuer).origin,
      ]);
      const styles = policy.get('style-src') ?? [];
      expect(styles[0], path).toBe("'self'");
      expect(styles[1], path).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==' ?$/);
      for (const sources of [policy.get('script-src'), styles]) {
        for (const unsafe of UNSAFE) expect(sources, path).not.toContain(unsafe);
      }
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('writes a fresh nonce into each page, the one its policy names', async () => {
    const nonces = [];
    for (let i = 0; i < 3; i++) {
      const response = await open('/');
      const html = await response.text();
      const meta = html.match(/<meta property="csp-nonce" nonce="([^"]+)" \/>/)?.[1];
      const named = directives(response.headers.get('content-security-policy'))
        .get('style-src')?.[1]
        ?.match(/^'nonce-(.+)'$/)?.[1];
      expect(meta).toBeDefined();
      expect(named).toBe(meta);
      // The page is otherwise the build's, untouched, and holds no inline script or style.
      expect(html.replace(/\n {4}<meta property="csp-nonce"[^>]*>/, '')).toBe(INDEX);
      nonces.push(meta);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('keeps the hashed assets’ long cache and gives them a policy that allows nothing', async () => {
    const asset = await open('/assets/index-3f2a9c.js', { accept: '*/*' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(directives(asset.headers.get('content-security-policy')).get('default-src')).toEqual([
      "'none'",
    ]);
  });
});

describe('API answers', () => {
  it('are no document: default-src none, never framed', async () => {
    const token = await api.token('vendeur');
    for (const path of ['/api/contrats', '/api/nulle-part', '/api/config']) {
      const response = await fetch(new URL(path, server.url), {
        headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
      });
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('default-src'), path).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(policy.has('script-src'), path).toBe(false);
    }
  });

  it('are never stored: lists and items of contracts and insured persons', async () => {
    const token = await api.token('vendeur');
    const get = (path: string) =>
      fetch(new URL(path, server.url), {
        headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
      });
    const contracts = await get('/api/contrats?itemsPerPage=1');
    const insureds = await get('/api/assures?itemsPerPage=1');
    const contract = ((await contracts.json()) as Json)['hydra:member'][0];
    const insured = ((await insureds.json()) as Json)['hydra:member'][0];
    const answers = {
      '/api/contrats': contracts,
      '/api/assures': insureds,
      contract: await get(contract['@id']),
      insured: await get(insured['@id']),
      // The older unprefixed paths of spec §7 too.
      '/contrats/{id}': await get(`/contrats/${contract.id}`),
      // Refused answers alike (they name what was asked).
      unsigned: await fetch(new URL('/api/assures', server.url)),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.headers.get('cache-control'), name).toBe('no-store');
    }
    expect(answers.contract.status).toBe(200);
    // An ETag still comes with an item (If-Match on writes), stored or not.
    expect(answers.contract.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('are never stored: an export and its download', async () => {
    const id = randomUUID();
    const token = await api.token('vendeur');
    const hub = await subscribe(server.url, [`login/vendeur/${id}`], token);
    try {
      expect(hub.response.headers.get('cache-control')).toBe('no-store');
      const started = await post(api, 'vendeur', exportPath('contracts', 'csv'), { uuid: id });
      expect(started.status).toBe(202);
      expect(started.headers.get('cache-control')).toBe('no-store');
      await hub.waitForEvents(1, 60_000);
      const download = await post(api, 'vendeur', downloadPath('csv', id), { name: '' });
      expect(download.status).toBe(200);
      expect(download.headers.get('cache-control')).toBe('no-store');
      await download.arrayBuffer();
    } finally {
      hub.close();
    }
  });

  it('the public API documentation and configuration are revalidated, not forbidden', async () => {
    for (const path of ['/api/docs.jsonld', '/api', '/api/contexts/Entrypoint', '/api/config']) {
      const response = await open(path, { accept: 'application/ld+json' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });
});

describe('the identity provider', () => {
  const browser = () => new OidcBrowser(server.url, server.config.oidc.clientId);

  it('its sign-in page allows its own style by hash, no inline script, no other source', async () => {
    const { page } = await browser().startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    expect(page?.status).toBe(200);
    const policy = directives(page?.headers.get('content-security-policy') ?? null);
    const html = (await page?.text()) ?? '';
    const style = html.match(/<style>([^<]*)<\/style>/)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual([hash]);
    expect(policy.get('script-src')).toEqual(["'none'"]);
    expect(html).not.toMatch(/<script/);
  });

  it('its tokens are never stored, and its other answers are no document', async () => {
    const client = browser();
    const { code, pkce: challenge } = await client.signIn('vendeur', 'demo');
    const token = await fetch(new URL('/oidc/token', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: server.config.oidc.clientId,
        grant_type: 'authorization_code',
        code,
        code_verifier: challenge.verifier,
        redirect_uri: client.redirectUri,
      }).toString(),
    });
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-store');
    const { access_token } = (await token.json()) as { access_token: string };
    const userinfo = await fetch(new URL('/oidc/me', server.url), {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(userinfo.headers.get('cache-control')).toBe('no-store');
    const discovery = await fetch(new URL('/oidc/.well-known/openid-configuration', server.url));
    expect(discovery.status).toBe(200);
    expect(directives(discovery.headers.get('content-security-policy')).get('default-src')).toEqual(
      ["'none'"],
    );
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent over HTTPS, as told by a trusted proxy, and never on plain http', async () => {
    const plain = await open('/');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const plainApi = await open('/api/config', { accept: 'application/json' });
    expect(plainApi.headers.get('strict-transport-security')).toBeNull();
    const plainOidc = await fetch(new URL('/oidc/jwks', server.url));
    expect(plainOidc.headers.get('strict-transport-security')).toBeNull();

    const https = { 'x-forwarded-proto': 'https' };
    expect((await open('/', https)).headers.get('strict-transport-security')).toBe(HSTS);
    const api = await open('/api/config', { ...https, accept: 'application/json' });
    expect(api.headers.get('strict-transport-security')).toBe(HSTS);
    // The identity provider's own answers too (written outside Fastify).
    const oidc = await fetch(new URL('/oidc/jwks', server.url), { headers: https });
    expect(oidc.status).toBe(200);
    expect(oidc.headers.get('strict-transport-security')).toBe(HSTS);
  });

  it('is sent whenever the public address is https (a proxy that does not say so)', () => {
    const request = (protocol: 'http' | 'https') => ({ protocol }) as FastifyRequest;
    expect(overHttps(request('http'), { publicUrl: 'https://partenaires.example.fr' })).toBe(true);
    expect(overHttps(request('https'), { publicUrl: 'http://localhost:8080' })).toBe(true);
    expect(overHttps(request('http'), { publicUrl: 'http://localhost:8080' })).toBe(false);
  });
});
