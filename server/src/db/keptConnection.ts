// A dedicated PostgreSQL connection kept for as long as the server lives, outside the pool (the
// hub's LISTEN, the instance lock): after a loss (the server restarted, the network was cut) it
// is opened again every `retryMs` until it comes back, and set up again each time.
import pg from 'pg';

export interface KeptConnection {
  url: string;
  retryMs: number;
  /** TCP keep-alive, so that a silent network is noticed (the lock's connection is idle). */
  keepAlive?: boolean;
  /** Each new connection, before it is kept: LISTEN, take a lock, add listeners. */
  setUp(client: pg.Client): Promise<void>;
  /** The kept connection was lost; a new one is on its way. */
  lost(error?: Error): void;
  /** A new connection replaced a lost one. */
  reconnected?(): void;
  /** An attempt to come back failed; another follows. */
  retryFailed?(error: Error): void;
}

/** Opens the connection (rejects when the first attempt fails); resolves with its end. */
export async function keepConnection(kept: KeptConnection): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: kept.url, keepAlive: kept.keepAlive });
    const lost = (error?: Error) => {
      if (stopped || client !== next) return;
      client = undefined;
      kept.lost(error);
      next.end().catch(() => undefined);
      schedule();
    };
    // Registered before connecting: an unheard 'error' event would stop the process.
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await kept.setUp(next);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => kept.reconnected?.(),
        (error: Error) => {
          kept.retryFailed?.(error);
          schedule();
        },
      );
    }, kept.retryMs);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
