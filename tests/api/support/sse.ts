// A test subscriber of the hub (GET /.well-known/mercure) over real HTTP: the bearer token in
// the header, the text/event-stream read as it comes, events and comments kept in order.
// Written apart from the SPA's client (src/providers/hub.ts), so each checks the other.

export interface SseEvent {
  id?: string;
  data: string;
}

export interface Subscription {
  status: number;
  response: Response;
  /** Events received so far. */
  events: SseEvent[];
  /** Comment lines received so far (the opening one, keep-alives). */
  comments: number;
  /** Resolves when `count` events have arrived (rejects after `ms`). */
  waitForEvents(count: number, ms?: number): Promise<SseEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function hubUrl(base: string, topics: string[]): string {
  const url = new URL('/.well-known/mercure', base);
  for (const topic of topics) url.searchParams.append('topic', topic);
  return url.toString();
}

export async function subscribe(
  base: string,
  topics: string[],
  token?: string,
): Promise<Subscription> {
  const abort = new AbortController();
  const response = await fetch(hubUrl(base, topics), {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const state = { comments: 0 };
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();

  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf('\n\n');
          while (cut !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event: SseEvent = { data: '' };
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) state.comments++;
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length) {
              event.data = data.join('\n');
              events.push(event);
            }
            for (const wake of waiters) wake();
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close(), or the connection broke: either way the stream has ended.
      }
    })();
  }

  return {
    status: response.status,
    response,
    events,
    get comments() {
      return state.comments;
    },
    waitForEvents(count, ms = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} event(s) within ${ms} ms, got ${events.length}`));
        }, ms);
        const check = () => {
          if (events.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(events.slice(0, count));
        };
        waiters.add(check);
        check();
      });
    },
    ended,
    close: () => abort.abort(),
  };
}

/** POST /.well-known/mercure as Mercure's publishers do (form-encoded topic and data). */
export function publish(
  base: string,
  token: string | undefined,
  fields: Record<string, string | string[]>,
): Promise<Response> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  return fetch(new URL('/.well-known/mercure', base), {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
}
