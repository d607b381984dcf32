// Fan-out between server instances through Redis pub/sub (REDIS_URL): one connection publishes,
// one listens on a single channel. Each instance delivers its own updates at once and skips
// them when Redis echoes them back, so a subscriber gets every update exactly once, and the
// subscribers of an instance still get its updates while Redis is away.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Update } from './fanout.ts';

/** The channel when REDIS_URL names none (`?channel=...` separates deployments sharing one Redis). */
export const DEFAULT_CHANNEL = 'espace-partenaire:hub';
/** How long the start waits for the subscription before going on without it. */
const SUBSCRIBE_WAIT_MS = 5000;
const QUIT_WAIT_MS = 2000;

export interface RedisBus {
  channel: string;
  /** Sends the update to the other instances (never back to this one). */
  publish(update: Update): Promise<void>;
  close(): Promise<void>;
}

interface Envelope extends Update {
  origin: string;
}

/** REDIS_URL without the hub's own `channel` parameter, and that channel. */
export function splitRedisUrl(url: string): { url: string; channel: string } {
  const parsed = new URL(url);
  const channel = parsed.searchParams.get('channel') || DEFAULT_CHANNEL;
  parsed.searchParams.delete('channel');
  return { url: parsed.toString(), channel };
}

function isEnvelope(value: unknown): value is Envelope {
  const v = value as Envelope;
  return (
    typeof v?.origin === 'string' &&
    typeof v.id === 'string' &&
    typeof v.data === 'string' &&
    Array.isArray(v.topics) &&
    v.topics.every((t) => typeof t === 'string') &&
    (v.partners === undefined ||
      (Array.isArray(v.partners) && v.partners.every((p) => Number.isInteger(p))))
  );
}

const timeout = (ms: number) =>
  new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

async function stop(connection: Redis): Promise<void> {
  if (connection.status === 'ready') {
    const ended = await Promise.race([
      connection.quit().catch(() => 'failed'),
      timeout(QUIT_WAIT_MS),
    ]);
    if (ended !== 'OK') connection.disconnect();
  } else {
    connection.disconnect();
  }
}

export async function connectRedisBus(
  redisUrl: string,
  onRemote: (update: Update) => void,
  log: FastifyBaseLogger,
): Promise<RedisBus> {
  const { url, channel } = splitRedisUrl(redisUrl);
  const origin = randomUUID();
  // A publish fails at once while Redis is away (the caller is not held up; this instance's
  // subscribers already have it); the subscription waits as long as it takes.
  const publisher = new Redis(url, { enableOfflineQueue: false, connectionName: 'hub-publisher' });
  const subscriber = new Redis(url, {
    maxRetriesPerRequest: null,
    connectionName: 'hub-subscriber',
  });
  // Without listeners ioredis prints every failed reconnection; once per outage is enough.
  for (const [name, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    let reported = false;
    connection.on('error', (error: Error) => {
      if (!reported) log.error({ err: error }, `hub: Redis ${name} connection failed`);
      reported = true;
    });
    connection.on('ready', () => {
      if (reported) log.info(`hub: Redis ${name} connection is back`);
      reported = false;
    });
  }

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    if (!isEnvelope(envelope)) {
      log.warn({ channel }, 'hub: ignored a malformed message from Redis');
      return;
    }
    if (envelope.origin === origin) return;
    const { id, topics, data, partners } = envelope;
    onRemote(partners ? { id, topics, data, partners } : { id, topics, data });
  });

  // The start goes on if Redis is slow to answer: ioredis keeps trying and subscribes again
  // on every reconnection; meanwhile this instance's subscribers get this instance's updates.
  const subscribed = subscriber.subscribe(channel);
  const publisherReady = new Promise<void>((resolve) => {
    if (publisher.status === 'ready') resolve();
    else publisher.once('ready', () => resolve());
  });
  const first = await Promise.race([
    Promise.all([subscribed, publisherReady]).then(() => 'ok'),
    timeout(SUBSCRIBE_WAIT_MS),
  ]).catch((error: Error) => error);
  if (first !== 'ok') {
    subscribed.catch(() => undefined);
    log.error(
      { err: first instanceof Error ? first : undefined, channel },
      'hub: Redis did not answer at start; updates stay on this instance until it does',
    );
  }

  return {
    channel,
    async publish(update) {
      const envelope: Envelope = { origin, ...update };
      await publisher.publish(channel, JSON.stringify(envelope));
    },
    async close() {
      await Promise.all([stop(subscriber), stop(publisher)]);
    },
  };
}
