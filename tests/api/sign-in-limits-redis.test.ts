// The sign-in limits across two server instances sharing this machine's Redis (REDIS_URL): the
// failures made on one lock the login on the other, as behind a load balancer. Skipped with a
// message when no Redis answers, unless CI=true, where Redis is required (as in hub-redis).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, timing } from '../../server/src/http/rateLimits.ts';
import { BrowserAt } from './support/browserAt.ts';
import { CI, REDIS_URL, redisAnswers } from './support/redis.ts';
import { startTestServer, type TestServer } from './support/server.ts';

LIMITS.signIn = {
  account: { slowAfter: 100, lockAfter: 3, windowSeconds: 600, lockSeconds: 600 },
  address: { slowAfter: 100, lockAfter: 100, windowSeconds: 600, lockSeconds: 600 },
  firstDelayMs: 0,
  maxDelayMs: 0,
};
timing.sleep = async () => undefined;

const available = await redisAnswers('the sign-in limits across two instances');

/** One attempt from an address of its own (the limits per address stay out of the way). */
const attempt = (server: TestServer, login: string, password: string) =>
  new BrowserAt(server.url, server.config.oidc.clientId, '127.0.0.2').attemptSignIn(
    login,
    password,
  );

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
