// One refresh at a time, across the tabs of this browser. Refresh tokens rotate (each use
// returns a new one and burns the old), and a tab opened from another starts with a copy of its
// sessionStorage, hence the same refresh token: two tabs refreshing together would replay a
// burnt token (oidc-client-ts #430, #1618; STACK-NOTES). The Web Locks API gives a lock shared
// by every tab of the origin; where it is missing (old browsers, jsdom) a promise chain keeps
// at least this tab's own refreshes in single file.

export type RunExclusive = <T>(task: () => Promise<T>) => Promise<T>;

export function createRefreshLock(name: string, locks?: LockManager | null): RunExclusive {
  const manager = locks === undefined ? globalThis.navigator?.locks : locks;
  if (manager) return (task) => manager.request(name, task);
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
