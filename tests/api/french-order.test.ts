// Names and labels sort as French readers sort them (migration 028): an accented first letter
// among its letter, not after Z; the product list, the insured persons by first name and the
// customer groups of a filter, as a new-user pass found them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
}, 180_000);
afterAll(() => server?.close());

const french = new Intl.Collator('fr');
/** The first letters without their accents: « É » is an E. */
const initial = (text: string) => text.normalize('NFD').charAt(0).toUpperCase();

describe('French order', () => {
  it('sorts the products by name with « Épargne » among the E', async () => {
    const names = (await api.all('ageo', '/api/products?order[lbProduit]=asc')).map(
      (p) => p.lbProduit as string,
    );
    expect(
      names.some((n) => /^[ÉÈÊ]/.test(n)),
      'an accented name',
    ).toBe(true);
    const initials = names.map(initial);
    expect(initials).toEqual([...initials].sort());
    expect(names).toEqual([...names].sort(french.compare));
  });

  it('sorts the insured persons by first name, both ways, accents among their letter', async () => {
    for (const direction of ['asc', 'desc']) {
      const names = (await api.all('vendeur', `/api/assures?order[firstname]=${direction}`)).map(
        (i) => i.firstname as string,
      );
      expect(
        names.some((n) => /^[ÉÈÊ]/.test(n)),
        'an accented name',
      ).toBe(true);
      // Descending starts with the Z, not with « Évelyne ».
      const initials = names.map(initial);
      const sorted = [...initials].sort();
      expect(initials, direction).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('keeps a keyset page after an accented name in the same order', async () => {
    const all = (await api.all('vendeur', '/api/assures?order[lastname]=asc')).map(
      (i) => i.lastname as string,
    );
    const initials = all.map(initial);
    expect(initials).toEqual([...initials].sort());
  });
});
