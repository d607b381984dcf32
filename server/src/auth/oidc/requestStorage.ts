// oidc-provider keeps each request's Koa context in an AsyncLocalStorage of its own
// (lib/helpers/als.js), entered with `run` by every request it handles. On Node 20, a storage
// once entered turns V8's promise hooks on for the whole process, and they stay on: every
// promise of every later API request then calls into async_hooks (5 to 8 % more CPU per
// database query through Kysely and pg, bench/api/promiseHooks.ts; docs/benchmarks.md, "Fourth
// pass"). The embedded provider serves a few sign-ins and token refreshes beside thousands of
// API requests, so its storage is switched off whenever none of its requests is under way; its
// next request switches it on again (`run` does). Keycloak in production never loads it.
import type { AsyncLocalStorage } from 'node:async_hooks';
import providerStorage from 'oidc-provider/lib/helpers/als.js';

type Handler<A extends unknown[]> = (...args: A) => Promise<void>;

/**
 * `handle`, with `storage` disabled each time the last of its concurrent calls has settled
 * (the provider's middleware has run to its end: nothing of it reads the storage after).
 */
export function storageOffBetweenRequests<A extends unknown[]>(
  handle: Handler<A>,
  storage: AsyncLocalStorage<unknown> = providerStorage,
): Handler<A> {
  let running = 0;
  return async (...args) => {
    running += 1;
    try {
      await handle(...args);
    } finally {
      running -= 1;
      if (running === 0) storage.disable();
    }
  };
}
