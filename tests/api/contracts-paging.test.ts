// Totals and deep pages (docs/api.md): past the count cap the total is a lower bound, page
// numbers stop at the counted rows, and hydra:next carries a keyset cursor that walks the rest
// in the same order as offsets would. The demo seed holds ~2,000 contracts, so a copy of the
// contract list is published for this test with a cap of 50 (the real cap is 10,000).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { contractList } from '../../server/src/resources/contracts/list.ts';
import { collection } from '../../server/src/resources/framework/index.ts';
import { PageCache } from '../../server/src/resources/framework/pageCache.ts';
import { encodeCursor, orderSignature } from '../../server/src/resources/framework/paging.ts';
import { expandRoles } from '../../src/domain/roles.ts';
import { startTestServer, type TestServer } from './support/server.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
type Json = Record<string, any>;

const CAP = 50;
const CAPPED = '/test/capped_contrats';
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      async beforeListen(app) {
        // The operator administrator, as the authenticate hook would set it.
        await app.register(async (scope) => {
          scope.addHook('onRequest', async (request) => {
            request.principal = {
              userId: null,
              username: 'ageo',
              name: 'Test',
              givenRoles: ['PROFILE_ADMIN_AGEO'],
              roles: expandRoles(['PROFILE_ADMIN_AGEO']),
              organizationId: null,
              partnerId: null,
              sessionId: null,
            };
          });
          // The server's database, read at request time (startTestServer has returned by then).
          const deps = {
            get config() {
              return server.config;
            },
            get database() {
              return server.database;
            },
            pages: new PageCache({ ttlMs: 0 }),
          };
          collection(scope, deps, {
            ...contractList([CAPPED], [{ field: 'dateDebVal', direction: 'desc' }]),
            countCap: CAP,
          });
        });
      },
    },
  );
  token = (await new OidcBrowser(server.url, server.config.oidc.clientId).login('ageo', 'demo'))
    .access_token;
});
afterAll(() => server?.close());

async function get(path: string) {
  // As a Hydra client asks: the test route lives outside /api, where a request that names no
  // JSON is a page of the SPA (server/src/http/requestKind.ts).
  const response = await fetch(new URL(path, server.url), {
    headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
  });
  return { status: response.status, body: (await response.json()) as Json };
}
const memberIds = (body: Json) => body['hydra:member'].map((m: Json) => m.id as number);
async function ids(query: string): Promise<number[]> {
  return (await sql.raw<{ id: number }>(query).execute(server.database.db)).rows.map((r) =>
    Number(r.id),
  );
}
const linkOf = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

describe('the count cap', () => {
  it('counts exactly under the cap', async () => {
    const { body } = await get(`${CAPPED}?state=5&contractType=4`);
    const expected = await ids(
      'SELECT id FROM contract WHERE state_id = 5 AND contract_type_id = 4',
    );
    expect(expected.length).toBeLessThanOrEqual(CAP);
    expect(body['hydra:totalItems']).toBe(expected.length);
    expect(body).not.toHaveProperty('totalItemsIsLowerBound');
  });

  it('gives the cap as a lower bound past it, without hydra:last', async () => {
    const { status, body } = await get(`${CAPPED}?itemsPerPage=10`);
    expect(status).toBe(200);
    expect(body['hydra:totalItems']).toBe(CAP);
    expect(body.totalItemsIsLowerBound).toBe(true);
    expect(body['hydra:view']).not.toHaveProperty('hydra:last');
    expect(body['hydra:view']['hydra:next']).toBe(`${CAPPED}?itemsPerPage=10&page=2`);
  });

  it('reaches the counted rows by page number, not beyond', async () => {
    expect((await get(`${CAPPED}?itemsPerPage=10&page=6`)).status).toBe(200);
    const beyond = await get(`${CAPPED}?itemsPerPage=10&page=7`);
    expect(beyond.status).toBe(400);
    expect(beyond.body.detail).toContain('« page »');
  });
});

describe('the keyset cursor', () => {
  it('walks the whole list through hydra:next, in the order of the offsets', async () => {
    const expected = await ids(`SELECT id FROM contract WHERE state_id IN (1, 4)
      ORDER BY date_deb_val DESC, id DESC`);
    expect(expected.length).toBeGreaterThan(CAP * 3);
    const walked: number[] = [];
    let next: string | undefined = `${CAPPED}?state[]=1&state[]=4&itemsPerPage=20`;
    let cursors = 0;
    let page = 0;
    while (next) {
      const { status, body } = await get(next);
      expect(status, next).toBe(200);
      page += 1;
      expect(body['hydra:view']['@id']).toContain(`page=${page}`);
      walked.push(...memberIds(body));
      next = body['hydra:view']['hydra:next'] && linkOf(body['hydra:view']['hydra:next']);
      if (next?.includes('after=')) cursors += 1;
    }
    expect(walked).toEqual(expected);
    expect(cursors).toBeGreaterThan(0);
  });

  it('follows any order on NOT NULL columns, mixed directions included', async () => {
    const order = 'order[lbType]=asc&order[dateDebVal]=desc';
    const expected = await ids(
      `SELECT id FROM contract ORDER BY lb_type ASC, date_deb_val DESC, id ASC`,
    );
    const walked: number[] = [];
    let next: string | undefined = `/api/contrats?${order}&itemsPerPage=100`;
    // Start from a cursor made like the server makes them, after the 1,000th row.
    const [row] = (
      await sql
        .raw<Json>(`SELECT lb_type, date_deb_val, id FROM contract
        ORDER BY lb_type ASC, date_deb_val DESC, id ASC OFFSET 999 LIMIT 1`)
        .execute(server.database.db)
    ).rows;
    const keys = [
      { column: 'contract.lb_type', direction: 'asc' as const },
      { column: 'contract.date_deb_val', direction: 'desc' as const },
      { column: 'contract.id', direction: 'asc' as const },
    ];
    const after = encodeCursor({
      order: orderSignature(keys),
      values: [row.lb_type, row.date_deb_val, row.id],
    });
    next = `/api/contrats?${order}&itemsPerPage=100&after=${after}&page=11`;
    while (next) {
      const { status, body } = await get(next);
      expect(status, next).toBe(200);
      walked.push(...memberIds(body));
      next = body['hydra:view']['hydra:next'] && linkOf(body['hydra:view']['hydra:next']);
      if (next) expect(next).toContain('after=');
    }
    expect(walked).toEqual(expected.slice(1000));
  });

  it('refuses a cursor made for another order, and ignores none silently', async () => {
    const keys = [
      { column: 'contract.date_deb_val', direction: 'desc' as const },
      { column: 'contract.id', direction: 'desc' as const },
    ];
    const after = encodeCursor({ order: orderSignature(keys), values: ['2020-01-01', 5] });
    expect((await get(`/api/contrats?after=${after}`)).status).toBe(200);
    const other = await get(`/api/contrats?order[lbContrat]=asc&after=${after}`);
    expect(other.status).toBe(400);
    expect(other.body.detail).toContain('« after »');
    const wrongValues = encodeCursor({ order: orderSignature(keys), values: [{}, 5] });
    expect((await get(`/api/contrats?after=${wrongValues}`)).status).toBe(400);
  });
});
