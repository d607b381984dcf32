// Lists sorted by a date that may be empty put the empty ones last, newest or oldest first
// (the declarations' emptyLast): a contract without an end, a product never blocked, a
// commission or a benefit not yet paid; PostgreSQL alone puts them first when descending.
// Found by a new-user pass: « Date de fin », newest first, opened on a contract with none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
}, 180_000);
afterAll(() => server?.close());

/** The list, its order's name, and the property it shows the date under. */
const CASES: Array<[string, Account, string, string, string]> = [
  ['contracts by end date', 'vendeur', '/api/contrats', 'dateFinVal', 'dateFinVal'],
  ['products by blocking date', 'ageo', '/api/products', 'dtDatBloque', 'dtDatBloque'],
  ['commissions by payment date', 'manager', '/api/commissions', 'datePayment', 'datePaymentCom'],
  ['benefits by payment date', 'vendeur', '/api/prestations', 'datePayment', 'datePayment'],
];

describe.each(CASES)('%s', (_, user, path, order, field) => {
  it.each(['desc', 'asc'])('%s: every dated row first, then the empty ones', async (direction) => {
    const rows = await api.all(user, `${path}?order[${order}]=${direction}`);
    const dates = rows.map((row: Json) => row[field] as string | null);
    const firstEmpty = dates.indexOf(null);
    // Both kinds are there, or the order would prove nothing.
    expect(firstEmpty, 'an empty date').toBeGreaterThan(0);
    expect(dates.slice(firstEmpty).every((d) => d === null)).toBe(true);
    const dated = dates.slice(0, firstEmpty) as string[];
    const sorted = [...dated].sort();
    expect(dated).toEqual(direction === 'asc' ? sorted : sorted.reverse());
  });
});
