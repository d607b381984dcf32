// A hub stream never ends by itself: the graceful stop must end it, or SIGTERM would wait for
// the deadline (10 s) and exit 1 whenever a browser has a list open. Each test starts its own
// server (it stops it): 90 s each, as a start on a busy machine may take 20.
import { afterEach, expect, it } from 'vitest';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { stopOnSignals, stopServer } from '../../server/src/http/shutdown.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { subscribe } from './support/sse.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
}, 60_000);

async function start(): Promise<TestServer> {
  server = await startTestServer();
  return server;
}

async function openStream(url: string) {
  const token = (await new OidcBrowser(url, 'espace-partenaire').login('vendeur', 'demo'))
    .access_token;
  const stream = await subscribe(url, ['contracts'], token);
  expect(stream.status).toBe(200);
  return stream;
}

it('stopping the server ends the open streams at once', async () => {
  const { app, database, url } = await start();
  const stream = await openStream(url);
  const t0 = Date.now();
  await stopServer(app, database);
  await stream.ended;
  expect(Date.now() - t0).toBeLessThan(3000);
}, 90_000);

it('on SIGTERM exits 0 while a stream is open', async () => {
  const { app, database, url } = await start();
  const stream = await openStream(url);
  let exited!: (code: number) => void;
  const exit = new Promise<number>((resolve) => {
    exited = resolve;
  });
  const remove = stopOnSignals(app, database, { exit: (code) => exited(code), deadlineMs: 5000 });
  try {
    process.emit('SIGTERM', 'SIGTERM');
    expect(await exit).toBe(0);
    await stream.ended;
  } finally {
    remove();
  }
}, 90_000);
