// Live-update streams per user (issue 18 #10): one seller once held 3,000 open streams. At most
// MAX_STREAMS_PER_USER at once per user on a server; the next is refused 429 problem+json in
// French with Retry-After; another user is not affected; closing a stream frees its slot.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { MessageHub } from '../../server/src/hub/hub.ts';
import { MAX_STREAMS_PER_USER } from '../../server/src/hub/routes.ts';
import { ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { type Subscription, subscribe } from './support/sse.ts';

let server: TestServer;
let api: ScopedApi;
const open: Subscription[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
}, 180_000);
afterAll(async () => {
  for (const s of open) s.close();
  await server?.close();
}, 180_000);

const hub = () => server.app.hub as MessageHub;

it('refuses the stream past the cap with 429, frees a slot when one closes, spares others', async () => {
  expect(MAX_STREAMS_PER_USER).toBeGreaterThanOrEqual(5);
  const seller = await api.token('vendeur');
  for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
    const s = await subscribe(server.url, ['contracts'], seller);
    expect(s.status).toBe(200);
    open.push(s);
  }

  const refused = await subscribe(server.url, ['contracts'], seller);
  expect(refused.status).toBe(429);
  expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
  const problem = (await refused.response.json()) as Record<string, unknown>;
  expect(problem.status).toBe(429);
  expect(problem.detail).toMatch(/^Trop de connexions de mise à jour en direct ouvertes/);
  expect(problem['hydra:description']).toBe(problem.detail);

  // Another user has slots of their own.
  const other = await subscribe(server.url, ['contracts'], await api.token('ageo'));
  expect(other.status).toBe(200);
  open.push(other);

  // One tab closes: once the server has seen it go, the seller may open one again.
  const before = hub().subscribers;
  open[0].close();
  await vi.waitFor(() => expect(hub().subscribers).toBe(before - 1), { timeout: 10_000 });
  const again = await subscribe(server.url, ['contracts'], seller);
  expect(again.status).toBe(200);
  open.push(again);
  // And the cap holds again.
  const past = await subscribe(server.url, ['contracts'], seller);
  expect(past.status).toBe(429);
  await past.response.body?.cancel();
}, 180_000);

it('gives the slot back when a subscription is refused after being counted (a claimed topic)', async () => {
  const topic = 'command/00000000-0000-4000-8000-00000000c4b1';
  // The partner claims the command topic by following it first.
  const owner = await subscribe(server.url, [topic], await api.token('partenaire'));
  expect(owner.status).toBe(200);
  open.push(owner);
  const manager = await api.token('manager');
  for (let i = 0; i < MAX_STREAMS_PER_USER + 2; i++) {
    const s = await subscribe(server.url, [topic], manager);
    expect(s.status).toBe(403);
    await s.response.body?.cancel();
  }
  const s = await subscribe(server.url, ['contracts'], manager);
  expect(s.status).toBe(200);
  open.push(s);
}, 180_000);
