import { getBearer } from './bearer.ts';

// The SPA's client of the server's hub (GET /.well-known/mercure, docs/api.md "Live updates and
// the hub"). EventSource cannot send an Authorization header, so the stream is read with fetch
// and the bearer token. Spec partner-extranet §4: a new connection under the same key replaces
// the previous one; after a message the connection closes, except for the lists' public topics
// (and 'alert'), which stay open. A lost connection is opened again with a growing delay.

export const HUB_PATH = '/.well-known/mercure';

export type MessageHandler = (data: unknown) => void;

export interface SubscribeOptions {
  /** Replacement key (default: the topic). */
  key?: string;
  /** Called on every successful connection; `reconnected` after a loss (messages may be missed). */
  onOpen?: (reconnected: boolean) => void;
  /** The hub refused the subscription (400, 403, 404; 429 with `busyIsFinal`), or nobody is signed in (401). */
  onError?: (status: number) => void;
  /**
   * The message after which the connection closes (a job's last word after its progress);
   * by default the first one on a private topic, none on a public one.
   */
  until?: (data: unknown) => boolean;
  /**
   * Too many streams open (429) ends the subscription with `onError(429)`, for a flow with a
   * deadline (an export), rather than waiting quietly for a slot as a list does.
   */
  busyIsFinal?: boolean;
}

export interface HubClient {
  subscribe(topic: string, onMessage: MessageHandler, options?: SubscribeOptions): () => void;
  /** Keys with an open or opening connection (for tests and diagnostics). */
  keys(): string[];
}

export interface HubClientDeps {
  getBearer: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Delay before reconnection number `attempt` (0-based). */
  backoffMs?: (attempt: number) => number;
  /** The least delay a 429's Retry-After header asks for (default: its seconds). */
  retryAfterMs?: (header: string | null) => number;
}

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/** Private topics get one answer: command/{uuid}, login/{login}/{uuid} (spec §4, §7). */
export const closesAfterMessage = (topic: string): boolean => /^(command|login)\//.test(topic);

const defaultBackoff = (attempt: number) =>
  Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

/** A text/event-stream parser (WHATWG HTML §9.2.6): feed it chunks, get whole events. */
export function createSseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let buffer = '';
  let afterCR = false;
  let data: string[] = [];
  let id: string | undefined;
  let event: string | undefined;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ id, event, data: data.join('\n') });
      data = [];
      event = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'event') event = value;
  };

  return (chunk) => {
    // A CR ending the previous chunk and an LF starting this one are one line break.
    let text = afterCR && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    afterCR = false;
    text = buffer + text;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c !== '\n' && c !== '\r') continue;
      line(text.slice(start, i));
      if (c === '\r') {
        if (i + 1 === text.length) afterCR = true;
        else if (text[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    buffer = text.slice(start);
  };
}

const parseData = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Retry-After in seconds (what the hub sends); a date or nothing: no floor. */
const defaultRetryAfter = (header: string | null): number => {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
};

/** Statuses after which trying again cannot help. */
const FINAL = new Set([400, 403, 404]);

export function createHubClient(deps: HubClientDeps): HubClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const backoff = deps.backoffMs ?? defaultBackoff;
  const retryAfter = deps.retryAfterMs ?? defaultRetryAfter;
  const current = new Map<string, AbortController>();

  async function run(
    topic: string,
    onMessage: MessageHandler,
    options: SubscribeOptions,
    abort: AbortController,
    done: () => void,
  ) {
    const { signal } = abort;
    const url = `${HUB_PATH}?topic=${encodeURIComponent(topic)}`;
    const target = typeof window === 'undefined' ? url : new URL(url, window.location.href).href;
    let attempt = 0;
    let opened = false;
    while (!signal.aborted) {
      const token = await deps.getBearer();
      if (signal.aborted) break;
      // Signed out: nobody to subscribe for.
      if (!token) {
        options.onError?.(401);
        break;
      }
      let delivered = false;
      /** The least wait before the next try (a 429's Retry-After). */
      let floorMs = 0;
      try {
        const response = await doFetch(target, {
          headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
          cache: 'no-store',
          signal,
        });
        if (FINAL.has(response.status)) {
          options.onError?.(response.status);
          break;
        }
        // Too many streams open for this user (other tabs): quietly wait as long as the hub
        // asks, at least, and try again; a tab closing frees a slot. No storm of retries.
        if (response.status === 429) {
          // Not awaited: a body's cancel may never settle (msw's does not).
          void response.body?.cancel().catch(() => undefined);
          if (options.busyIsFinal) {
            options.onError?.(429);
            break;
          }
          floorMs = retryAfter(response.headers.get('retry-after'));
        }
        if (response.ok && response.body) {
          options.onOpen?.(opened);
          opened = true;
          attempt = 0;
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          const feed = createSseParser((event) => {
            if (signal.aborted) return;
            const data = parseData(event.data);
            try {
              onMessage(data);
            } catch (error) {
              // The handler's own failure must not look like a lost connection.
              console.error('hub: a message handler failed', error);
            }
            if (options.until ? options.until(data) : closesAfterMessage(topic)) {
              delivered = true;
              abort.abort();
            }
          });
          for (;;) {
            const { done: ended, value } = await reader.read();
            if (ended) break;
            feed(value);
          }
        }
        // 401 (the token is renewed before the next try), 5xx, or a stream the server ended.
      } catch {
        // Network loss, or our own abort (checked by the loop).
      }
      if (delivered || signal.aborted) break;
      await sleep(Math.max(floorMs, backoff(attempt++)), signal);
    }
    done();
  }

  return {
    subscribe(topic, onMessage, options = {}) {
      const key = options.key ?? topic;
      current.get(key)?.abort();
      const abort = new AbortController();
      current.set(key, abort);
      const forget = () => {
        if (current.get(key) === abort) current.delete(key);
      };
      void run(topic, onMessage, options, abort, forget);
      return () => {
        abort.abort();
        forget();
      };
    },
    keys: () => [...current.keys()],
  };
}

/** The application's hub client: the bearer token of the signed-in user. */
export const hubClient: HubClient = createHubClient({ getBearer });

/** Subscribes to a hub topic; returns the unsubscription (shared contract, docs/api.md). */
export function subscribe(
  topic: string,
  onMessage: MessageHandler,
  options?: SubscribeOptions,
): () => void {
  return hubClient.subscribe(topic, onMessage, options);
}
