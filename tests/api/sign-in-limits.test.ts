// Password guessing on the embedded provider's sign-in form (issue 18, point 1), over real
// HTTP from several loopback addresses: failures per login and per client address are slowed,
// then locked (429, Retry-After, the French sentence on the page) even for the right password;
// a success forgets the login's failures; a forged X-Forwarded-For counts on the real address
// unless the peer is a proxy of TRUST_PROXY. Small limits (set before the server is built) and
// a recording wait instead of real seconds keep it fast.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, timing } from '../../server/src/http/rateLimits.ts';
import { BrowserAt } from './support/browserAt.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const ACCOUNT = { slowAfter: 2, lockAfter: 4, windowSeconds: 600, lockSeconds: 600 };
const ADDRESS = { slowAfter: 6, lockAfter: 8, windowSeconds: 600, lockSeconds: 600 };
LIMITS.signIn = { account: ACCOUNT, address: ADDRESS, firstDelayMs: 1000, maxDelayMs: 8000 };

/** The waits the server asked for, in order; none is spent. */
const waits: number[] = [];
timing.sleep = async (ms) => {
  waits.push(ms);
};

const LOCKED = /Trop de tentatives de connexion\. Réessayez dans \d+ (secondes?|minutes?)\./;
const WRONG = 'Identifiant ou mot de passe incorrect.';

describe('without TRUST_PROXY', () => {
  let server: TestServer;
  const from = (address: string, headers: Record<string, string> = {}) =>
    new BrowserAt(server.url, server.config.oidc.clientId, address, headers);

  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server?.close());

  it('slows a login after a few failures, then locks it, the right password included', async () => {
    const browser = from('127.0.0.2');
    waits.length = 0;
    for (let i = 0; i < ACCOUNT.lockAfter; i++) {
      const wrong = await browser.attemptSignIn('vendeur', `faux-${i}`);
      expect(wrong.status).toBe(200);
      expect(wrong.html).toContain(WRONG);
    }
    // Two failures go at full speed; then each attempt waits, twice as long as the one before.
    expect(waits).toEqual([1000, 2000]);

    const locked = await browser.attemptSignIn('vendeur', 'demo');
    expect(locked.signedIn).toBe(false);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT.lockSeconds);
    expect(locked.html).toMatch(LOCKED);
    expect(locked.html).toContain('role="alert"');
    expect(locked.html).toContain('lang="fr"');

    // The lock is the login's: from another address too.
    const elsewhere = await from('127.0.0.3').attemptSignIn('vendeur', 'demo');
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.signedIn).toBe(false);
  });

  it('leaves another account, from another address, alone', async () => {
    const other = await from('127.0.0.4').attemptSignIn('ageo', 'demo');
    expect(other.signedIn).toBe(true);
  });

  it("forgets a login's failures when it signs in", async () => {
    const browser = from('127.0.0.5');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < ACCOUNT.lockAfter - 1; i++) {
        expect((await browser.attemptSignIn('manager', 'faux')).status).toBe(200);
      }
      // Without the reset, the second round's failures would have locked it.
      expect((await browser.attemptSignIn('manager', 'demo')).signedIn).toBe(true);
    }
  });

  it('locks an address trying many logins, whatever X-Forwarded-For it forges', async () => {
    waits.length = 0;
    for (let i = 0; i < ADDRESS.lockAfter; i++) {
      const forged = from('127.0.0.6', { 'x-forwarded-for': `198.51.100.${i + 1}` });
      const wrong = await forged.attemptSignIn(`inconnu-${randomUUID()}`, 'faux');
      expect(wrong.status).toBe(200);
    }
    // Each login failed once: only the address's failures slow it.
    expect(waits).toEqual([1000, 2000]);
    const forged = from('127.0.0.6', { 'x-forwarded-for': '198.51.100.200' });
    const locked = await forged.attemptSignIn('partenaire', 'demo');
    expect(locked.status).toBe(429);
    expect(locked.signedIn).toBe(false);
    expect(locked.html).toMatch(LOCKED);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    // The same account from an address that did not fail gets in.
    expect((await from('127.0.0.7').attemptSignIn('partenaire', 'demo')).signedIn).toBe(true);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let server: TestServer;
  const via = (client: string) =>
    new BrowserAt(server.url, server.config.oidc.clientId, '127.0.0.1', {
      'x-forwarded-for': client,
    });

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  }, 60_000);
  afterAll(() => server?.close());

  it("counts the forwarded client's address, not the proxy's", async () => {
    for (let i = 0; i < ADDRESS.lockAfter; i++) {
      const wrong = await via('203.0.113.7').attemptSignIn(`inconnu-${randomUUID()}`, 'faux');
      expect(wrong.status).toBe(200);
    }
    const locked = await via('203.0.113.7').attemptSignIn('vendeur', 'demo');
    expect(locked.status).toBe(429);
    // Another client behind the same proxy is not locked.
    expect((await via('203.0.113.8').attemptSignIn('vendeur', 'demo')).signedIn).toBe(true);
  });

  it('believes X-Forwarded-For only from the proxy itself', async () => {
    // 127.0.0.9 is no proxy: its forged header is ignored and its own address counted.
    for (let i = 0; i < ADDRESS.lockAfter; i++) {
      const forged = new BrowserAt(server.url, server.config.oidc.clientId, '127.0.0.9', {
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      expect((await forged.attemptSignIn(`inconnu-${randomUUID()}`, 'faux')).status).toBe(200);
    }
    const forged = new BrowserAt(server.url, server.config.oidc.clientId, '127.0.0.9', {
      'x-forwarded-for': '198.51.100.100',
    });
    expect((await forged.attemptSignIn('ageo', 'demo')).status).toBe(429);
  });
});
