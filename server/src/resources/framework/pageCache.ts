// Collection pages kept a few seconds, as API Platform keeps them in its HTTP cache: the same
// user asking the same page (same scope, same URL) within PAGE_CACHE_SECONDS gets the JSON
// already written, without a statement or a serialisation. Invalidated, like API Platform's
// cache tags, by what changes the data: every notification of the database triggers that
// drive the live updates (hub/databaseChanges.ts, on every instance), and every write this
// instance answers (app.ts). Tables without a trigger (reference data: products, customers,
// organisations) may therefore show a change up to PAGE_CACHE_SECONDS late on other
// instances. docs/api.md, "Pages kept a few seconds"; docs/benchmarks.md for what it gives.

export interface PageCacheOptions {
  /** How long a page is kept; 0 keeps nothing. */
  ttlMs: number;
  /** Pages kept at most (the oldest is dropped first). */
  maxEntries?: number;
  /** Characters kept at most, all pages together. */
  maxChars?: number;
}

interface Page {
  json: string;
  until: number;
}

export class PageCache {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #maxChars: number;
  readonly #pages = new Map<string, Page>();
  #chars = 0;
  #generation = 0;

  constructor({ ttlMs, maxEntries = 2_000, maxChars = 32 * 1024 * 1024 }: PageCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#maxChars = maxChars;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /**
   * Taken before a page is read from the database and handed back to `set`: a page read
   * while the data changed is not kept (it may hold the old rows).
   */
  get generation(): number {
    return this.#generation;
  }

  get(key: string, now = Date.now()): string | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (page.until > now) return page.json;
    this.#drop(key, page);
    return undefined;
  }

  set(key: string, json: string, generation: number, now = Date.now()): void {
    if (!this.enabled || generation !== this.#generation || json.length > this.#maxChars) return;
    const old = this.#pages.get(key);
    if (old) this.#drop(key, old);
    this.#pages.set(key, { json, until: now + this.#ttlMs });
    this.#chars += json.length;
    while (this.#pages.size > this.#maxEntries || this.#chars > this.#maxChars) {
      const [oldestKey, oldest] = this.#pages.entries().next().value as [string, Page];
      this.#drop(oldestKey, oldest);
    }
  }

  /** The data changed: every page goes, and pages being read now will not be kept. */
  forget(): void {
    this.#generation++;
    this.#pages.clear();
    this.#chars = 0;
  }

  #drop(key: string, page: Page): void {
    this.#pages.delete(key);
    this.#chars -= page.json.length;
  }
}
