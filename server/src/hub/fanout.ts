// In-process delivery: which open streams follow which topic. An update naming several topics
// reaches a stream that follows more than one of them once.

/** One published event: its id (Mercure's urn:uuid form), its topics, its data as JSON text. */
export interface Update {
  id: string;
  topics: string[];
  data: string;
  /**
   * The partners whose data changed, when the change is one partner's business (a user, an
   * access group, an import): only their subscribers and those who see every partner hear it.
   * Absent: everyone following the topic hears it.
   */
  partners?: number[];
}

/** Whose changes a subscriber may hear: every partner's, or its own partner's only. */
export type Audience = { allPartners: true } | { allPartners: false; partnerId: number | null };

export interface Subscriber {
  topics: readonly string[];
  audience: Audience;
  send(update: Update): void;
}

/** Whether the update is for this audience (its topics aside). */
export function reaches(update: Update, audience: Audience): boolean {
  if (!update.partners || audience.allPartners) return true;
  return audience.partnerId !== null && update.partners.includes(audience.partnerId);
}

export class Fanout {
  private readonly byTopic = new Map<string, Set<Subscriber>>();

  /** Follows the subscriber's topics; returns the removal. */
  add(subscriber: Subscriber): () => void {
    for (const topic of subscriber.topics) {
      let set = this.byTopic.get(topic);
      if (!set) {
        set = new Set();
        this.byTopic.set(topic, set);
      }
      set.add(subscriber);
    }
    return () => {
      for (const topic of subscriber.topics) {
        const set = this.byTopic.get(topic);
        set?.delete(subscriber);
        if (set?.size === 0) this.byTopic.delete(topic);
      }
    };
  }

  deliver(update: Update): void {
    const reached = new Set<Subscriber>();
    for (const topic of update.topics) {
      for (const subscriber of this.byTopic.get(topic) ?? []) reached.add(subscriber);
    }
    for (const subscriber of reached) {
      if (reaches(update, subscriber.audience)) subscriber.send(update);
    }
  }

  /** Streams open now, for tests and logs. */
  get size(): number {
    const all = new Set<Subscriber>();
    for (const set of this.byTopic.values()) for (const s of set) all.add(s);
    return all.size;
  }
}
