// The exports of a contract's screen (spec §5, "Insured and contract exports on per-contract
// screens require a contract id"): the insured persons of one contract (`contrat.id`) and the
// contract itself (`id`), as the contract detail's buttons send them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRows, runExport } from './support/exportFiles.ts';
import { type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(async () => {
  await server?.close();
});

async function contractWithInsured(): Promise<Json> {
  const { body } = await api.get('vendeur', '/api/contrats?itemsPerPage=50&nbrInsured=true');
  const found = (body['hydra:member'] as Json[]).find((c) => c.nbrInsured > 1);
  expect(found).toBeDefined();
  return found as Json;
}

describe('per-contract exports', () => {
  it("exports only that contract's insured persons", async () => {
    const contract = await contractWithInsured();
    const all = await api.get('vendeur', '/api/assures?itemsPerPage=1');
    const mine = await api.get(
      'vendeur',
      `/api/assures?itemsPerPage=100&contrat.id=${contract.id}`,
    );
    expect(mine.status).toBe(200);
    const total = mine.body['hydra:totalItems'];
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(all.body['hydra:totalItems']);
    const names = new Set(
      (mine.body['hydra:member'] as Json[]).map((i) => `${i.lastname}|${i.firstname}`),
    );

    const { message, download } = await runExport(api, 'vendeur', 'insureds', 'csv', {
      'contrat.id': String(contract.id),
    });
    expect(message.rows).toBe(total);
    expect(download.headers.get('content-disposition')).toContain(
      `filename="assures_${contract.id}.csv"`,
    );
    const [head, ...rows] = (await fileRows('csv', download)) as string[][];
    expect(head.slice(0, 2)).toEqual(['Nom', 'Prénom']);
    expect(rows).toHaveLength(total);
    for (const row of rows) expect(names.has(`${row[0]}|${row[1]}`)).toBe(true);
  });

  it('exports the contract itself', async () => {
    const contract = await contractWithInsured();
    const { message, download } = await runExport(api, 'vendeur', 'contracts', 'csv', {
      id: String(contract.id),
    });
    expect(message.rows).toBe(1);
    const [head, row] = (await fileRows('csv', download)) as string[][];
    expect(head[0]).toBe('N° de contrat');
    expect(row[0]).toBe(contract.lbContrat);
  });
});
