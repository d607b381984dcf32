// The per-user response cache (spec partner-extranet §6, §9: 3 hours, per user, emptied at
// sign-out and after writes) kept in the tab's memory: nothing of the API's answers reaches the
// browser's storage, and what an older version left in localStorage is removed at start.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_TTL_MS, createResponseCache } from '../../../src/providers/responseCache.ts';
import { clearSessionCaches, SESSION_CACHE_PREFIX } from '../../../src/providers/sessionCache.ts';

const BROKERS = {
  'hydra:member': [
    { id: 7, firstname: 'Claire', lastname: 'Martin', email: 'c.martin@example.fr' },
  ],
};

/** Every key and value the browser's two storages hold. */
const stored = () =>
  [localStorage, sessionStorage].flatMap((storage) =>
    Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
  );

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('response cache', () => {
  it('serves a list again for 3 hours without writing it to the browser storage', async () => {
    let now = 0;
    const cache = createResponseCache({ userKey: async () => 'vendeur', now: () => now });
    const load = vi.fn(async () => BROKERS);
    expect(await cache.get('/api/brokers_with_contract', load)).toEqual(BROKERS);
    now = CACHE_TTL_MS - 1;
    expect(await cache.get('/api/brokers_with_contract', load)).toEqual(BROKERS);
    expect(load).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual([]);
    now = CACHE_TTL_MS;
    await cache.get('/api/brokers_with_contract', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(stored()).toEqual([]);
  });

  it('keeps each user apart, and caches nothing without a user', async () => {
    let user: string | null = 'vendeur';
    const cache = createResponseCache({ userKey: async () => user });
    const load = vi.fn(async () => BROKERS);
    await cache.get('/api/poles', load);
    user = 'manager';
    await cache.get('/api/poles', load);
    expect(load).toHaveBeenCalledTimes(2);
    user = null;
    await cache.get('/api/poles', load);
    await cache.get('/api/poles', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('hands out copies: a screen changing its answer does not change the cached one', async () => {
    const cache = createResponseCache({ userKey: async () => 'ageo' });
    const first = await cache.get('/api/poles', async () => structuredClone(BROKERS));
    first['hydra:member'][0].lastname = 'changé';
    const again = await cache.get('/api/poles', async () => ({ 'hydra:member': [] }));
    expect(again).toEqual(BROKERS);
  });

  it('is emptied at sign-out (clearSessionCaches, which the auth provider calls)', async () => {
    const cache = createResponseCache({ userKey: async () => 'vendeur' });
    const load = vi.fn(async () => BROKERS);
    await cache.get('/api/brokers_with_contract', load);
    clearSessionCaches();
    await cache.get('/api/brokers_with_contract', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is emptied after a write, even of an answer still on its way', async () => {
    const cache = createResponseCache({ userKey: async () => 'vendeur' });
    let answer!: (value: typeof BROKERS) => void;
    const slow = cache.get(
      '/api/poles',
      () => new Promise<typeof BROKERS>((resolve) => (answer = resolve)),
    );
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    cache.clear();
    answer(BROKERS);
    await slow;
    const load = vi.fn(async () => BROKERS);
    await cache.get('/api/poles', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('removes at start the answers an older version left in localStorage, and only those', () => {
    localStorage.setItem(
      `${SESSION_CACHE_PREFIX}vendeur:/api/brokers_with_contract`,
      JSON.stringify({ at: Date.now(), value: BROKERS }),
    );
    sessionStorage.setItem(`${SESSION_CACHE_PREFIX}vendeur:/api/poles`, '{}');
    localStorage.setItem('RaStore.sidebar.open', 'true');
    createResponseCache({ userKey: async () => 'vendeur' });
    expect(stored()).toEqual(['RaStore.sidebar.open=true']);
  });
});
