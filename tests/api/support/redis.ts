// This machine's Redis, for the tests that run through it (TEST_REDIS_URL, else the local
// one): without an answer they are skipped with a message, except under CI, which requires it
// (they then fail, saying so).
import { createConnection } from 'node:net';

export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
export const CI = process.env.CI === 'true' || process.env.CI === '1';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000);
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('timeout', () => resolve(socket.destroy() && false));
    socket.once('error', () => resolve(false));
  });
}

/** Whether Redis answers; when it does not outside CI, says which tests are skipped. */
export async function redisAnswers(skipped: string): Promise<boolean> {
  const available = await answers(REDIS_URL);
  if (!available && !CI) console.log(`• No Redis at ${REDIS_URL}: ${skipped} are skipped.`);
  return available;
}
