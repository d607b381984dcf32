// useLiveUpdates (src/providers/liveUpdates.ts) inside react-admin list contexts, through the
// real hub client and fetch, the hub answered by msw with a text/event-stream it writes to.
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { ListContextProvider, type ListControllerResult } from 'ra-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { liveUpdatesTiming, useLiveUpdates } from '../../../src/providers/liveUpdates.ts';

interface Stream {
  topic: string | null;
  authorization: string | null;
  signal: AbortSignal;
  push(text: string): void;
  end(): void;
}

const streams: Stream[] = [];
const encoder = new TextEncoder();
const server = setupServer(
  http.get('*/.well-known/mercure', ({ request }) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    streams.push({
      topic: new URL(request.url).searchParams.get('topic'),
      authorization: request.headers.get('authorization'),
      signal: request.signal,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setBearerSource(async () => 'jwt-live');
});
beforeEach(() => {
  liveUpdatesTiming.burstMs = 100;
});
afterEach(() => {
  streams.length = 0;
  liveUpdatesTiming.burstMs = 1_000;
});
afterAll(() => {
  server.close();
  setBearerSource(async () => null);
});

function LiveList({ topic }: { topic: 'contracts' | 'contributions' | 'insureds' }) {
  useLiveUpdates(topic);
  return null;
}

function list(refetch: () => void, topic: 'contracts' | 'contributions' | 'insureds') {
  const value = { refetch } as unknown as ListControllerResult;
  return (
    <ListContextProvider value={value}>
      <LiveList topic={topic} />
    </ListContextProvider>
  );
}

it('refetches every list of the topic on a message, over one connection, and disconnects with the last', async () => {
  const first = vi.fn();
  const second = vi.fn();
  const a = render(list(first, 'contracts'));
  const b = render(list(second, 'contracts'));
  await vi.waitFor(() => expect(streams).toHaveLength(1));
  expect(streams[0].topic).toBe('contracts');
  expect(streams[0].authorization).toBe('Bearer jwt-live');

  streams[0].push(':\n\nid: urn:uuid:1\ndata: {"changed":[4]}\n\n');
  await vi.waitFor(() => expect(first).toHaveBeenCalledOnce());
  await vi.waitFor(() => expect(second).toHaveBeenCalledOnce());

  a.unmount();
  expect(streams[0].signal.aborted).toBe(false);
  streams[0].push('data: {}\n\n');
  await vi.waitFor(() => expect(second).toHaveBeenCalledTimes(2));
  expect(first).toHaveBeenCalledOnce();

  b.unmount();
  expect(streams[0].signal.aborted).toBe(true);
  expect(streams).toHaveLength(1);
});

it('refetches a burst of changes once at once and once at its end, not once per change', async () => {
  liveUpdatesTiming.burstMs = 400;
  const refetch = vi.fn();
  const view = render(list(refetch, 'contracts'));
  await vi.waitFor(() => expect(streams).toHaveLength(1));
  for (let n = 0; n < 20; n++) streams[0].push(`data: {"changed":[${n}]}\n\n`);
  await vi.waitFor(() => expect(refetch).toHaveBeenCalledOnce());
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(refetch).toHaveBeenCalledTimes(2);
  view.unmount();
});

it('follows each list on its own topic', async () => {
  const contracts = vi.fn();
  const insureds = vi.fn();
  const a = render(list(contracts, 'contracts'));
  const b = render(list(insureds, 'insureds'));
  await vi.waitFor(() => expect(streams).toHaveLength(2));
  streams.find((s) => s.topic === 'insureds')?.push('data: {}\n\n');
  await vi.waitFor(() => expect(insureds).toHaveBeenCalledOnce());
  expect(contracts).not.toHaveBeenCalled();
  a.unmount();
  b.unmount();
});

it('refetches after a lost connection is back, since changes may have been missed', async () => {
  const refetch = vi.fn();
  const view = render(list(refetch, 'contributions'));
  await vi.waitFor(() => expect(streams).toHaveLength(1));
  expect(refetch).not.toHaveBeenCalled();
  streams[0].end();
  await vi.waitFor(() => expect(streams).toHaveLength(2), { timeout: 3000 });
  await vi.waitFor(() => expect(refetch).toHaveBeenCalledOnce());
  view.unmount();
  expect(streams[1].signal.aborted).toBe(true);
});

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

it('lets the connection go in a tab hidden for a while, and refetches when it is shown', async () => {
  liveUpdatesTiming.hiddenGraceMs = 50;
  try {
    const refetch = vi.fn();
    const view = render(list(refetch, 'insureds'));
    await vi.waitFor(() => expect(streams).toHaveLength(1));

    // Hidden briefly: the connection stays.
    setVisibility('hidden');
    setVisibility('visible');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(streams[0].signal.aborted).toBe(false);
    expect(refetch).not.toHaveBeenCalled();

    setVisibility('hidden');
    await vi.waitFor(() => expect(streams[0].signal.aborted).toBe(true));
    setVisibility('visible');
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    expect(refetch).toHaveBeenCalledOnce();
    view.unmount();
    expect(streams[1].signal.aborted).toBe(true);
  } finally {
    liveUpdatesTiming.hiddenGraceMs = 30_000;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  }
});
