// The embedded provider's request storage: on while one of its requests runs, off after the last.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { storageOffBetweenRequests } from '../../../server/src/auth/oidc/requestStorage.ts';

const enabled = (storage: AsyncLocalStorage<unknown>) =>
  (storage as unknown as { enabled: boolean }).enabled;

describe('storageOffBetweenRequests', () => {
  it('keeps the storage readable through every request, and off once none runs', async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const handle = storageOffBetweenRequests(
      (name: string, ms: number) =>
        storage.run(name, async () => {
          await sleep(ms);
          seen.push(storage.getStore());
        }),
      storage,
    );
    const slow = handle('slow', 40);
    await handle('quick', 5);
    // The quick one ended while the slow one still runs: its storage stays on.
    expect(enabled(storage)).toBe(true);
    await slow;
    expect(seen).toEqual(['quick', 'slow']);
    expect(enabled(storage)).toBe(false);
  });

  it('switches it off after a request that failed too', async () => {
    const storage = new AsyncLocalStorage<string>();
    const handle = storageOffBetweenRequests(
      () =>
        storage.run('x', async () => {
          throw new Error('refused');
        }),
      storage,
    );
    await expect(handle()).rejects.toThrow('refused');
    expect(enabled(storage)).toBe(false);
  });
});
