import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { isChunkLoadError, settleChunkFailure } from '../components/chunkReload.ts';
import { ServerUnreachable } from '../components/ServerUnreachable.tsx';

// spec partner-extranet §2 "All routes load on demand" and §8 "Stale code chunk failure: page
// reloads once (not more than once per minute)". After a deployment, an open tab asks for chunk
// files that no longer exist: reload to get the new ones, but never loop. The throttle is the
// layout's (one rule, one sessionStorage key, also used by its error boundary).

/** Never settles: keeps the Suspense fallback on screen while the page reloads. */
const whileReloading = <T>() => new Promise<T>(() => undefined);

/**
 * React.lazy for a page module's named export, reloading the page once on a stale chunk. A
 * chunk that failed while the server does not answer is an outage, not a deployment: the page
 * says so in French (ServerUnreachable) and the app stays.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  /** Injected by tests; the rule's own by default (settleChunkFailure). */
  reload?: () => boolean,
  answers?: () => Promise<boolean>,
): LazyExoticComponent<M[K] & ComponentType<object>> {
  return lazy(async () => {
    try {
      const module = await load();
      return { default: module[name] as M[K] & ComponentType<object> };
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      const failure = await settleChunkFailure(reload, answers);
      if (failure === 'unreachable') {
        return { default: ServerUnreachable as unknown as M[K] & ComponentType<object> };
      }
      if (failure === 'reloading') return whileReloading();
      throw error;
    }
  });
}
