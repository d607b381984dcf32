// The hub itself: publishes updates to the streams of this instance and, with REDIS_URL, of
// every other instance; keeps the owners of private topics (claims.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Claims } from './claims.ts';
import { Fanout, type Subscriber, type Update } from './fanout.ts';
import { connectRedisBus, type RedisBus } from './redisBus.ts';
import { parseTopic } from './topics.ts';

/** The contract other parts of the server use (app.hub). */
export interface Hub {
  /** Sends data (any JSON value) to the subscribers of the topic, on every instance. */
  publish(topic: string, data: unknown): Promise<void>;
  /**
   * Tells a class's topic that its data changed (`{ changed: resource }`): its open lists and
   * details read again. Never fails: the write it follows stands, a failure is only logged.
   * With `partners`, the change is those partners' business: only their subscribers and those
   * who see every partner hear it (none of another partner learns that something moved); a
   * row of no partner (null: an operator's account) is heard by the latter only.
   */
  announceChange(
    resource: string,
    audience?: { partners: readonly (number | null)[] },
  ): Promise<void>;
  /** The first login to claim command/{uuid} owns it for 24 h; false if another login does. */
  claim(topic: string, login: string): Promise<boolean>;
  /**
   * At shutdown, runs before the streams end: a background job stopped by the shutdown
   * publishes its failure there, so that the browser waiting for it hears it.
   */
  beforeStreamsEnd(task: () => Promise<void>): void;
  /**
   * How a private topic's last word (a job's end) reaches a subscriber who connects after it
   * was published (the job's server restarted meanwhile, a reconnection): the finder returns
   * the message to send at once on the new stream, or undefined (nothing has ended).
   */
  replayLastWord(finder: LastWordFinder): void;
}

/** The data of the last message published on a private topic, or undefined. */
export type LastWordFinder = (topic: string) => Promise<unknown | undefined>;

export class MessageHub implements Hub {
  private readonly fanout = new Fanout();
  private readonly closingTasks: (() => Promise<void>)[] = [];
  private readonly lastWordFinders: LastWordFinder[] = [];

  private constructor(
    private readonly claims: Claims,
    private readonly log: FastifyBaseLogger,
    private redis?: RedisBus,
  ) {}

  static async start(deps: {
    claims: Claims;
    log: FastifyBaseLogger;
    redisUrl?: string;
  }): Promise<MessageHub> {
    const hub = new MessageHub(deps.claims, deps.log);
    if (deps.redisUrl) {
      hub.redis = await connectRedisBus(deps.redisUrl, (u) => hub.fanout.deliver(u), deps.log);
    }
    return hub;
  }

  async publish(
    topic: string,
    data: unknown,
    partners?: readonly (number | null)[],
  ): Promise<void> {
    if (!parseTopic(topic)) throw new TypeError(`hub: unknown topic shape "${topic}"`);
    await this.publishUpdate([topic], JSON.stringify(data ?? null), partners);
  }

  announceChange(
    resource: string,
    audience?: { partners: readonly (number | null)[] },
  ): Promise<void> {
    return this.publish(resource, { changed: resource }, audience?.partners).catch(
      (error: Error) => {
        this.log.warn({ err: error, topic: resource }, 'hub publish failed');
      },
    );
  }

  claim(topic: string, login: string): Promise<boolean> {
    if (parseTopic(topic)?.kind !== 'command') {
      throw new TypeError(`hub: only command/{uuid} topics are claimed, not "${topic}"`);
    }
    return this.claims.claim(topic, login);
  }

  beforeStreamsEnd(task: () => Promise<void>): void {
    this.closingTasks.push(task);
  }

  /** Runs the tasks given to beforeStreamsEnd (each once; a failure is logged). */
  async settleBeforeStreamsEnd(): Promise<void> {
    const tasks = this.closingTasks.splice(0);
    const results = await Promise.allSettled(tasks.map((task) => task()));
    for (const result of results) {
      if (result.status === 'rejected') {
        this.log.error({ err: result.reason }, 'hub: a task before the shutdown failed');
      }
    }
  }

  replayLastWord(finder: LastWordFinder): void {
    this.lastWordFinders.push(finder);
  }

  /** The last word already said on a private topic, as JSON text, or undefined. */
  async lastWord(topic: string): Promise<string | undefined> {
    for (const find of this.lastWordFinders) {
      const data = await find(topic);
      if (data !== undefined) return JSON.stringify(data);
    }
    return undefined;
  }

  /** Publishes JSON text on the topics (for some partners only); resolves with the update's id. */
  async publishUpdate(
    topics: string[],
    data: string,
    partners?: readonly (number | null)[],
  ): Promise<string> {
    const update: Update = { id: `urn:uuid:${randomUUID()}`, topics, data };
    if (partners) update.partners = [...new Set(partners.filter((p): p is number => p !== null))];
    this.fanout.deliver(update);
    if (this.redis) {
      // Subscribers here already have it; the others miss it while Redis is away.
      await this.redis.publish(update).catch((error: Error) => {
        this.log.error({ err: error, topics }, 'hub: could not send an update through Redis');
      });
    }
    return update.id;
  }

  /** Delivers to this instance's subscribers only (what every instance hears by itself). */
  deliverLocally(topic: string, data: unknown): void {
    this.fanout.deliver({
      id: `urn:uuid:${randomUUID()}`,
      topics: [topic],
      data: JSON.stringify(data ?? null),
    });
  }

  /** Follows topics on this instance; returns the removal. */
  follow(subscriber: Subscriber): () => void {
    return this.fanout.add(subscriber);
  }

  /** Streams open on this instance. */
  get subscribers(): number {
    return this.fanout.size;
  }

  async close(): Promise<void> {
    await this.redis?.close();
    this.redis = undefined;
  }
}
