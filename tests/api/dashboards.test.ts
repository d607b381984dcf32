// The operator's dashboards (issue 14; server/src/resources/dashboards) over real HTTP and the
// real database: figures that agree with the rows they count, days that end today (Paris
// time), a sign-in that counts, and nobody but the operator administrator served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

const parisDay = (at: number) =>
  new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris' }).format(new Date(at));

describe('the admin dashboard', () => {
  it('counts users by profile and partner as the rows say, and the sign-ins of 30 days', async () => {
    const before = Date.now();
    const { status, body } = await api.get('ageo', '/api/dashboards/admin');
    const after = Date.now();
    expect(status).toBe(200);
    expect(body.users).toBe(await api.count('SELECT 1 FROM app_user'));
    const sum = (list: Json[]) => list.reduce((total, item) => total + item.count, 0);
    expect(sum(body.usersByProfile)).toBe(body.users);
    const sellers = await api.count(
      `SELECT 1 FROM app_user JOIN profile_realm pr ON pr.id = app_user.profile_realm_id
       JOIN profile ON profile.id = pr.profile_id WHERE profile.name = 'Vendeur'`,
    );
    expect(body.usersByProfile).toContainEqual({ label: 'Vendeur', count: sellers });
    expect(body.usersByPartner.length).toBeLessThanOrEqual(10);

    expect(body.signIns).toHaveLength(30);
    expect(body.exports).toHaveLength(14);
    const today = body.signIns.at(-1).day;
    expect([parisDay(before), parisDay(after)]).toContain(today);
    // The token above was a sign-in through the embedded provider: today counts it.
    expect(body.signIns.at(-1).count).toBeGreaterThanOrEqual(1);
    expect(sum(body.signIns)).toBe(await api.count('SELECT 1 FROM sign_in'));
  });
});

describe('the wholesalers dashboard', () => {
  it('gives each wholesaler its contracts, premiums and commissions, adding up to the whole', async () => {
    const { status, body } = await api.get('ageo', '/api/dashboards/wholesalers');
    expect(status).toBe(200);
    const rows = body.wholesalers as Json[];
    expect(rows.map((w) => w.label).sort()).toEqual(
      (await api.rows<{ name: string }>('SELECT name FROM supplier')).map((s) => s.name).sort(),
    );
    const total = (key: string) => rows.reduce((sum, w) => sum + w[key], 0);
    expect(total('contracts')).toBe(await api.count('SELECT 1 FROM contract'));
    expect(total('products')).toBe(await api.count('SELECT 1 FROM product'));
    const [sums] = await api.rows<{ premiums: string; commissions: string }>(
      `SELECT (SELECT sum(num_total_cot) FROM premium)::numeric(14, 2)::text AS premiums,
              (SELECT sum(amound_paid) FROM commission)::numeric(14, 2)::text AS commissions`,
    );
    expect(total('premiums')).toBeCloseTo(Number(sums.premiums), 0);
    expect(total('commissions')).toBeCloseTo(Number(sums.commissions), 0);
    // Sorted by contracts, most first.
    const contracts = rows.map((w) => w.contracts);
    expect(contracts).toEqual([...contracts].sort((a, b) => b - a));
  });

  it('is the operator administrator’s only', async () => {
    for (const user of ['partenaire', 'manager', 'vendeur'] as const) {
      for (const path of ['/api/dashboards/admin', '/api/dashboards/wholesalers']) {
        expect((await api.get(user, path)).status, `${user} ${path}`).toBe(403);
      }
    }
  });
});
