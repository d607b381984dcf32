// Caches tied to the signed-in user, emptied when the session ends (authProvider.ts). They live
// in the tab's memory only (responseCache.ts): nothing of the API's answers is written to the
// browser's storage, so nothing of it outlives the tab or reaches the disk.

/** Keys under which older versions kept cached answers in the browser's storage. */
export const SESSION_CACHE_PREFIX = 'espace-partenaire.cache.';

const caches = new Set<() => void>();

/** `clear` runs at every sign-out; the returned function stops that. */
export function onSessionEnd(clear: () => void): () => void {
  caches.add(clear);
  return () => caches.delete(clear);
}

/** Removes every key under SESSION_CACHE_PREFIX from `storage` (absent or refusing: nothing). */
export function forgetStoredAnswers(storage: Storage | undefined): void {
  if (!storage) return;
  try {
    for (const key of Object.keys(storage)) {
      if (key.startsWith(SESSION_CACHE_PREFIX)) storage.removeItem(key);
    }
  } catch {
    // Storage disabled by the browser: nothing can be there.
  }
}

/** The storages older versions wrote answers to (localStorage: kept for 3 hours, on disk). */
export function browserStorages(): Storage[] {
  if (typeof window === 'undefined') return [];
  const storages: Storage[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      storages.push(window[name]);
    } catch {
      // A browser that refuses storage throws on access.
    }
  }
  return storages;
}

/** At sign-out: every user cache emptied, and any answer an older version stored removed. */
export function clearSessionCaches(): void {
  for (const clear of caches) clear();
  for (const storage of browserStorages()) forgetStoredAnswers(storage);
}
