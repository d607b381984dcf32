import { SESSION_CACHE_PREFIX } from './sessionCache.ts';

// The per-user response cache of spec partner-extranet §6 and §9: cached list answers are keyed
// by the signed-in user and expire after 3 hours; the auth provider empties every key under
// SESSION_CACHE_PREFIX at sign-out. Kept in localStorage so that every tab shares it; an answer
// that cannot be stored (quota, private mode) is simply not cached.

export const CACHE_TTL_MS = 3 * 60 * 60 * 1000;

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
  storage?: () => Storage | undefined;
  now?: () => number;
  ttlMs?: number;
}

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

export function createResponseCache({
  userKey,
  storage = browserStorage,
  now = Date.now,
  ttlMs = CACHE_TTL_MS,
}: ResponseCacheDeps): ResponseCache {
  const pending = new Map<string, Promise<unknown>>();
  return {
    async get<T>(url: string, load: () => Promise<T>): Promise<T> {
      const user = await userKey();
      const store = storage();
      if (!user || !store) return load();
      const key = `${SESSION_CACHE_PREFIX}${user}:${url}`;
      try {
        const entry = JSON.parse(store.getItem(key) ?? 'null') as Entry | null;
        if (entry && now() - entry.at < ttlMs) return entry.value as T;
      } catch {
        store.removeItem(key);
      }
      // Two screens asking at once share one request.
      const running = pending.get(key) ?? load();
      pending.set(key, running);
      try {
        const value = (await running) as T;
        try {
          store.setItem(key, JSON.stringify({ at: now(), value } satisfies Entry));
        } catch {
          // Full or unavailable storage: served, not cached.
        }
        return value;
      } finally {
        pending.delete(key);
      }
    },
    clear() {
      const store = storage();
      if (!store) return;
      for (const key of Object.keys(store)) {
        if (key.startsWith(SESSION_CACHE_PREFIX)) store.removeItem(key);
      }
    },
  };
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
