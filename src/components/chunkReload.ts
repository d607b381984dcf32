// spec partner-extranet §8 "Stale code chunk failure: page reloads once (not more than once per
// minute)": after a deployment, an open tab asks for chunk files that no longer exist.

const STORAGE_KEY = 'espace-partenaire.chunk-reload-at';
const MIN_INTERVAL_MS = 60_000;

/** True for the errors browsers raise when a dynamically imported module cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it already did so during the last minute; true when it reloads. */
export function reloadOnceForStaleChunk(
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < MIN_INTERVAL_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

/**
 * Whether the server answers at all (any HTTP status): a chunk missing while it does is a
 * deployment, worth a reload; while it does not, a reload would land on the browser's own
 * error page, in English, and lose the app.
 */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch('/api/maintenance', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/** What a chunk that failed to load comes to: a reload under way, an outage, or neither. */
export type ChunkFailure = 'reloading' | 'unreachable' | 'failed';

/**
 * The one rule for a chunk that failed (the page loader and the error boundary alike): the
 * server does not answer, an outage, said in the app; it answers, a deployment, the page reloads
 * once a minute at most; reloaded already, the failure stands.
 */
export async function settleChunkFailure(
  reload: () => boolean = () => reloadOnceForStaleChunk(),
  answers: () => Promise<boolean> = serverAnswers,
): Promise<ChunkFailure> {
  if (!(await answers())) return 'unreachable';
  return reload() ? 'reloading' : 'failed';
}
