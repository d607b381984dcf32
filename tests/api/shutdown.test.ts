// Graceful stop: requests in flight finish, new connections are refused, the database closes.
// In-process, so a test route can hold a request open for exactly as long as the test wants.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.ts';
import { stopOnSignals, stopServer } from '../../server/src/http/shutdown.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
}, 60_000);

interface Held {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** Resolves when the held request has reached its handler. */
  entered: Promise<void>;
  release(): void;
}

async function serverWithHeldRequest(
  addRoutes: (app: FastifyInstance) => void = () => undefined,
): Promise<Held> {
  let entered!: () => void;
  let release!: () => void;
  const enteredP = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server = await startTestServer(
    {},
    {
      beforeListen: (app) => {
        app.get('/api/test/held', async () => {
          entered();
          await released;
          return { finished: true };
        });
        addRoutes(app);
      },
    },
  );
  const { app, database, url } = server;
  return { app, database, url, entered: enteredP, release };
}

const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/** Yields to the event loop until the condition holds (no clock involved). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

it('lets a request in flight finish, refuses new connections, then closes the database', async () => {
  const held = await serverWithHeldRequest();
  const response = fetch(`${held.url}/api/test/held`);
  await held.entered;

  let stopped = false;
  const stopping = stopServer(held.app, held.database).then(() => {
    stopped = true;
  });
  await until(() => !held.app.server.listening);
  expect(await refused(held.url)).toBe(true);
  expect(stopped).toBe(false);

  held.release();
  const answer = await response;
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ finished: true });
  await stopping;
  expect(stopped).toBe(true);
  await expect(held.database.db.selectFrom('app_user').select('id').execute()).rejects.toThrow();
});

it('on SIGTERM exits 0 once the request in flight is answered', async () => {
  const held = await serverWithHeldRequest();
  const exits: number[] = [];
  let exited!: () => void;
  const exitedP = new Promise<void>((resolve) => {
    exited = resolve;
  });
  const remove = stopOnSignals(held.app, held.database, {
    exit: (code) => {
      exits.push(code);
      exited();
    },
  });
  try {
    const response = fetch(`${held.url}/api/test/held`);
    await held.entered;
    process.emit('SIGTERM', 'SIGTERM');
    await until(() => !held.app.server.listening);
    expect(exits).toEqual([]);
    held.release();
    expect((await response).status).toBe(200);
    await exitedP;
    expect(exits).toEqual([0]);
  } finally {
    remove();
  }
});

it('a second signal forces the exit while a request is still in flight', async () => {
  const held = await serverWithHeldRequest();
  const exits: number[] = [];
  const remove = stopOnSignals(held.app, held.database, { exit: (code) => exits.push(code) });
  try {
    const response = fetch(`${held.url}/api/test/held`).catch(() => undefined);
    await held.entered;
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([1]);
    // Let the held request end so the server and database close for real.
    held.release();
    await response;
    await until(() => exits.length === 2);
  } finally {
    remove();
  }
});

/** One GET on a connection of its own: its status, or the network error's code. */
function getAlone(url: string, id: number, refusals: string[]): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false, headers: { 'x-test-id': String(id) } }, (res) => {
      if (res.statusCode === 503) {
        refusals.push(`${res.headers['content-type']} retry-after=${res.headers['retry-after']}`);
      }
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

it('on SIGTERM under load, every request that reached the server is answered', async () => {
  // Requests that take a while, several at once, sent without pause until the server refuses.
  const entered = new Set<number>();
  const held = await serverWithHeldRequest((app) => {
    app.get('/api/test/slow', async (request) => {
      entered.add(Number(request.headers['x-test-id']));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { finished: true };
    });
  });
  held.release();
  let exited!: () => void;
  const exitedP = new Promise<void>((resolve) => {
    exited = resolve;
  });
  const remove = stopOnSignals(held.app, held.database, { exit: () => exited() });
  const outcomes = new Map<number, number | string>();
  const refusals: string[] = [];
  let next = 0;
  let inFlightAtSignal = 0;
  const client = async () => {
    for (;;) {
      const id = next++;
      const outcome = await getAlone(`${held.url}/api/test/slow`, id, refusals);
      outcomes.set(id, outcome);
      if (typeof outcome === 'string' || outcome === 503) return;
    }
  };
  try {
    const clients = Array.from({ length: 8 }, client);
    const inHandler = () => [...entered].some((id) => !outcomes.has(id));
    await until(() => outcomes.size >= 40 && inHandler());
    inFlightAtSignal = [...entered].filter((id) => !outcomes.has(id)).length;
    process.emit('SIGTERM', 'SIGTERM');
    await Promise.all(clients);
    await exitedP;
  } finally {
    remove();
  }
  expect(inFlightAtSignal, 'requests in the handler when the signal came').toBeGreaterThan(0);
  const failedInFlight = [...entered].filter((id) => outcomes.get(id) !== 200);
  expect(failedInFlight.map((id) => `${id}: ${outcomes.get(id)}`)).toEqual([]);
  // What did not reach its handler was refused whole, so a client may send it again: the
  // connection refused, or closed before its request was read (a socket still idle when the
  // stop began), or a 503 in problem+json with Retry-After on a socket already in use.
  for (const [id, outcome] of outcomes) {
    if (!entered.has(id)) {
      expect([503, 'ECONNREFUSED', 'ECONNRESET'], `request ${id}`).toContain(outcome);
    }
  }
  for (const refusal of refusals) {
    expect(refusal).toBe('application/problem+json; charset=utf-8 retry-after=5');
  }
}, 120_000);
