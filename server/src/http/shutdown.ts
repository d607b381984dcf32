// Graceful stop on SIGTERM / SIGINT: stop accepting connections, let requests in flight
// finish (app.close() waits for them; idle keep-alive sockets are closed at once), close the
// database, exit 0. A second signal, or the deadline, forces the exit.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { problem, sendProblem } from './problem.ts';

export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Makes app.close() wait for the requests in flight and not for the keep-alive sockets they
 * leave behind: Node closes idle sockets when the server closes, but a socket busy at that
 * moment would otherwise stay open for the whole keep-alive timeout after its answer.
 */
export function drainOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Sockets whose answer ends from now on close right after it (hijacked answers included).
    app.server.keepAliveTimeout = 1;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
  // A request arriving on a kept-alive socket once the stop has begun is not started: 503 in
  // problem+json with Retry-After (Fastify's own would be English JSON without it; app.ts turns
  // return503OnClosing off so that this hook answers instead).
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('Retry-After', String(RESTART_RETRY_AFTER_S)).header('Connection', 'close');
    return sendProblem(reply, problem(503, RESTARTING, 'Service indisponible'));
  });
}

/** What a request refused during a stop is told, and when to try again. */
export const RESTARTING = 'Le serveur redémarre : réessayez dans quelques instants.';
export const RESTART_RETRY_AFTER_S = 5;

/** Stops the server then the database; resolves when both are closed. */
export async function stopServer(app: FastifyInstance, database: Database): Promise<void> {
  try {
    await app.close();
  } finally {
    await database.close();
  }
}

/** Installs the SIGTERM / SIGINT handlers; returns their removal. */
export function stopOnSignals(
  app: FastifyInstance,
  database: Database,
  options: { deadlineMs?: number; exit?: (code: number) => void } = {},
): () => void {
  const { deadlineMs = SHUTDOWN_DEADLINE_MS, exit = (code: number) => process.exit(code) } =
    options;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`${signal} received again: stopping now.\n`);
      exit(1);
      return;
    }
    stopping = true;
    process.stdout.write(`${signal} received: finishing requests in flight, then stopping.\n`);
    const timer = setTimeout(() => {
      process.stderr.write(`Still busy after ${deadlineMs / 1000} s: stopping now.\n`);
      exit(1);
    }, deadlineMs);
    timer.unref();
    stopServer(app, database).then(
      () => {
        clearTimeout(timer);
        process.stdout.write('Stopped.\n');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        process.stderr.write(`Stopping failed: ${(error as Error).message ?? error}\n`);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
