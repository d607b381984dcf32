// Logs without personal data (issue 18, point 9): the real server logging at info level into a
// stream the test reads. A list filtered by name and social security number, a real sign-in
// (its code in the callback's address), a sign-out hint and a failing request are logged with
// their path, status, response time, request id and user id, and never with the names, the
// numbers, the code or the tokens.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import type { Json } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const NIR = '1850712345678';
const NAME = 'Dupontel';

let server: TestServer;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const logged = () => lines.map((line) => JSON.parse(line) as Json);
const text = () => lines.join('\n');

beforeAll(async () => {
  server = await startTestServer(
    { LOG_LEVEL: 'info' },
    {
      logStream: sink,
      beforeListen(app) {
        // A failure whose message carries an address with personal parameters.
        app.get('/test-only/failure', async () => {
          throw new Error(`lecture de /api/assures?nom=${NAME}&nir=${NIR} impossible`);
        });
      },
    },
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('request logs', () => {
  it('keep path, status, time, request id and user id; mask names, NIR, codes and tokens', async () => {
    const browser = new OidcBrowser(server.url, server.config.oidc.clientId);
    const { code, pkce, redirect } = await browser.signIn('vendeur', 'demo');
    // The browser lands on the callback with the code in its address.
    await fetch(redirect, { headers: { accept: 'text/html' } });
    const { access_token: token, id_token: idToken } = await browser.exchange(code, pkce.verifier);

    const path = `/api/assures?lastname=${NAME}&firstname=Jean&noss=${NIR}&nom=${NAME}&nir=${NIR}&dtBirthday%5Bafter%5D=1985-07-12&order%5Bid%5D=asc&itemsPerPage=2`;
    const list = await fetch(new URL(path, server.url), {
      headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
    });
    expect(list.status).toBe(200);
    await fetch(
      new URL(`/oidc/session/end?id_token_hint=${idToken}&state=etat-secret`, server.url),
      { redirect: 'manual' },
    );
    const failure = await fetch(new URL('/test-only/failure', server.url), {
      headers: { accept: 'application/ld+json' },
    });
    expect(failure.status).toBe(500);

    const all = text();
    for (const secret of [NAME, NIR, '1985-07-12', code, token, idToken, 'etat-secret', 'Jean'])
      expect(all).not.toContain(secret);
    // Every sign-in value of the flow is masked, whatever it was.
    expect(all).not.toMatch(/[?&](code|state|nonce|id_token_hint)=(?!\*\*\*)/);

    const entries = logged();
    const incoming = entries.find((e) => e.req?.url?.startsWith('/api/assures?'));
    expect(incoming?.req.url).toBe(
      '/api/assures?lastname=***&firstname=***&noss=***&nom=***&nir=***&dtBirthday%5Bafter%5D=***&order%5Bid%5D=asc&itemsPerPage=2',
    );
    expect(incoming?.req.method).toBe('GET');
    const completed = entries.find(
      (e) => e.reqId === incoming?.reqId && e.res?.statusCode !== undefined,
    );
    expect(completed?.res.statusCode).toBe(200);
    expect(typeof completed?.responseTime).toBe('number');
    expect(typeof completed?.res.userId).toBe('number');
    expect(all).toMatch(/"url":"\/callback\?code=\*\*\*/);
    expect(all).toContain('id_token_hint=***&state=***');

    const failed = entries.find((e) => e.err && e.reqId !== undefined && e.level >= 50);
    expect(failed?.err.message).toBe('lecture de /api/assures?nom=***&nir=*** impossible');
  });
});
