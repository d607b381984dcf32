// The SPA's hub client (src/providers/hub.ts) against a scripted hub: each fetch answers a
// text/event-stream whose chunks the test writes, so parsing, replacement, closing after a
// message and reconnection are seen exactly as a browser's fetch would deliver them.
import { describe, expect, it, vi } from 'vitest';
import {
  closesAfterMessage,
  createHubClient,
  createSseParser,
  type HubClientDeps,
  type SseEvent,
} from '../../../src/providers/hub.ts';

interface Connection {
  url: string;
  headers: Headers;
  signal: AbortSignal;
  push(text: string): void;
  end(): void;
}

/** A fake hub: answers each fetch with `answer(n)` (a stream by default) and records it. */
function fakeHub(answer: (n: number) => 'stream' | number | Error = () => 'stream') {
  const connections: Connection[] = [];
  let calls = 0;
  const encoder = new TextEncoder();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const result = answer(calls++);
    if (result instanceof Error) throw result;
    if (typeof result === 'number') return new Response('{}', { status: result });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const signal = init?.signal as AbortSignal;
    signal.addEventListener('abort', () => {
      try {
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      } catch {
        // Already closed.
      }
    });
    connections.push({
      url: String(input),
      headers: new Headers(init?.headers),
      signal,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, connections, calls: () => calls };
}

function client(hub: ReturnType<typeof fakeHub>, deps: Partial<HubClientDeps> = {}) {
  const backoffMs = vi.fn((_attempt: number) => 0);
  const hubClient = createHubClient({
    getBearer: async () => 'jwt-123',
    fetch: hub.fetch,
    backoffMs,
    ...deps,
  });
  return { hubClient, backoffMs };
}

const event = (data: unknown, id = 'urn:uuid:1') => `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

describe('createSseParser', () => {
  function parse(chunks: string[]): SseEvent[] {
    const events: SseEvent[] = [];
    const feed = createSseParser((e) => events.push(e));
    for (const chunk of chunks) feed(chunk);
    return events;
  }

  it('reads id and data, ignores comments, and waits for the blank line', () => {
    expect(parse([':\n\n', 'id: urn:uuid:7\ndata: {"a":1}\n', '\n', ': keep-alive\n\n'])).toEqual([
      { id: 'urn:uuid:7', event: undefined, data: '{"a":1}' },
    ]);
    expect(parse(['data: {"a":1}\n'])).toEqual([]);
  });

  it('joins multi-line data, takes values with or without the space, and any line break', () => {
    expect(parse(['data:{"a":\r\ndata: 1}\r\n\r\nevent: x\rdata\r\r'])).toEqual([
      { id: undefined, event: undefined, data: '{"a":\n1}' },
      { id: undefined, event: 'x', data: '' },
    ]);
  });

  it('reassembles fields and line breaks cut between chunks, CR LF included', () => {
    expect(parse(['da', 'ta: {"b"', ':2}\r', '\n\r', '\n'])).toEqual([
      { id: undefined, event: undefined, data: '{"b":2}' },
    ]);
  });

  it('keeps the last id for the next events, as EventSource does', () => {
    expect(parse(['id: 1\ndata: a\n\ndata: b\n\n']).map((e) => e.id)).toEqual(['1', '1']);
  });
});

describe('subscribe', () => {
  it('opens the topic with the bearer token and hands over each message as JSON', async () => {
    const hub = fakeHub();
    const { hubClient } = client(hub);
    const messages: unknown[] = [];
    hubClient.subscribe('contracts', (data) => messages.push(data));
    await vi.waitFor(() => expect(hub.connections).toHaveLength(1));
    const [c] = hub.connections;
    expect(new URL(c.url).pathname + new URL(c.url).search).toBe(
      '/.well-known/mercure?topic=contracts',
    );
    expect(c.headers.get('authorization')).toBe('Bearer jwt-123');
    expect(c.headers.get('accept')).toBe('text/event-stream');

    c.push(':\n\n');
    c.push(event({ changed: [1] }));
    c.push(`${event({ changed: [2] }, 'urn:uuid:2').slice(0, 10)}`);
    c.push(event({ changed: [2] }, 'urn:uuid:2').slice(10));
    await vi.waitFor(() => expect(messages).toEqual([{ changed: [1] }, { changed: [2] }]));
    // A public list topic stays open after its messages.
    expect(c.signal.aborted).toBe(false);
    expect(hubClient.keys()).toEqual(['contracts']);
  });

  it('encodes the topic in the address', async () => {
    const hub = fakeHub();
    const { hubClient } = client(hub);
    const off = hubClient.subscribe(
      'login/jean.dupont@example.fr/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
      () => {},
    );
    await vi.waitFor(() => expect(hub.connections).toHaveLength(1));
    expect(new URL(hub.connections[0].url).searchParams.get('topic')).toBe(
      'login/jean.dupont@example.fr/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    );
    off();
  });

  it('closes a command or login topic after its one message', async () => {
    const hub = fakeHub();
    const { hubClient } = client(hub);
    const messages: unknown[] = [];
    hubClient.subscribe('command/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', (data) =>
      messages.push(data),
    );
    await vi.waitFor(() => expect(hub.connections).toHaveLength(1));
    const [c] = hub.connections;
    c.push(event({ id: 'x', done: true }) + event({ again: true }, 'urn:uuid:2'));
    await vi.waitFor(() => expect(c.signal.aborted).toBe(true));
    expect(messages).toEqual([{ id: 'x', done: true }]);
    await vi.waitFor(() => expect(hubClient.keys()).toEqual([]));
    expect(hub.calls()).toBe(1);

    expect(closesAfterMessage('login/vendeur/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).toBe(true);
    expect(closesAfterMessage('contracts')).toBe(false);
    expect(closesAfterMessage('alert')).toBe(false);
  });

  it('replaces the connection of a key subscribed again, and the old unsubscribe leaves the new one', async () => {
    const hub = fakeHub();
    const { hubClient } = client(hub);
    const first: unknown[] = [];
    const second: unknown[] = [];
    const offFirst = hubClient.subscribe('insureds', (data) => first.push(data));
    await vi.waitFor(() => expect(hub.connections).toHaveLength(1));
    hubClient.subscribe('insureds', (data) => second.push(data));
    await vi.waitFor(() => expect(hub.connections).toHaveLength(2));
    expect(hub.connections[0].signal.aborted).toBe(true);

    offFirst();
    expect(hub.connections[1].signal.aborted).toBe(false);
    hub.connections[1].push(event({ n: 1 }));
    await vi.waitFor(() => expect(second).toEqual([{ n: 1 }]));
    expect(first).toEqual([]);
    expect(hubClient.keys()).toEqual(['insureds']);
  });

  it('keeps subscriptions of different keys apart', async () => {
    const hub = fakeHub();
    const { hubClient } = client(hub);
    hubClient.subscribe('contracts', () => {});
    hubClient.subscribe('contracts', () => {}, { key: 'other' });
    await vi.waitFor(() => expect(hub.connections).toHaveLength(2));
    expect(hub.connections.map((c) => c.signal.aborted)).toEqual([false, false]);
    expect(hubClient.keys().sort()).toEqual(['contracts', 'other']);
  });

  it('unsubscribing aborts the connection and forgets the key', async () => {
    const hub = fakeHub();
    const { hubClient } = client(hub);
    const off = hubClient.subscribe('contracts', () => {});
    await vi.waitFor(() => expect(hub.connections).toHaveLength(1));
    off();
    expect(hub.connections[0].signal.aborted).toBe(true);
    expect(hubClient.keys()).toEqual([]);
  });

  it('reconnects after a network loss or an ended stream, with a growing delay, and says so', async () => {
    const hub = fakeHub((n) => (n === 0 || n === 2 ? new TypeError('Failed to fetch') : 'stream'));
    const { hubClient, backoffMs } = client(hub);
    const opens: boolean[] = [];
    const messages: unknown[] = [];
    hubClient.subscribe('contracts', (data) => messages.push(data), {
      onOpen: (reconnected) => opens.push(reconnected),
    });
    await vi.waitFor(() => expect(hub.connections).toHaveLength(1));
    expect(opens).toEqual([false]);
    expect(backoffMs.mock.calls.map(([attempt]) => attempt)).toEqual([0]);

    hub.connections[0].end(); // the server went away
    await vi.waitFor(() => expect(hub.connections).toHaveLength(2));
    // After a connection had opened, the delays start again from the first.
    expect(backoffMs.mock.calls.map(([attempt]) => attempt)).toEqual([0, 0, 1]);
    expect(opens).toEqual([false, true]);
    hub.connections[1].push(event({ back: true }));
    await vi.waitFor(() => expect(messages).toEqual([{ back: true }]));
  });

  it('tries again after 401 and 5xx, gives up on 403 and says why', async () => {
    const hub = fakeHub((n) => [401, 503, 'stream' as const][n] ?? 'stream');
    const { hubClient } = client(hub);
    hubClient.subscribe('contracts', () => {});
    await vi.waitFor(() => expect(hub.connections).toHaveLength(1));
    expect(hub.calls()).toBe(3);

    const refused = fakeHub(() => 403);
    const errors: number[] = [];
    const other = client(refused).hubClient;
    other.subscribe('command/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', () => {}, {
      onError: (status) => errors.push(status),
    });
    await vi.waitFor(() => expect(errors).toEqual([403]));
    await vi.waitFor(() => expect(other.keys()).toEqual([]));
    expect(refused.calls()).toBe(1);
  });

  it('waits at least as long as a 429 asks (Retry-After), quietly, then connects', async () => {
    const encoder = new TextEncoder();
    let calls = 0;
    const fetch = vi.fn(async () => {
      calls++;
      if (calls === 1) {
        return new Response('{"status":429}', {
          status: 429,
          headers: { 'retry-after': '30', 'content-type': 'application/problem+json' },
        });
      }
      return new Response(
        new ReadableStream({ start: (c) => c.enqueue(encoder.encode(':\n\n')) }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      );
    }) as unknown as typeof globalThis.fetch;
    const retryAfterMs = vi.fn((header: string | null) => (header === '30' ? 1 : 0));
    const backoffMs = vi.fn(() => 0);
    const errors: number[] = [];
    const opened: boolean[] = [];
    const hubClient = createHubClient({
      getBearer: async () => 'jwt',
      fetch,
      backoffMs,
      retryAfterMs,
    });
    hubClient.subscribe('contracts', () => {}, {
      onError: (status) => errors.push(status),
      onOpen: (again) => opened.push(again),
    });
    await vi.waitFor(() => expect(opened).toEqual([false]));
    expect(retryAfterMs).toHaveBeenCalledWith('30');
    expect(calls).toBe(2);
    // Not an error the screen shows.
    expect(errors).toEqual([]);
  });

  it('does not connect without a signed-in user', async () => {
    const hub = fakeHub();
    const { hubClient } = client(hub, { getBearer: async () => null });
    hubClient.subscribe('contracts', () => {});
    await vi.waitFor(() => expect(hubClient.keys()).toEqual([]));
    expect(hub.calls()).toBe(0);
  });

  it('a failing handler does not cost the connection', async () => {
    const hub = fakeHub();
    const { hubClient } = client(hub);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const messages: unknown[] = [];
    hubClient.subscribe('contracts', (data) => {
      messages.push(data);
      if (messages.length === 1) throw new Error('boom');
    });
    await vi.waitFor(() => expect(hub.connections).toHaveLength(1));
    hub.connections[0].push(event(1) + event(2));
    await vi.waitFor(() => expect(messages).toEqual([1, 2]));
    expect(hub.calls()).toBe(1);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
