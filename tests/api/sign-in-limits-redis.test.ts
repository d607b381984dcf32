// The sign-in limits across two server instances sharing this machine's Redis (REDIS_URL): the
// failures made on one lock the login on the other, as behind a load balancer. Skipped with a
// message when no Redis answers, unless CI=true, where Redis is required (as in hub-redis).
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, timing } from '../../server/src/http/rateLimits.ts';
import { BrowserAt } from './support/browserAt.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

LIMITS.signIn = {
  account: { slowAfter: 100, lockAfter: 3, windowSeconds: 600, lockSeconds: 600 },
  address: { slowAfter: 100, lockAfter: 100, windowSeconds: 600, lockSeconds: 600 },
  firstDelayMs: 0,
  maxDelayMs: 0,
};
timing.sleep = async () => undefined;

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000);
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('timeout', () => resolve(socket.destroy() && false));
    socket.once('error', () => resolve(false));
  });
}

const available = await reachable(REDIS_URL);
if (!available && !CI) {
  console.log(`• No Redis at ${REDIS_URL}: the sign-in limits across two instances are skipped.`);
}

async function attempt(server: TestServer, login: string, password: string) {
  const browser = new BrowserAt(server.url, server.config.oidc.clientId, '127.0.0.2');
  const start = await browser.startAuthorization({
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  if (!start.page) throw new Error(`Expected the sign-in page, got ${start.redirect}`);
  const done = await browser.submitSignIn(await start.page.text(), login, password);
  return {
    status: done.page?.status ?? 303,
    signedIn: Boolean(done.redirect?.searchParams.has('code')),
  };
}

describe.skipIf(!available && !CI)('the sign-in limits across two instances', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    if (!available) throw new Error(`CI needs the Redis server at ${REDIS_URL} (TEST_REDIS_URL).`);
    // A channel of this run alone: its counts are nobody else's.
    const url = new URL(REDIS_URL);
    url.searchParams.set('channel', `espace-partenaire-test:${randomUUID()}`);
    a = await startTestServer({ REDIS_URL: url.toString() });
    b = await startTestServer({ REDIS_URL: url.toString() });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('locks on one instance the login that failed on the other', async () => {
    for (const server of [a, b, a]) {
      expect((await attempt(server, 'vendeur', 'faux')).status).toBe(200);
    }
    const locked = await attempt(b, 'vendeur', 'demo');
    expect(locked.signedIn).toBe(false);
    expect(locked.status).toBe(429);
    expect((await attempt(a, 'ageo', 'demo')).signedIn).toBe(true);
  });
});
