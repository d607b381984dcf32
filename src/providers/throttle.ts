// At most one call per interval, the last value kept: the export's progress (spec §9, 200 ms)
// and the live updates' refetches (a burst of changes is one refetch, not one per change).

/** Spec §9: the progress indicator changes at most every 200 ms. */
export const PROGRESS_THROTTLE_MS = 200;

export interface Throttled<T> {
  (value: T): void;
  /** Drops a pending update (the flow ended: nothing may show after it). */
  cancel(): void;
}

/**
 * `apply` at most once every `ms`: the first value at once, the last of those that come sooner
 * when the interval ends (none is lost, none shows twice).
 */
export function throttleLatest<T>(
  apply: (value: T) => void,
  ms = PROGRESS_THROTTLE_MS,
): Throttled<T> {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    last = Date.now();
    apply(value);
  };
  const throttled = ((value: T) => {
    pending = { value };
    if (timer) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  }) as Throttled<T>;
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
