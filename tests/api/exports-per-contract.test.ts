// The exports of a contract's screen (spec §5, "Insured and contract exports on per-contract
// screens require a contract id"): the insured persons of one contract (`contrat.id`) and the
// contract itself (`id`), as the contract detail's buttons send them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRows, runExport } from './support/exportFiles.ts';
import { CONTRACTS, type Json, ScopedApi } from './support/scopedApi.ts';
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
  it("exports that contract's insured persons as its Assurés tab lists them, with that contract's dates", async () => {
    const contract = await contractWithInsured();
    // The tab: /api/insured_with_beneficiaries?contract=, newest affiliation first.
    const tab = await api.get(
      'vendeur',
      `/api/insured_with_beneficiaries?itemsPerPage=100&contract=${contract.id}&order[startAt]=desc`,
    );
    expect(tab.status).toBe(200);
    const lines = tab.body['hydra:member'] as Json[];
    expect(lines.length).toBeGreaterThan(1);

    const { message, download } = await runExport(api, 'vendeur', 'insureds', 'csv', {
      'contrat.id': String(contract.id),
      'order[startAt]': 'desc',
    });
    expect(message.rows).toBe(lines.length);
    expect(download.headers.get('content-disposition')).toContain(
      `filename="assures_${contract.id}.csv"`,
    );
    const [head, ...rows] = (await fileRows('csv', download)) as string[][];
    expect(head).toEqual([
      'Assuré',
      'Date de naissance',
      'Sexe',
      'N° de sécurité sociale',
      'Début',
      'Fin',
      'Ayants droit',
    ]);
    // The same persons in the same order, each with the dates of its affiliation to this
    // contract (DD/MM/YYYY, '-' for none), not those of another of its contracts.
    const frenchDate = (iso: unknown) =>
      typeof iso === 'string' ? iso.slice(0, 10).split('-').reverse().join('/') : '-';
    expect(rows.map((r) => [r[0], r[4], r[5]])).toEqual(
      lines.map((l) => [l.assure, frenchDate(l.startAt), frenchDate(l.endAt)]),
    );
    // Outside the seller's scope, the contract is unknown: 404, no file.
    const other = await api.one(`SELECT id FROM contract EXCEPT ${CONTRACTS.vendeur} LIMIT 1`);
    const refused = await api.send('vendeur', 'POST', '/api/export/insuredsCsv', {
      uuid: crypto.randomUUID(),
      'contrat.id': other,
    });
    expect(refused.status).toBe(404);
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
