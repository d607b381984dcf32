// The SPA served by the API server: index.html for every page a browser opens, hashed assets
// cached for good, and the API untouched by the fallback. A tiny fake build stands in for
// Vite's dist/ so the test does not depend on `npm run build`.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../scripts/precompress.ts';
import { sendFrom } from './support/browserAt.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const INDEX = '<!doctype html><html lang="fr"><body><div id="root"></div></body></html>';
/** A chunk as the build leaves it: its .br and .gz copies beside it (scripts/precompress.ts). */
const CHUNK = 'chunk-9b1d4e.js';
const CHUNK_TEXT = `export const labels = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Libellé ${i}`))};`;
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let dist: string;
let server: TestServer;
let unbuilt: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ep-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-3f2a9c.js'), 'console.log("spa");');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets', CHUNK), CHUNK_TEXT);
  await precompressFile(join(dist, 'assets', CHUNK));
  server = await startTestServer({}, { spaDir: dist });
  unbuilt = await startTestServer({}, { spaDir: join(dist, 'absent') });
});
afterAll(async () => {
  await server?.close();
  await unbuilt?.close();
  rmSync(dist, { recursive: true, force: true });
});

const open = (base: string, path: string, accept = BROWSER) =>
  fetch(`${base}${path}`, { headers: { accept } });

/** The page as built, without the nonce the server writes into it (security-headers.test.ts). */
const withoutNonce = (html: string) => html.replace(/\n {4}<meta property="csp-nonce"[^>]*>/, '');

describe('pages', () => {
  it('answers index.html, never cached, for every deep link a browser opens', async () => {
    for (const path of [
      '/',
      '/contrats/liste',
      '/Clients/12',
      '/contrats/12',
      '/users/list?page=2',
    ]) {
      const response = await open(server.url, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(withoutNonce(await response.text()), path).toBe(INDEX);
    }
  });

  it('answers the page to a probe or a link preview: Accept */*, text/*, or no Accept', async () => {
    for (const accept of ['*/*', 'text/*', '*/*;q=0.8']) {
      for (const path of ['/', '/mutuelles/liste', '/mentions/mentions_legales']) {
        const response = await open(server.url, path, accept);
        expect(response.status, `${path} ${accept}`).toBe(200);
        expect(response.headers.get('content-type'), accept).toMatch(/^text\/html/);
      }
    }
    // No Accept header at all (fetch always sends one: node:http does not).
    const bare = await sendFrom('127.0.0.1', new URL('/', server.url));
    expect(bare.status).toBe(200);
    expect(bare.headers.get('content-type')).toMatch(/^text\/html/);
    expect(withoutNonce(await bare.text())).toBe(INDEX);
    // An API client naming JSON still gets JSON, and /api is never the page.
    const api = await open(server.url, '/api', '*/*');
    expect(api.headers.get('content-type')).not.toMatch(/^text\/html/);
  });

  it('sets the locale cookie of spec §9 with the page: fr, 365 days, SameSite=Lax', async () => {
    const page = await open(server.url, '/mentions/mentions_legales');
    expect(page.headers.get('set-cookie')).toBe(
      'locale=fr; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    const api = await open(server.url, '/api', 'application/ld+json');
    expect(api.headers.get('set-cookie') ?? '').not.toContain('locale=');
  });

  it('keeps the security headers on the page', async () => {
    const response = await open(server.url, '/contrats/liste');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves hashed assets with a long immutable cache, other files revalidated', async () => {
    const asset = await open(server.url, '/assets/index-3f2a9c.js', '*/*');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("spa");');
    const icon = await open(server.url, '/favicon.svg', 'image/*');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends an asset brotli- or gzip-compressed to a browser that accepts it, as the build wrote it', async () => {
    // node:http, not fetch: fetch would undo the compression before the test sees it.
    const raw = async (acceptEncoding: string) => {
      const url = new URL(`/assets/${CHUNK}`, server.url);
      const headers = { accept: '*/*', 'accept-encoding': acceptEncoding };
      const response = await sendFrom('127.0.0.1', url, { headers });
      return { headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
    };
    const br = await raw('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(CHUNK_TEXT);
    expect(br.body.length).toBeLessThan(CHUNK_TEXT.length / 3);
    const gz = await raw('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(CHUNK_TEXT);
    const plain = await raw('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(CHUNK_TEXT);
  });

  it('a missing asset is a 404, not index.html', async () => {
    const response = await open(server.url, '/assets/index-000000.js', '*/*');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('an address with a dot', () => {
  it('opened by a browser, is the page when no file answers it: the screens say what is missing', async () => {
    for (const path of ['/contrats/1.5', '/assures/2.0', '/Produits/x.json', '/nimporte.quoi']) {
      const response = await open(server.url, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(withoutNonce(await response.text()), path).toBe(INDEX);
    }
  });

  it('is the file when one answers it, and stays a 404 for a script or an API client', async () => {
    const icon = await open(server.url, '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(await icon.text()).toContain('<svg');
    for (const [path, accept] of [
      ['/assets/index-000000.js', '*/*'],
      ['/contrats/1.5', 'application/ld+json'],
      ['/api/contracts/1.5', BROWSER],
    ]) {
      const response = await open(server.url, path, accept);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('the API is not the SPA', () => {
  it('API paths answer as the API even when a browser asks for HTML', async () => {
    const response = await open(server.url, '/api/nulle-part');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await open(server.url, '/api/config')).headers.get('content-type')).toMatch(/json/);
  });

  it('an older unprefixed API path asked for JSON is left to the API (not index.html)', async () => {
    for (const accept of ['application/ld+json', 'application/json', '*/*']) {
      const response = await open(server.url, '/contrats/12', accept);
      expect(response.headers.get('content-type'), accept).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('without a build', () => {
  it('says to run npm run build', async () => {
    const response = await open(unbuilt.url, '/contrats/liste');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('npm run build');
    expect((await open(unbuilt.url, '/api/config')).status).toBe(200);
  });
});
