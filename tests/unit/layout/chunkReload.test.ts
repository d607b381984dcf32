import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForStaleChunk } from '../../../src/components/chunkReload.ts';

// spec partner-extranet §8: a stale chunk reloads the page once, not more than once per minute.
describe('stale chunk reload', () => {
  it('recognises the browsers’ failed dynamic imports', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const reload = vi.fn();
    expect(reloadOnceForStaleChunk(storage, 1_000_000, reload)).toBe(true);
    expect(reloadOnceForStaleChunk(storage, 1_030_000, reload)).toBe(false);
    expect(reloadOnceForStaleChunk(storage, 1_061_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
