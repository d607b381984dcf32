// Which statements the server sends as named prepared statements (server/src/db/preparedStatements.ts):
// a SELECT from its second use, one stable name per text, a bounded number of names.
import type { Pool, PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { preparingPool, statementNames } from '../../../server/src/db/preparedStatements.ts';

const PAGE =
  'select "contract"."id" from "contract" where "contract"."broker_ids" && ARRAY[10]::int[]';

describe('statementNames', () => {
  it('names a SELECT the second time its text is seen, then always the same', () => {
    const names = statementNames();
    expect(names.nameOf(PAGE)).toBeUndefined();
    const name = names.nameOf(PAGE);
    expect(name).toMatch(/^ep_[\w-]+$/);
    expect(names.nameOf(PAGE)).toBe(name);
    // The same text gets the same name in another process (a hash of the text).
    const other = statementNames();
    other.nameOf(PAGE);
    expect(other.nameOf(PAGE)).toBe(name);
    expect(names.nameOf(`${PAGE} limit 11`)).toBeUndefined();
  });

  it('never names anything but a SELECT', () => {
    const names = statementNames();
    for (const text of ['insert into contract default values', 'begin', 'update x set y = 1']) {
      names.nameOf(text);
      expect(names.nameOf(text), text).toBeUndefined();
    }
  });

  it('stops naming new texts past its bound, and forgets a refused one', () => {
    const names = statementNames(2);
    const texts = ['select 1', 'select 2', 'select 3'];
    const named = texts.map((text) => {
      names.nameOf(text);
      return names.nameOf(text);
    });
    expect(named.map(Boolean)).toEqual([true, true, false]);
    names.refuse('select 1');
    expect(names.nameOf('select 1')).toBeUndefined();
    expect(names.nameOf('select 1')).toBeUndefined();
    expect(names.nameOf('select 2')).toBe(named[1]);
  });
});

type Done = (error: Error | null, result?: unknown) => void;

/** A pool of one client that answers each statement through the callback it is given. */
function fakePool(answer: (args: unknown[]) => { error?: Error; rows?: unknown[] }) {
  const calls: unknown[][] = [];
  const client = {
    query(...args: unknown[]) {
      calls.push(args);
      const done = args.at(-1);
      // pg's promise form (no callback) would get no answer here: the test would time out.
      if (typeof done !== 'function') return new Promise(() => undefined);
      const { error, rows } = answer(args);
      setImmediate(() => (done as Done)(error ?? null, error ? undefined : { rows }));
      return undefined;
    },
    release() {},
  } as unknown as PoolClient;
  const pool = { connect: async () => client, end: async () => undefined } as unknown as Pool;
  return { pool: preparingPool(pool, statementNames()), calls };
}

describe('preparingPool', () => {
  // pg's promise form kept each result alive past the next young-generation collection on
  // Node 20 (29 KB promoted per contract page, docs/benchmarks.md "Fifth pass"): every
  // statement goes through pg's callback form, its answer handed back as a promise.
  it("sends every statement in pg's callback form, named from its second use", async () => {
    const { pool, calls } = fakePool(() => ({ rows: [{ n: 1 }] }));
    const client = await pool.connect();
    for (let i = 0; i < 2; i += 1) {
      await expect(client.query('select 1 as n', [])).resolves.toMatchObject({ rows: [{ n: 1 }] });
    }
    expect(calls.map((args) => typeof args.at(-1))).toEqual(['function', 'function']);
    expect(calls[0][0]).toBe('select 1 as n');
    expect(calls[1][0]).toMatchObject({
      name: expect.stringMatching(/^ep_/),
      text: 'select 1 as n',
    });
  });

  it('hands back a failure as it came: the same error, its code kept', async () => {
    const failure = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' });
    const { pool } = fakePool(() => ({ error: failure }));
    const client = await pool.connect();
    const caught = await client.query('selec 1', []).catch((error: unknown) => error);
    expect(caught).toBe(failure);
    expect((caught as { code: string }).code).toBe('42601');
  });

  it('sends a statement unnamed again when its prepared form went stale (a migration ran)', async () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), {
      code: '0A000',
    });
    const { pool, calls } = fakePool((args) =>
      typeof args[0] === 'object' ? { error: stale } : { rows: [{ n: 2 }] },
    );
    const client = await pool.connect();
    await client.query('select 2 as n', []);
    await expect(client.query('select 2 as n', [])).resolves.toMatchObject({ rows: [{ n: 2 }] });
    expect(calls.map((args) => typeof args[0])).toEqual(['string', 'object', 'string']);
  });
});
