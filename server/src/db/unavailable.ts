// One answer to "did this fail because the database cannot be reached?", for the error handler
// (server/src/http/problem.ts), bearer verification (auth/authenticate.ts) and the identity
// provider's storage (auth/oidc/adapter.ts): such a failure is the service's, temporary, and
// answered 503 with Retry-After from the first failing request, never 500 nor an auth message.

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_S = 5;

export const DATABASE_UNAVAILABLE_TITLE = 'Service indisponible';
export const DATABASE_UNAVAILABLE =
  'Le service est momentanément indisponible. Réessayez dans quelques instants.';

/**
 * SQLSTATEs of a server that cannot serve: class 08 (connection exception), 53300 (too many
 * connections), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting,
 * in recovery), 57P05 idle session timeout.
 */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|53300|57P0[1235])$/;

/** Node's socket and name resolution failures. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ERR_SOCKET_CLOSED',
  'ERR_STREAM_DESTROYED',
]);

/** Messages of pg (node-postgres, its pool) and PGlite that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/i, // pg.Pool's connectionTimeoutMillis
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /^PGlite is clos(ed|ing)$/i,
  /the database system is (shutting down|starting up|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

function isUnavailable(error: unknown, depth: number): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code))) {
    return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) {
    return true;
  }
  // Connecting to "localhost" tries ::1 and 127.0.0.1: an AggregateError of both refusals.
  if (Array.isArray(errors) && errors.some((e) => isUnavailable(e, depth + 1))) return true;
  return isUnavailable(cause, depth + 1);
}

/** True when the error says the database cannot be reached now (not that a query is wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isUnavailable(error, 0);
}
