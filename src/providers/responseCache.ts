import { browserStorages, forgetStoredAnswers, onSessionEnd } from './sessionCache.ts';

// The per-user response cache of spec partner-extranet §6 and §9: cached list answers are keyed
// by the signed-in user, expire after 3 hours, and are dropped after every write and at
// sign-out (sessionCache.ts). Kept in the tab's memory only, never in the browser's storage:
// some lists name people (brokers, access groups), and localStorage would keep them on disk
// after the tab is closed. Each tab (and each reload) reads its lists once.

export const CACHE_TTL_MS = 3 * 60 * 60 * 1000;
/** Past this many answers, the oldest is dropped (the lists are few; a bound all the same). */
export const CACHE_MAX_ENTRIES = 200;

export interface ResponseCache {
  get<T>(url: string, load: () => Promise<T>): Promise<T>;
  /** After a write: cached lists may now be stale. */
  clear(): void;
}

interface Entry {
  at: number;
  value: unknown;
}

export interface ResponseCacheDeps {
  /** The signed-in user's key (login); null: nobody, nothing is cached. */
  userKey: () => Promise<string | null>;
  now?: () => number;
  ttlMs?: number;
  maxEntries?: number;
  /** Where older versions stored answers, emptied once at creation (the browser's storages). */
  legacyStorages?: () => Storage[];
}

export function createResponseCache({
  userKey,
  now = Date.now,
  ttlMs = CACHE_TTL_MS,
  maxEntries = CACHE_MAX_ENTRIES,
  legacyStorages = browserStorages,
}: ResponseCacheDeps): ResponseCache {
  // Browsers that ran an older version still hold its answers in localStorage: gone now.
  for (const storage of legacyStorages()) forgetStoredAnswers(storage);

  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<unknown>>();
  // Bumped by clear(): an answer still loading when the cache is cleared is not kept.
  let generation = 0;

  const cache: ResponseCache = {
    async get<T>(url: string, load: () => Promise<T>): Promise<T> {
      const user = await userKey();
      if (!user) return load();
      const key = `${user}:${url}`;
      const entry = entries.get(key);
      // A copy: a screen changing what it got leaves the cached answer as the server sent it.
      if (entry && now() - entry.at < ttlMs) return structuredClone(entry.value) as T;
      entries.delete(key);
      // Two screens asking at once share one request.
      const running = pending.get(key) ?? load();
      pending.set(key, running);
      const asked = generation;
      try {
        const value = (await running) as T;
        if (asked === generation) {
          entries.set(key, { at: now(), value: structuredClone(value) });
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
        }
        return value;
      } finally {
        if (pending.get(key) === running) pending.delete(key);
      }
    },
    clear() {
      generation++;
      entries.clear();
      pending.clear();
    },
  };
  onSessionEnd(() => cache.clear());
  return cache;
}

/** The login in the bearer token (its payload is read, not verified: it only names a cache key). */
export async function userKeyOfBearer(
  bearer: () => Promise<string | null>,
): Promise<string | null> {
  const token = await bearer();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const login = claims.preferred_username ?? claims.username ?? claims.sub;
    return typeof login === 'string' && login ? login : null;
  } catch {
    return null;
  }
}
