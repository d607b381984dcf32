// List pages kept a few seconds per user (server/src/resources/framework/pageCache.ts), with a
// lifetime long enough here (60 s) that only an invalidation can explain a fresh page: a change
// written straight into a table without a trigger (a product's label) shows what is kept.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_SECONDS: '60' });
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

const PAGE = '/api/contrats?order[dateDebVal]=desc&itemsPerPage=5';
const run = (query: ReturnType<typeof sql>) => query.execute(server.database.db);

/** The first contract of the page and its product's label, as the list shows them. */
async function firstProduct(path = PAGE): Promise<{ product: number; label: string }> {
  const member = (await api.list('ageo', path))['hydra:member'][0] as Json;
  return { product: member.product.id, label: member.lbProduit };
}

let relabel = 0;
/** Renames a product without any notification (product has no trigger); the new label. */
async function renameSilently(product: number): Promise<string> {
  relabel += 1;
  const label = `Produit renommé ${relabel}`;
  await run(sql`UPDATE product SET lb_produit = ${label} WHERE id = ${product}`);
  return label;
}

describe('a list page kept for its user', () => {
  it('is answered again from memory, byte for byte, until the data changes', async () => {
    const first = await api.get('ageo', PAGE);
    const { product, label } = await firstProduct();
    await renameSilently(product);
    const again = await api.get('ageo', PAGE);
    expect(again.body).toEqual(first.body);
    expect((await firstProduct()).label).toBe(label);
    // Another address is another page: read from the database.
    expect((await firstProduct(`${PAGE}&page=1`)).label).toMatch(/^Produit renommé/);
  });

  it('is never another user’s page: the same address in another scope', async () => {
    const operator = await api.list('ageo', PAGE);
    const seller = await api.list('vendeur', PAGE);
    expect(seller['hydra:totalItems']).toBeLessThan(operator['hydra:totalItems']);
    const [vendeur] = await api.rows<{ id: number }>(
      "SELECT id FROM app_user WHERE username = 'vendeur'",
    );
    for (const member of seller['hydra:member'] as Json[]) {
      expect(member.sellers.map((s: Json) => s.id)).toContain(Number(vendeur.id));
    }
  });

  it('is dropped when the database announces a change (a trigger’s notification)', async () => {
    await firstProduct(); // kept
    const { product } = await firstProduct();
    const label = await renameSilently(product);
    expect((await firstProduct()).label).not.toBe(label);
    // Any statement on a followed table notifies, even one that changes no value.
    await run(
      sql`UPDATE contract SET lb_contrat = lb_contrat WHERE id = (SELECT min(id) FROM contract)`,
    );
    await expect
      .poll(async () => (await firstProduct()).label, { timeout: 5_000, interval: 100 })
      .toBe(label);
  });

  it('is dropped by a write the server answers, and kept through a refused one', async () => {
    const { product } = await firstProduct();
    const label = await renameSilently(product);
    const post = (body: unknown) =>
      api.token('ageo').then((token) =>
        fetch(new URL('/api/brokers', server.url), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/ld+json' },
          body: JSON.stringify(body),
        }),
      );
    expect((await post({ username: '' })).status).toBe(422);
    expect((await firstProduct()).label).not.toBe(label);

    const [partner] = await api.rows<{ id: number }>(
      "SELECT partner_id AS id FROM app_user WHERE username = 'partenaire'",
    );
    const created = await post({
      username: 'cache.vendeur',
      email: 'cache.vendeur@horizon-courtage.fr',
      enabled: true,
      sellerCode: 'NVCACHE1',
      employee: {
        civility: 1,
        firstname: 'Claire',
        lastname: 'Cache',
        organization: `/api/organizations/${partner.id}`,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect((await firstProduct()).label).toBe(label);
  });
});
