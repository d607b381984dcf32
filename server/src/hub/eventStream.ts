// One subscriber's text/event-stream: Mercure's event shape (id + data lines), a comment at the
// start (so the client knows it is subscribed) and a keep-alive comment while nothing happens,
// so proxies and browsers do not drop an idle connection.
import { PassThrough } from 'node:stream';
import type { Update } from './fanout.ts';

export const KEEP_ALIVE_MS = 25_000;
/** A client this far behind (not reading) is let go: it reconnects and refetches. */
export const MAX_BEHIND_BYTES = 1024 * 1024;

/** The event as written on the stream; every line of the data gets its own `data:` field. */
export function formatEvent(update: Update): string {
  const data = update.data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `id: ${update.id}\n${data}\n`;
}

export interface EventStream {
  stream: PassThrough;
  send(update: Update): void;
  /** Ends the stream (idempotent); `onEnd` runs once, whoever ended it. */
  end(): void;
}

export function openEventStream(onEnd: () => void, keepAliveMs = KEEP_ALIVE_MS): EventStream {
  const stream = new PassThrough();
  let ended = false;
  const keepAlive = setInterval(() => stream.write(':\n\n'), keepAliveMs);
  keepAlive.unref();
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    stream.end();
    onEnd();
  };
  stream.write(':\n\n');
  return {
    stream,
    send(update) {
      if (ended) return;
      if (stream.writableLength > MAX_BEHIND_BYTES) end();
      else stream.write(formatEvent(update));
    },
    end,
  };
}
