// Load on one URL with autocannon: a warm-up, then a measured run bounded in time. Latencies
// come from autocannon's per-response event (float milliseconds): its own histogram rounds to
// whole milliseconds, too coarse for a 10 ms target.
import autocannon from 'autocannon';
import { type LatencySummary, summarise } from './stats.ts';

export interface LoadOptions {
  url: string;
  token?: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** More request headers (Accept-Encoding, as a browser sends it). */
  headers?: Record<string, string>;
}

export interface LoadResult extends LatencySummary {
  /** Answers other than 200, and socket errors or timeouts: any of them voids the figures. */
  failures: number;
  statuses: Record<string, number>;
  /** Mean size of an answer as it crossed the socket (headers and body). */
  bytesPerAnswer: number;
}

function run(options: LoadOptions, seconds: number, latencies?: number[]): Promise<LoadResult> {
  const statuses: Record<string, number> = {};
  let bytes = 0;
  let answers = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: seconds,
        timeout: 10,
        headers: {
          // Lean pages, as the SPA's data provider asks for them (docs/api.md).
          prefer: 'return=minimal',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (error, result) => {
        if (error) return reject(error);
        const summary = summarise(latencies ?? [], seconds);
        resolve({
          ...summary,
          perSecond: latencies ? latencies.length / seconds : result.requests.average,
          failures: result.non2xx + result.errors + result.timeouts,
          statuses,
          bytesPerAnswer: answers ? bytes / answers : Number.NaN,
        });
      },
    );
    instance.on('response', (_client, statusCode, size, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      bytes += size;
      answers += 1;
      if (statusCode === 200) latencies?.push(responseTime);
    });
  });
}

export async function loadHttp(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
  return run(options, options.seconds, []);
}

/** One GET, its JSON body and how long it took (a cold look before the load). */
export async function fetchJson(
  url: string,
  token?: string,
): Promise<{ status: number; body: unknown; ms: number }> {
  const t0 = performance.now();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await response.json().catch(() => undefined);
  return { status: response.status, body, ms: performance.now() - t0 };
}

/**
 * The first hydra:next link carrying a keyset cursor (`after=`), following hydra:next from
 * `link` for a few pages: the last numbered page may still be followed by a numbered one.
 */
export async function linkWithCursor(
  baseUrl: string,
  token: string,
  link: unknown,
  hops = 3,
): Promise<string | undefined> {
  let next = link;
  for (let i = 0; i < hops && typeof next === 'string'; i++) {
    if (/[?&]after=/.test(next)) return next;
    const { status, body } = await fetchJson(`${baseUrl}${next}`, token);
    if (status !== 200) return undefined;
    next = (body as { 'hydra:view'?: { 'hydra:next'?: string } })['hydra:view']?.['hydra:next'];
  }
  return typeof next === 'string' && /[?&]after=/.test(next) ? next : undefined;
}
