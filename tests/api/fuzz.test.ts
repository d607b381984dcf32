// Property-based fuzzing of every query and body the declarations describe (issue 18): for
// any filter, order, page or body, the API answers no 5xx, every error is problem+json, and a
// refused write changes nothing. fast-check builds the inputs from each class's own filter,
// sort and property names (src/domain/schema), mixed with hostile values (SQL and path
// fragments, control characters, huge numbers, malformed dates and IRIs, nested brackets).
//
// Bounded for `npm test` (a fixed seed and a few dozen runs per class); FUZZ_RUNS and
// FUZZ_SEED widen it: FUZZ_RUNS=500 FUZZ_SEED=$RANDOM npx vitest run --project api tests/api/fuzz.test.ts
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSES } from '../../src/domain/schema/index.ts';
import { type AnyClass, entries, filterOf, isWritable } from '../../src/domain/schema/types.ts';
import type { Account } from './support/idorScope.ts';
import { ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const settings = { numRuns: RUNS, seed: SEED, endOnFailure: true };

let server: TestServer;
let api: ScopedApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
}, 60_000);
afterAll(() => server?.close());

/** Values no form would send. */
const hostile = fc.constantFrom(
  "' OR 1=1 --",
  '"; DROP TABLE contract; --',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\r\n=1+1',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  '0x10',
  '2026-13-45',
  '2026-02-30T25:61:00Z',
  '/api/products/abc',
  '/api/contracts/99999999999999999999',
  '[]',
  '{}',
  'é'.repeat(300),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '..',
  'asc',
  'desc',
  'true',
  'null',
);
const value = fc.oneof(
  hostile,
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

/** Every parameter name a class's list understands, with API Platform's suffixes. */
function parameterNames(decl: AnyClass): string[] {
  const names = ['page', 'itemsPerPage', 'after', 'pagination', 'q', '_format'];
  for (const [name, property] of entries(decl)) {
    const filter = filterOf(property);
    if (filter) {
      for (const alias of [name, ...(filter.aliases ?? [])]) {
        names.push(alias, `${alias}[]`);
        if (filter.kind === 'date') names.push(`${alias}[after]`, `${alias}[strictly_before]`);
        if (filter.kind === 'range') names.push(`${alias}[gte]`, `${alias}[between]`);
      }
    }
    if (property.sort) names.push(`order[${name}]`);
  }
  for (const [name, filter] of Object.entries(decl.filters ?? {})) {
    names.push(name, `${name}[]`, ...(filter.aliases ?? []));
  }
  for (const name of Object.keys(decl.sorts ?? {})) names.push(`order[${name}]`);
  return names;
}

/** A query string from the class's own names, stranger names, and hostile values. */
const queryOf = (decl: AnyClass) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...parameterNames(decl)) },
          { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
          { weight: 1, arbitrary: fc.constantFrom('order[', 'a[b][c][d]', '[]', 'order[]') },
        ),
        value,
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
    .chain((parts) =>
      // Now and then, raw bytes no encoder would produce.
      fc.oneof(
        { weight: 5, arbitrary: fc.constant(parts.join('&')) },
        { weight: 1, arbitrary: fc.constant(`${parts.join('&')}&%E0%A4%A=%ZZ&&=`) },
      ),
    );

interface Answered {
  status: number;
  type: string;
  text: string;
}

