import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { isChunkLoadError, reloadOnceForStaleChunk } from '../components/chunkReload.ts';

// spec partner-extranet §2 "All routes load on demand" and §8 "Stale code chunk failure: page
// reloads once (not more than once per minute)". After a deployment, an open tab asks for chunk
// files that no longer exist: reload to get the new ones, but never loop. The throttle is the
// layout's (one rule, one sessionStorage key, also used by its error boundary).

/** Never settles: keeps the Suspense fallback on screen while the page reloads. */
const whileReloading = <T>() => new Promise<T>(() => undefined);

/** React.lazy for a page module's named export, reloading the page once on a stale chunk. */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  reload: () => boolean = () => reloadOnceForStaleChunk(),
): LazyExoticComponent<M[K] & ComponentType<object>> {
  return lazy(async () => {
    try {
      const module = await load();
      return { default: module[name] as M[K] & ComponentType<object> };
    } catch (error) {
      if (isChunkLoadError(error) && reload()) return whileReloading();
      throw error;
    }
  });
}

/** Vite's own signal that a preloaded chunk failed (`vite:preloadError`): same rule. */
export function reloadOnPreloadError(target: Window = window): () => void {
  const onError = (event: Event) => {
    if (reloadOnceForStaleChunk()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}
