// Live updates from the database: triggers on contract, premium and insured (migration
// 009_hub) notify the channel `hub_changes` with the topic to announce. Every server instance
// LISTENs on the same database and tells only its own subscribers (never through Redis), so a
// subscriber hears of a change once whichever instance it is connected to. Bursts are thinned
// to one message per topic and second: a list refetches, it does not need each row.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { keepConnection } from '../db/keptConnection.ts';
import { isPublicTopic, PUBLIC_TOPICS, type PublicTopic } from './topics.ts';

export const CHANGE_CHANNEL = 'hub_changes';
export const CHANGE_WINDOW_MS = 1000;
const RECONNECT_MS = 2000;

/** At most one call per topic and window: the first at once, the rest folded into one after. */
export function throttlePerTopic(
  deliver: (topic: PublicTopic) => void,
  windowMs = CHANGE_WINDOW_MS,
): { push(topic: PublicTopic): void; stop(): void } {
  const windows = new Map<PublicTopic, { timer: NodeJS.Timeout; pending: boolean }>();
  const open = (topic: PublicTopic) => {
    const timer = setTimeout(() => {
      const window = windows.get(topic);
      windows.delete(topic);
      if (window?.pending) {
        deliver(topic);
        open(topic);
      }
    }, windowMs);
    timer.unref();
    windows.set(topic, { timer, pending: false });
  };
  return {
    push(topic) {
      const window = windows.get(topic);
      if (window) {
        window.pending = true;
        return;
      }
      deliver(topic);
      open(topic);
    },
    stop() {
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
}

/** A dedicated PostgreSQL connection that LISTENs, and comes back after a loss. */
function listenOnServer(
  url: string,
  onPayload: (payload: string) => void,
  onReconnected: () => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  return keepConnection({
    url,
    retryMs: RECONNECT_MS,
    setUp: async (client) => {
      client.on('notification', (message) => {
        if (message.channel === CHANGE_CHANNEL) onPayload(message.payload ?? '');
      });
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    },
    lost: (error) =>
      log.error({ err: error }, 'hub: the LISTEN connection to the database was lost'),
    // Changes made while away were not heard: announce them all once.
    reconnected: onReconnected,
    retryFailed: (error) => log.error({ err: error }, 'hub: cannot LISTEN on the database yet'),
  });
}

/** Starts listening; resolves with the stop. */
export async function followDatabaseChanges(deps: {
  config: Config;
  database: Database;
  announce: (topic: PublicTopic) => void;
  /** Every notification, at once (the throttle thins the announcements only). */
  changed?: () => void;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const throttle = throttlePerTopic(deps.announce);
  const onPayload = (payload: string) => {
    // First: a list refetching on the announcement must not be answered from a kept page.
    deps.changed?.();
    if (isPublicTopic(payload)) throttle.push(payload);
    else deps.log.warn({ payload }, 'hub: ignored a database notification');
  };
  let unlisten: () => Promise<void>;
  if (deps.database.pglite) {
    unlisten = await deps.database.pglite.listen(CHANGE_CHANNEL, onPayload);
  } else if (deps.config.database.kind === 'postgres') {
    const announceAll = () => {
      deps.changed?.();
      for (const topic of PUBLIC_TOPICS) throttle.push(topic);
    };
    unlisten = await listenOnServer(deps.config.database.url, onPayload, announceAll, deps.log);
  } else {
    return async () => throttle.stop();
  }
  return async () => {
    throttle.stop();
    await unlisten().catch(() => undefined);
  };
}