async function call(
  account: Account,
  method: string,
  path: string,
  body?: string,
  contentType = 'application/ld+json',
): Promise<Answered> {
  const response = await fetch(new URL(path, server.url), {
    method,
    headers: {
      authorization: `Bearer ${await api.token(account)}`,
      accept: 'application/ld+json',
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    body,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** No 5xx; an error is problem+json whose body says its status. */
function expectHandled(answer: Answered, what: string): void {
  const detail = `${what} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, detail).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.type, detail).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.text).status, detail).toBe(answer.status);
  }
}

const listed = CLASSES.filter((c) => c.paths.collection);

describe('fuzzed list queries', () => {
  it.each(listed.map((c) => [c.paths.collection as string, c] as const))(
    'GET %s answers no 5xx, errors in problem+json',
    async (path, decl) => {
      await fc.assert(
        fc.asyncProperty(queryOf(decl), async (query) => {
          expectHandled(await call('ageo', 'GET', `${path}?${query}`), `GET ${path}?${query}`);
        }),
        settings,
      );
    },
    120_000,
  );
});

/** A path segment: any value encoded, or raw bytes no encoder makes (broken escapes). */
const segment = fc.oneof(
  { weight: 6, arbitrary: value.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%ZZ', '%', '..%2F..%2F', '%00') },
);

describe('fuzzed item ids', () => {
  const bases = [...new Set(CLASSES.map((c) => c.paths.item ?? c.paths.collection))];
  it('GET {item}/{anything} answers no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...(bases as string[])), segment, async (base, id) => {
        const path = `${base}/${id}`;
        expectHandled(await call('vendeur', 'GET', path), `GET ${path}`);
      }),
      { ...settings, numRuns: RUNS * 8 },
    );
  }, 120_000);
});

/** count and digest of a table: equal before and after means nothing was written. */
async function fingerprint(table: string): Promise<string> {
  const [row] = await api.rows<{ n: number; digest: string | null }>(
    `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t.id)) AS digest FROM ${table} t`,
  );
  return `${row.n}:${row.digest}`;
}

/** A body made of the class's own property names with any JSON values, or no object at all. */
const bodyOf = (decl: AnyClass) => {
  const names = entries(decl)
    .filter(([, p]) => isWritable(p))
    .map(([name]) => name);
  const field = fc.oneof(fc.constantFrom(...names, 'id', '@id', '__proto__'), fc.string());
  const json = fc.oneof(value, fc.jsonValue({ maxDepth: 2 }));
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(field, json, { maxKeys: 6 }).map(JSON.stringify) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(JSON.stringify) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
};

const writable = CLASSES.filter((c) => c.table && (c.access.create || c.access.update));

describe('fuzzed write bodies', () => {
  it.each(writable.map((c) => [c.name, c] as const))(
    '%s: no 5xx, and a refused write changes nothing',
    async (_name, decl) => {
      const table = decl.table as string;
      const [id] = await api.ids(`SELECT id FROM ${table} ORDER BY id DESC LIMIT 1`);
      const base = decl.paths.item ?? decl.paths.collection;
      const targets = [
        ['POST', decl.paths.create ?? decl.paths.collection],
        ['PUT', `${base}/${id}`],
        ['PATCH', `${base}/${id}`],
      ] as const;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...targets),
          fc.constantFrom<Account>('ageo', 'partenaire', 'vendeur'),
          bodyOf(decl),
          async ([method, path], account, body) => {
            const before = await fingerprint(table);
            const type =
              method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json';
            const answer = await call(account, method, path as string, body, type);
            expectHandled(answer, `${account} ${method} ${path} ${body.slice(0, 200)}`);
            if (answer.status >= 400) {
              expect(await fingerprint(table), `${method} ${path} ${body}`).toBe(before);
            }
          },
        ),
        { ...settings, numRuns: RUNS * 2 },
      );
    },
    180_000,
  );
});

describe('fuzzed export bodies', () => {
  it('POST /api/export/* answers no 5xx and starts nothing on a refused body', async () => {
    const kinds = ['contracts', 'insureds', 'cotisations', 'contractsCsv', 'insuredsCsv'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...kinds),
        fc.oneof(
          fc.dictionary(
            fc.constantFrom('uuid', 'state', 'dtDebVal', 'order', 'assure.lastname', 'id', 'q'),
            fc.oneof(value, fc.jsonValue({ maxDepth: 2 })),
            { maxKeys: 4 },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        async (kind, body) => {
          const before = await fingerprint('export_file');
          const answer = await call(
            'vendeur',
            'POST',
            `/api/export/${kind}`,
            JSON.stringify(body),
            'application/json',
          );
          expectHandled(answer, `POST /api/export/${kind} ${JSON.stringify(body).slice(0, 200)}`);
          if (answer.status >= 400) expect(await fingerprint('export_file')).toBe(before);
        },
      ),
      { ...settings, numRuns: RUNS * 3 },
    );
  }, 120_000);
});
