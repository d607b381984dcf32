// Limits on what a signed-in user can start in a loop (issue 18): exports, user imports and
// e-mails (reset links, a carte TP by e-mail). Past the limit: 429 problem+json in French with
// Retry-After, and nothing started, stored or sent; another user is not held back. Small limits
// set before the server is built keep it fast (the real ones: server/src/http/rateLimits.ts).
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/src/http/rateLimits.ts';
import { type Account, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

LIMITS.exports = [{ points: 2, seconds: 600 }];
LIMITS.imports = [{ points: 1, seconds: 600 }];
LIMITS.mails = [{ points: 2, seconds: 600 }];

let server: TestServer;
let api: ScopedApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
}, 60_000);
afterAll(() => server?.close());

async function call(user: Account, method: string, path: string, body?: BodyInit | object) {
  const headers: Record<string, string> = { authorization: `Bearer ${await api.token(user)}` };
  const json = body !== undefined && !(body instanceof FormData);
  if (json) headers['content-type'] = 'application/json';
  return fetch(new URL(path, server.url), {
    method,
    headers,
    body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
  });
}

/** The 429 of a limit: problem+json, French, Retry-After in seconds. */
async function expectLimited(response: Response, detail: RegExp) {
  expect(response.status).toBe(429);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  const problem = await response.json();
  expect(problem).toMatchObject({ status: 429, title: 'Trop de requêtes' });
  expect(problem.detail).toMatch(detail);
  expect(problem.detail).toMatch(/Réessayez dans \d+ (secondes?|minutes?)\./);
}

const count = async (query: string) => Number((await api.rows<{ n: number }>(query))[0].n);

async function outbox(): Promise<number> {
  const files = await readdir(join(server.config.dataDir, 'outbox')).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.eml')).length;
}

describe('exports', () => {
  it('starts two, refuses the third without storing anything, and lets others start', async () => {
    for (let i = 0; i < 2; i++) {
      const started = await call('vendeur', 'POST', '/export/contractsCsv', { uuid: randomUUID() });
      expect(started.status, await started.clone().text()).toBe(202);
    }
    const id = randomUUID();
    await expectLimited(
      await call('vendeur', 'POST', '/export/contracts', { uuid: id }),
      /trop d'exports/,
    );
    expect(await count(`SELECT count(*)::int AS n FROM export_file WHERE id = '${id}'`)).toBe(0);
    // The /api/... address of the same start shares the count.
    await expectLimited(
      await call('vendeur', 'POST', '/api/export/insuredsCsv', { uuid: randomUUID() }),
      /trop d'exports/,
    );
    const other = await call('ageo', 'POST', '/export/contractsCsv', { uuid: randomUUID() });
    expect(other.status).toBe(202);
  });
});

describe('user imports', () => {
  it('takes one upload, refuses the next without reading or recording it', async () => {
    const template = await call('ageo', 'GET', '/api/user_import_logs/template.csv');
    expect(template.status).toBe(200);
    const bytes = new Uint8Array(await template.arrayBuffer());
    const form = () => {
      const data = new FormData();
      data.set('sendMailImmediatly', 'false');
      data.set('file', new Blob([bytes], { type: 'text/csv' }), 'utilisateurs.csv');
      return data;
    };
    const first = await call('ageo', 'POST', '/api/user_import_logs', form());
    expect(first.status, await first.clone().text()).toBe(202);
    const before = await count('SELECT count(*)::int AS n FROM user_import_log');
    await expectLimited(
      await call('ageo', 'POST', '/api/user_import_logs', form()),
      /trop de fichiers d'import/,
    );
    expect(await count('SELECT count(*)::int AS n FROM user_import_log')).toBe(before);
  });
});

describe('e-mails', () => {
  it('sends two reset links, refuses the third and sends nothing more', async () => {
    const target = await count(
      "SELECT id AS n FROM app_user WHERE username = 'vendeur' AND email IS NOT NULL",
    );
    const before = await outbox();
    for (let i = 0; i < 2; i++) {
      const sent = await call('partenaire', 'POST', `/api/users/${target}/reset_password`);
      expect(sent.status, await sent.clone().text()).toBe(202);
    }
    expect(await outbox()).toBe(before + 2);
    await expectLimited(
      await call('partenaire', 'POST', `/api/users/${target}/reset_password`),
      /trop d'e-mails/,
    );
    expect(await outbox()).toBe(before + 2);
  });

  it('counts a carte TP sent by e-mail among them', async () => {
    const [card] = await api.rows<{
      insured_id: number;
      debval: string;
      debfin: string;
      datenvoi: string;
      heure: string;
    }>(`SELECT insured_id, to_char(debval, 'YYYY-MM-DD') AS debval,
          to_char(debfin, 'YYYY-MM-DD') AS debfin, to_char(datenvoi, 'YYYY-MM-DD') AS datenvoi,
          heure::text AS heure
        FROM carte_tp ORDER BY insured_id LIMIT 1`);
    const path = (to: string) =>
      `/api/assures/${card.insured_id}/carte_tp/${card.debval}/${card.debfin}/${card.datenvoi}/${card.heure}/email/${to}`;
    const before = await outbox();
    for (let i = 0; i < 2; i++) {
      const sent = await call('ageo', 'GET', path(`carte.${i}@exemple.fr`));
      expect(sent.status, await sent.clone().text()).toBe(200);
    }
    await expectLimited(await call('ageo', 'GET', path('carte.3@exemple.fr')), /trop d'e-mails/);
    expect(await outbox()).toBe(before + 2);
  });
});
