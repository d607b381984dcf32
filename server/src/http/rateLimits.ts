// Limits against scripted abuse (issue 18): guessing passwords on the sign-in form, and a signed-in
// user starting exports, imports or e-mails in a loop. One policy (LIMITS), one set of counters
// per server: in memory by default, in Redis when REDIS_URL is set so that every instance counts
// the same attempts, with an in-memory stand-in while Redis does not answer (a Redis outage never
// blocks sign-in or exports: each instance then counts on its own). docs/security.md, "Limits".
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { splitRedisUrl } from '../hub/redisBus.ts';
import { httpError } from './problem.ts';

/** `points` actions per `seconds`. */
export interface Quota {
  points: number;
  seconds: number;
}

/** Sign-in failures of one key (a login, or a client address) within `windowSeconds`. */
export interface FailurePolicy {
  /** Failures after which each further attempt waits before its password is checked. */
  slowAfter: number;
  /** Failures after which the key is locked for `lockSeconds` (right password or not). */
  lockAfter: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface LimitPolicies {
  signIn: {
    account: FailurePolicy;
    address: FailurePolicy;
    /** The wait of the first slowed attempt; it doubles with each failure, up to maxDelayMs. */
    firstDelayMs: number;
    maxDelayMs: number;
  };
  /** Per signed-in user: starting an export (POST /export/...). */
  exports: Quota[];
  /** Per signed-in user: uploading a user import (POST /api/user_import_logs). */
  imports: Quota[];
  /** Per signed-in user: asking for e-mails (reset links, invitations, a carte TP by e-mail). */
  mails: Quota[];
}

/**
 * The policy. Generous for a person (who never meets it), short for a script: the audit's 200
 * guesses in 9 s meet the slowing after 3 and the lock after 10. Read when a server is built:
 * a test may lower the values before starting its server (tests/api/sign-in-limits.test.ts).
 */
export const LIMITS: LimitPolicies = {
  signIn: {
    account: { slowAfter: 3, lockAfter: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
    // One office behind one address: many people, a few typing errors each.
    address: { slowAfter: 10, lockAfter: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
    firstDelayMs: 1000,
    maxDelayMs: 8000,
  },
  exports: [
    { points: 30, seconds: 60 },
    { points: 300, seconds: 60 * 60 },
  ],
  // Refused files count too (the limit is met before a file is read).
  imports: [
    { points: 30, seconds: 60 },
    { points: 200, seconds: 60 * 60 },
  ],
  mails: [
    { points: 30, seconds: 60 },
    { points: 300, seconds: 60 * 60 },
  ],
};

/** How the sign-in waits (a test replaces it to see the waits without spending them). */
export const timing = {
  sleep: (ms: number): Promise<void> =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
};

/** "30 secondes", "1 minute", "15 minutes": how long until `seconds` have passed. */
export function frenchWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} seconde${s > 1 ? 's' : ''}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m > 1 ? 's' : ''}`;
}

/**
 * The counting key of a client address: IPv4 as is (also when mapped into IPv6), IPv6 by its
 * /64 network, which one subscriber usually holds whole.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The wait before the password of an attempt is checked, from the failures already counted. */
export function signInDelayMs(
  failures: { account: number; address: number },
  policy: LimitPolicies['signIn'] = LIMITS.signIn,
): number {
  // The first attempt after `slowAfter` failures waits firstDelayMs.
  const over = Math.max(
    failures.account - policy.account.slowAfter + 1,
    failures.address - policy.address.slowAfter + 1,
  );
  if (over <= 0) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (over - 1));
}

export interface SignInAttempt {
  /** Locked: no password is checked; the page says to wait `retryAfter` seconds. */
  locked: false | { retryAfter: number };
  /** Right password: the account's failures are forgotten, the address's attempt given back. */
  succeeded(): Promise<void>;
}

export interface RateLimits {
  /**
   * Counts a sign-in attempt of `login` from `ip` before its password is checked (so that
   * attempts in parallel are counted too), waits when failures pile up, and tells whether the
   * attempt may go on.
   */
  signIn(login: string, ip: string | undefined): Promise<SignInAttempt>;
  /** One action of a signed-in user; throws the 429 problem (with Retry-After) past the limit. */
  use(action: 'exports' | 'imports' | 'mails', user: string, reply: FastifyReply): Promise<void>;
  /** Resolves once Redis answers (at most a few seconds; meanwhile each instance counts alone). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** How long a start waits for Redis before counting in memory until it answers. */
const READY_WAIT_MS = 5000;

const TOO_MANY: Record<'exports' | 'imports' | 'mails', string> = {
  exports: "Vous avez lancé trop d'exports en peu de temps.",
  imports: "Vous avez envoyé trop de fichiers d'import en peu de temps.",
  mails: "Vous avez demandé l'envoi de trop d'e-mails en peu de temps.",
};

export const signInLockedMessage = (retryAfter: number): string =>
  `Trop de tentatives de connexion. Réessayez dans ${frenchWait(retryAfter)}.`;

type Factory = (name: string, options: IRateLimiterOptions) => RateLimiterAbstract;

function memoryFactory(): Factory {
  return (name, options) => new RateLimiterMemory({ ...options, keyPrefix: name });
}

function redisFactory(redisUrl: string, log: FastifyBaseLogger): { make: Factory; client: Redis } {
  const { url, channel } = splitRedisUrl(redisUrl);
  // A command fails at once while Redis is away: the in-memory stand-in answers instead.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'rate-limits',
  });
  let reported = false;
  client.on('error', (error: Error) => {
    if (!reported) {
      log.error({ err: error }, 'limits: Redis does not answer; each instance counts on its own');
    }
    reported = true;
  });
  client.on('ready', () => {
    if (reported) log.info('limits: Redis is back; the instances count together again');
    reported = false;
  });
  // The hub's channel also separates the counts of deployments sharing one Redis.
  const make: Factory = (name, options) => {
    const keyPrefix = `${channel}:limits:${name}`;
    return new RateLimiterRedis({
      ...options,
      storeClient: client,
      keyPrefix,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ ...options, keyPrefix }),
    });
  };
  return { make, client };
}

const isVerdict = (value: unknown): value is RateLimiterRes => value instanceof RateLimiterRes;

export function createRateLimits(
  config: Pick<Config, 'redisUrl'>,
  log: FastifyBaseLogger,
  policies: LimitPolicies = LIMITS,
): RateLimits {
  const redis = config.redisUrl ? redisFactory(config.redisUrl, log) : undefined;
  const make = redis?.make ?? memoryFactory();
  const policy = structuredClone(policies);

  const failures = (name: string, p: FailurePolicy) =>
    make(name, { points: p.lockAfter, duration: p.windowSeconds, blockDuration: p.lockSeconds });
  const account = failures('sign-in-account', policy.signIn.account);
  const address = failures('sign-in-address', policy.signIn.address);
  const quotas = (name: string, list: Quota[]) =>
    list.map((q, i) => make(`${name}-${i}`, { points: q.points, duration: q.seconds }));
  const actions = {
    exports: quotas('exports', policy.exports),
    imports: quotas('imports', policy.imports),
    mails: quotas('mails', policy.mails),
  };

  /** Consumes one point; a store failure (never expected: the stand-in answers) lets it pass. */
  async function take(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
    try {
      return await limiter.consume(key);
    } catch (outcome) {
      if (isVerdict(outcome)) return outcome;
      log.error({ err: outcome }, 'limits: a counter could not be read; the action goes on');
      return null;
    }
  }
  const refused = (res: RateLimiterRes | null, points: number) =>
    res !== null && res.consumedPoints > points;
  const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

  return {
    async signIn(login, ip) {
      const accountKey = login.trim().toLowerCase().slice(0, 200);
      const addressKeyed = addressKey(ip);
      const byAddress = await take(address, addressKeyed);
      if (refused(byAddress, policy.signIn.address.lockAfter)) {
        return {
          locked: { retryAfter: seconds(byAddress as RateLimiterRes) },
          succeeded: async () => undefined,
        };
      }
      const byAccount = await take(account, accountKey);
      if (refused(byAccount, policy.signIn.account.lockAfter)) {
        return {
          locked: { retryAfter: seconds(byAccount as RateLimiterRes) },
          succeeded: async () => undefined,
        };
      }
      // This attempt is counted: the failures before it are one less.
      const wait = signInDelayMs(
        {
          account: (byAccount?.consumedPoints ?? 1) - 1,
          address: (byAddress?.consumedPoints ?? 1) - 1,
        },
        policy.signIn,
      );
      if (wait > 0) await timing.sleep(wait);
      return {
        locked: false,
        async succeeded() {
          await Promise.all([
            account.delete(accountKey).catch(() => false),
            address.reward(addressKeyed, 1).catch(() => undefined),
          ]);
        },
      };
    },

    async use(action, user, reply) {
      let wait = 0;
      for (const [i, limiter] of actions[action].entries()) {
        const res = await take(limiter, user);
        if (res && refused(res, policy[action][i].points)) wait = Math.max(wait, seconds(res));
      }
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw httpError(429, `${TOO_MANY[action]} Réessayez dans ${frenchWait(wait)}.`);
      }
    },

    async ready() {
      const client = redis?.client;
      if (!client || client.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, READY_WAIT_MS);
        timer.unref();
        // Refused at once (nothing listens): no use waiting longer.
        client.once('ready', done);
        client.once('error', done);
        function done() {
          clearTimeout(timer);
          client?.off('ready', done);
          client?.off('error', done);
          resolve();
        }
      });
    },

    async close() {
      if (!redis) return;
      if (redis.client.status === 'ready') await redis.client.quit().catch(() => undefined);
      else redis.client.disconnect();
    },
  };
}

// One set of counters per server, whichever of its parts asks first (the sign-in form, the
// exports, the imports, the e-mails): keyed by the server's configuration, closed with it.
const perServer = new WeakMap<Config, RateLimits>();

export function rateLimitsOf(app: FastifyInstance, config: Config): RateLimits {
  let limits = perServer.get(config);
  if (!limits) {
    const created = createRateLimits(config, app.log);
    limits = created;
    perServer.set(config, created);
    app.addHook('onReady', () => created.ready());
    app.addHook('onClose', async () => {
      perServer.delete(config);
      await created.close();
    });
  }
  return limits;
}
