// Named prepared statements on PostgreSQL for the queries the server repeats (issue 3,
// docs/benchmarks.md). Planning a page of the contract list costs 1.5 ms of database CPU, more
// than running it (0.3 ms); a named statement is parsed and planned once per connection, and
// PostgreSQL then reuses a generic plan when it costs no more than the custom ones.
//
// Kysely sends every query as (text, values): this pool wrapper gives a name to a SELECT whose
// text it has already seen once (one-off texts stay unnamed), for at most NAMED_MAX distinct
// texts per process, so the statements kept on each connection stay bounded. The values are
// still bound, so the same text serves every user and every filter value.
import { createHash } from 'node:crypto';
import type { PostgresPool } from 'kysely';
import type { Pool, PoolClient, QueryConfig } from 'pg';

/** Distinct statement texts that get a name (each is prepared on the connections using it). */
export const NAMED_MAX = 500;
/** Texts seen once, remembered until they repeat (forgotten in bulk past this size). */
const SEEN_MAX = 10_000;

export interface StatementNames {
  /** The statement's name, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined;
  /** Never name this text again (its prepared form failed). */
  refuse(text: string): void;
}

export function statementNames(max = NAMED_MAX): StatementNames {
  const named = new Map<string, string>();
  const seen = new Set<string>();
  const refused = new Set<string>();
  return {
    nameOf(text) {
      const known = named.get(text);
      if (known !== undefined) return known;
      if (named.size >= max || refused.has(text) || !/^\s*select\s/i.test(text)) return undefined;
      if (!seen.has(text)) {
        if (seen.size >= SEEN_MAX) seen.clear();
        seen.add(text);
        return undefined;
      }
      seen.delete(text);
      // The same name for the same text on every connection and in every process.
      const name = `ep_${createHash('sha1').update(text).digest('base64url')}`;
      named.set(text, name);
      return name;
    },
    refuse(text) {
      named.delete(text);
      refused.add(text);
    },
  };
}

/** PostgreSQL refuses to reuse a statement whose result columns changed (a migration ran). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test(String((error as Error).message));

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * A statement sent through pg's callback form, its answer given as a promise. pg's own promise
 * form (`client.query(config)` without a callback) kept every result alive past the next
 * young-generation collection on Node 20: a page's rows, and the page written from them, were
 * promoted to the old generation, 29 KB a page, and collected later at a higher price
 * (docs/benchmarks.md, "Fifth pass"). As pg does, a failure's stack is captured again once it
 * reaches the caller's chain, so that it leads back to the caller rather than to the socket.
 */
function send(
  client: PoolClient,
  text: string | QueryConfig,
  values?: unknown[],
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: unknown) =>
      error ? reject(error) : resolve(result);
    if (typeof text === 'string') client.query(text, values as unknown[], done as never);
    else client.query(text, done as never);
  }).catch((error: Error) => {
    Error.captureStackTrace(error);
    throw error;
  });
}

function wrapClient(client: PoolClient, names: StatementNames): PoolClient {
  const query = client.query.bind(client) as Query;
  const wrapped = Object.create(client) as PoolClient;
  (wrapped as unknown as { query: Query }).query = (first: unknown, values?: unknown) => {
    // Anything but (text, values), such as a cursor, goes through untouched.
    if (typeof first !== 'string' || (values !== undefined && !Array.isArray(values))) {
      return query(first, values);
    }
    const params = values as unknown[] | undefined;
    const name = names.nameOf(first);
    if (name === undefined) return send(client, first, params);
    return send(client, { name, text: first, values: params }).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      names.refuse(first);
      return send(client, first, params);
    });
  };
  wrapped.release = (...args: Parameters<PoolClient['release']>) => client.release(...args);
  return wrapped;
}

/** The pool Kysely uses, whose clients name repeated SELECT statements (see the top). */
export function preparingPool(pool: Pool, names = statementNames()): PostgresPool {
  const wrappers = new WeakMap<PoolClient, PoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let out = wrappers.get(client);
      if (!out) {
        out = wrapClient(client, names);
        wrappers.set(client, out);
      }
      return out;
    },
    end: () => pool.end(),
  };
}
