// @vitest-environment node
// The limits' policy (server/src/http/rateLimits.ts) on its own: the counting key of an address,
// the waits of the slowing, the French wording, a lock and its end, the 429 of a user's action,
// and the counters through Redis: shared by two servers, and an in-memory stand-in while Redis
// does not answer (sign-in keeps working, and keeps counting).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addressKey,
  createRateLimits,
  frenchWait,
  LIMITS,
  type LimitPolicies,
  type RateLimits,
  signInDelayMs,
} from '../../../server/src/http/rateLimits.ts';
import { CI, REDIS_URL, redisAnswers } from '../../api/support/redis.ts';

const quiet = (): FastifyBaseLogger & { errors: string[] } => {
  const errors: string[] = [];
  const log = {
    errors,
    error: (_o: unknown, message: string) => errors.push(message),
    warn: () => undefined,
    info: () => undefined,
    debug: () => undefined,
    trace: () => undefined,
    fatal: () => undefined,
    child: () => log,
    level: 'info',
  };
  return log as unknown as FastifyBaseLogger & { errors: string[] };
};

const policy = (lockSeconds = 600): LimitPolicies => ({
  ...LIMITS,
  signIn: {
    account: { slowAfter: 2, lockAfter: 3, windowSeconds: 600, lockSeconds },
    address: { slowAfter: 100, lockAfter: 100, windowSeconds: 600, lockSeconds },
    firstDelayMs: 0,
    maxDelayMs: 0,
  },
  exports: [{ points: 1, seconds: 600 }],
});

/** Three failures of `login`, then its state. */
async function failThrice(limits: RateLimits, login: string, ip = '192.0.2.1') {
  for (let i = 0; i < 3; i++) expect((await limits.signIn(login, ip)).locked).toBe(false);
  return (await limits.signIn(login, ip)).locked;
}

const opened: RateLimits[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((l) => l.close()));
});
const open = (...args: Parameters<typeof createRateLimits>) => {
  const limits = createRateLimits(...args);
  opened.push(limits);
  return limits;
};

describe('the counting key of an address', () => {
  it('keeps IPv4, unwraps IPv4 in IPv6, and counts IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe('the slowing', () => {
  const signIn = LIMITS.signIn;
  it('waits from the slowAfter-th failure, twice as long each time, up to the cap', () => {
    const { slowAfter } = signIn.account;
    const waits = Array.from({ length: slowAfter + 6 }, (_, failures) =>
      signInDelayMs({ account: failures, address: 0 }),
    );
    expect(waits.slice(0, slowAfter)).toEqual(Array(slowAfter).fill(0));
    expect(waits.slice(slowAfter)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(signInDelayMs({ account: 0, address: signIn.address.slowAfter })).toBe(1000);
  });

  it('locks before a person would ever notice, after a handful of failures', () => {
    expect(signIn.account.slowAfter).toBeLessThan(signIn.account.lockAfter);
    expect(signIn.account.lockAfter).toBeLessThanOrEqual(10);
    expect(signIn.address.lockAfter).toBeGreaterThan(signIn.account.lockAfter);
  });
});

describe('the French wording of a wait', () => {
  it('says seconds under a minute, whole minutes above', () => {
    expect(frenchWait(1)).toBe('1 seconde');
    expect(frenchWait(0.2)).toBe('1 seconde');
    expect(frenchWait(45)).toBe('45 secondes');
    expect(frenchWait(60)).toBe('1 minute');
    expect(frenchWait(61)).toBe('2 minutes');
    expect(frenchWait(900)).toBe('15 minutes');
  });
});

describe('in memory', () => {
  it('locks a login after its failures, forgets them on success, and ends the lock', async () => {
    const limits = open({}, quiet(), policy(1));
    // A success in between: the count starts again.
    await limits.signIn('vendeur', '192.0.2.1');
    await (await limits.signIn('vendeur', '192.0.2.1')).succeeded();
    const locked = await failThrice(limits, 'Vendeur ');
    expect(locked).toMatchObject({ retryAfter: 1 });
    // The login is the same whatever its case or spaces.
    expect((await limits.signIn('VENDEUR', '198.51.100.1')).locked).not.toBe(false);
    expect((await limits.signIn('ageo', '192.0.2.1')).locked).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limits.signIn('vendeur', '192.0.2.1')).locked).toBe(false);
  });

  it("answers a user's action past its quota with 429, Retry-After and a French detail", async () => {
    const limits = open({}, quiet(), policy());
    const headers: Record<string, string> = {};
    const reply = {
      header: (name: string, value: string) => {
        headers[name] = value;
        return reply;
      },
    } as unknown as FastifyReply;
    await limits.use('exports', 'vendeur', reply);
    await expect(limits.use('exports', 'vendeur', reply)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^Vous avez lancé trop d'exports .* Réessayez dans/),
    });
    expect(Number(headers['retry-after'])).toBeGreaterThan(500);
    await limits.use('exports', 'ageo', reply);
  });
});

const available = await redisAnswers('the limits shared through Redis');

describe.skipIf(!available && !CI)('through Redis', () => {
  it('shares the counts between two servers', async () => {
    // A channel of this run alone: other runs and deployments on this Redis are not counted.
    const url = `${REDIS_URL}?channel=test-limits-${randomUUID()}`;
    const one = open({ redisUrl: url }, quiet(), policy());
    const two = open({ redisUrl: url }, quiet(), policy());
    await Promise.all([one.ready(), two.ready()]);
    for (const limits of [one, two, one]) {
      expect((await limits.signIn('vendeur', '192.0.2.1')).locked).toBe(false);
    }
    expect((await two.signIn('vendeur', '192.0.2.7')).locked).toMatchObject({
      retryAfter: expect.any(Number),
    });
    expect((await one.signIn('ageo', '192.0.2.1')).locked).toBe(false);
  });
});

describe('while Redis does not answer', () => {
  it('counts in memory instead, so sign-in neither fails nor goes unlimited', async () => {
    const log = quiet();
    // Nothing listens on port 1.
    const limits = open({ redisUrl: 'redis://127.0.0.1:1?channel=nowhere' }, log, policy());
    const locked = await failThrice(limits, 'vendeur');
    expect(locked).toMatchObject({ retryAfter: expect.any(Number) });
    expect((await limits.signIn('ageo', '192.0.2.1')).locked).toBe(false);
  });
});
