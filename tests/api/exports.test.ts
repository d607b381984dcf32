// Exports of issue 5 over real HTTP, the hub included: each kind in each format as a seller and
// as the operator, the file's rows against the list's hydra:totalItems for the same filters and
// scope, the list's order and French headers, then the rules around files: owner only, unknown
// and malformed ids, bad filters refused before anything is claimed or stored, expiry.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  downloadPath,
  exportPath,
  type Format,
  fileRows,
  type Kind,
  post,
  runExport,
  xlsxFormats,
} from './support/exportFiles.ts';
import { type Account, type Json, ScopedApi } from './support/scopedApi.ts';
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

/** Filters as the SPA sends them (JSON), and the list each kind is read from. */
const CASES: Array<{
  kind: Kind;
  list: string;
  filters: Record<Account, Json>;
  headers: string[];
}> = [
  {
    kind: 'contracts',
    list: '/api/contrats',
    filters: {
      // The contract list's default filters (spec §4).
      vendeur: { state: [1, 2, 4], contractType: [1, 3], nbrInsured: true },
      ageo: { state: [1, 2, 4], contractType: [1, 3], nbrInsured: true },
      partenaire: {},
      manager: {},
    },
    headers: ['N° de contrat', 'Souscripteur', 'Produit'],
  },
  {
    kind: 'insureds',
    list: '/api/assures',
    filters: {
      vendeur: {},
      // The operator's 10,829 insured pass the exact count: narrowed to stay under it.
      ageo: { sex: ['F'], 'dtBirthday[after]': '1970-01-01' },
      partenaire: {},
      manager: {},
    },
    headers: ['Nom', 'Prénom', 'Civilité'],
  },
  {
    kind: 'cotisations',
    list: '/api/cotisations',
    filters: {
      vendeur: { dtDebVal: { after: '2025-01-01' } },
      ageo: { status: ['I'] },
      partenaire: {},
      manager: {},
    },
    headers: ['N° de contrat', 'Produit', 'Souscripteur', 'Destinataire'],
  },
];

async function listTotal(user: Account, list: string, filters: Json): Promise<number> {
  const { status, body } = await api.get(user, `${list}?${qs.stringify(filters)}`);
  expect(status).toBe(200);
  expect(body.totalItemsIsLowerBound ?? false).toBe(false);
  return body['hydra:totalItems'];
}

describe.each(CASES)('export of $kind', ({ kind, list, filters, headers }) => {
  describe.each(['vendeur', 'ageo'] as const)('as %s', (user) => {
    it.each(['xlsx', 'csv'] as Format[])(
      'holds one row per list item, under French headers (%s)',
      async (format) => {
        const total = await listTotal(user, list, filters[user]);
        expect(total).toBeGreaterThan(0);
        const { message, download } = await runExport(api, user, kind, format, filters[user]);
        expect(download.status).toBe(200);
        expect(message.rows).toBe(total);
        const rows = await fileRows(format, download);
        expect(rows[0].slice(0, headers.length)).toEqual(headers);
        expect(rows.length - 1).toBe(total);
      },
    );
  });
});

describe('file contents', () => {
  it("lists the seller's contracts in the list's order, with the screen's values", async () => {
    const filters = { state: [1, 2, 4], contractType: [1, 3], nbrInsured: true };
    const members = await api.all('vendeur', `/api/contrats?${qs.stringify(filters)}`);
    const { download } = await runExport(api, 'vendeur', 'contracts', 'csv', filters);
    const [header, ...rows] = await fileRows('csv', download);
    expect(rows.map((r) => r[0])).toEqual(members.map((m) => m.lbContrat));
    const first = members[0];
    const cell = (name: string) => rows[0][header.indexOf(name)];
    expect(cell('Souscripteur')).toBe(first.lbSouscrip);
    expect(cell('Type')).toBe(first.type);
    expect(cell('Risque')).toBe(first.risk);
    // DD/MM/YY, as the contract list shows its dates (spec §3).
    const [y, m, d] = String(first.dateDebVal).split('-');
    expect(cell('Date de début')).toBe(`${d}/${m}/${y.slice(2)}`);
    expect(cell('Assurés actifs')).toBe(String(first.nbrInsured));
    // The file reads names as text (a leaner query than the list's): the same names.
    const set = (text: string) => new Set(text ? text.split(', ') : []);
    for (const [i, member] of members.entries()) {
      const row = rows[i];
      expect(set(String(row[header.indexOf('Compagnies')]))).toEqual(
        new Set(member.insuranceCompanies.map((o: Json) => o.legalname)),
      );
      expect(set(String(row[header.indexOf('Vendeurs')]))).toEqual(
        new Set(member.sellers.map((b: Json) => `${b.firstname} ${b.lastname}`)),
      );
      expect(row[header.indexOf('État')]).toBe(member.state.label);
    }
  });

  it.each([
    ['the subscriber', 'lbSouscrip', 'asc'],
    // A column that may be empty: no keyset follows it, the file still does.
    ['the end date, newest first', 'dateFinVal', 'desc'],
  ])('follows the order the list is shown in: %s', async (_, field, direction) => {
    const filters = { state: [1, 2, 4], contractType: [1, 3], [`order[${field}]`]: direction };
    const members = await api.all('vendeur', `/api/contrats?${qs.stringify(filters)}`);
    const defaults = await api.all(
      'vendeur',
      `/api/contrats?${qs.stringify({ state: [1, 2, 4], contractType: [1, 3] })}`,
    );
    const numbers = members.map((m) => m.lbContrat);
    // Not the default order by chance: the test would prove nothing.
    expect(numbers).not.toEqual(defaults.map((m) => m.lbContrat));
    for (const format of ['csv', 'xlsx'] as Format[]) {
      const { download } = await runExport(api, 'vendeur', 'contracts', format, filters);
      const [, ...rows] = await fileRows(format, download);
      expect(
        rows.map((r) => r[0]),
        format,
      ).toEqual(numbers);
    }
  });

  it('writes XLSX dates as dates and amounts as numbers; CSV amounts with a decimal comma', async () => {
    const filters = { status: ['P'] };
    const members = await api.all('vendeur', `/api/cotisations?${qs.stringify(filters)}`);
    const first = members[0];
    const xlsx = await fileRows(
      'xlsx',
      (await runExport(api, 'vendeur', 'cotisations', 'xlsx', filters)).download,
    );
    const csv = await fileRows(
      'csv',
      (await runExport(api, 'vendeur', 'cotisations', 'csv', filters)).download,
    );
    const at = (rows: unknown[][], name: string) => rows[1][rows[0].indexOf(name)];
    expect(at(xlsx, 'Montant')).toBe(first.numMontant);
    expect(at(xlsx, 'Début')).toEqual(new Date(`${first.dtDebVal}T00:00:00Z`));
    expect(at(csv, 'Montant')).toBe(first.numMontant.toFixed(2).replace('.', ','));
    expect(at(csv, 'Reste à payer')).toBe(first.remaining.toFixed(2).replace('.', ','));
    expect(at(csv, 'Statut')).toBe('Payé');
  });

  it("gives every XLSX cell its column's number format, on every row", async () => {
    // The writer hands exceljs one style object per column (server/src/exports/writers.ts):
    // every row, not only the first, must still read as the column's kind.
    const contracts = await runExport(api, 'vendeur', 'contracts', 'xlsx');
    const contractFormats = await xlsxFormats(await contracts.download.arrayBuffer());
    expect(contracts.message.rows).toBeGreaterThan(50);
    expect(contractFormats.get('Date de début')).toEqual(new Set(['dd/mm/yy']));
    expect(contractFormats.get('Date de fin')).toEqual(new Set(['dd/mm/yy']));
    expect(contractFormats.get('Souscripteur')).toEqual(new Set(['General']));
    expect(contractFormats.get('Assurés actifs')).toEqual(new Set(['General']));
    const premiums = await runExport(api, 'vendeur', 'cotisations', 'xlsx');
    const premiumFormats = await xlsxFormats(await premiums.download.arrayBuffer());
    expect(premiumFormats.get('Montant')).toEqual(new Set(['#,##0.00']));
    expect(premiumFormats.get('Échéance')).toEqual(new Set(['dd/mm/yy']));
  });

  it('names the file as asked (RFC 5987 for accents), or by default (spec §5)', async () => {
    const named = await runExport(api, 'vendeur', 'insureds', 'xlsx', {}, 'assurés_12');
    expect(named.download.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(named.download.headers.get('content-disposition')).toBe(
      `attachment; filename="assures_12.xlsx"; filename*=UTF-8''assur%C3%A9s_12.xlsx`,
    );
    const contract = (await api.get('vendeur', '/api/contrats?itemsPerPage=1')).body[
      'hydra:member'
    ][0];
    const byContract = await runExport(api, 'vendeur', 'insureds', 'csv', {
      'contrat.id': contract.id,
    });
    expect(byContract.download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(byContract.download.headers.get('content-disposition')).toContain(
      `filename="assures_${contract.id}.csv"`,
    );
    const premiums = await runExport(api, 'vendeur', 'cotisations', 'csv', {});
    expect(premiums.download.headers.get('content-disposition')).toContain(
      `filename="cotisations_${premiums.id}.csv"`,
    );
  });
});

describe('files and their owners', () => {
  it('serves a file to its owner only: another user, the other format, an unknown id get 404', async () => {
    const { id } = await runExport(api, 'vendeur', 'contracts', 'xlsx', {});
    expect((await post(api, 'vendeur', downloadPath('xlsx', id), {})).status).toBe(200);
    const other = await post(api, 'manager', downloadPath('xlsx', id), {});
    expect(other.status).toBe(404);
    expect((await other.json()).detail).toBe('Ce fichier est introuvable.');
    expect((await post(api, 'vendeur', downloadPath('csv', id), {})).status).toBe(404);
    expect((await post(api, 'vendeur', downloadPath('xlsx', randomUUID()), {})).status).toBe(404);
    const malformed = await post(api, 'vendeur', '/api/downloads/excel?id=12', {});
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).detail).toContain('« id »');
    expect((await post(api, undefined, downloadPath('xlsx', id), {})).status).toBe(401);
  });

  it('refuses a uuid another user has claimed', async () => {
    const { id } = await runExport(api, 'vendeur', 'contracts', 'csv', {});
    const taken = await post(api, 'manager', exportPath('contracts', 'csv'), { uuid: id });
    expect(taken.status).toBe(409);
  });

  it('refuses a bad filter with a 400 naming it, and changes nothing', async () => {
    const uuid = randomUUID();
    const bad = await post(api, 'vendeur', exportPath('contracts', 'xlsx'), { uuid, state: 'abc' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toContain('« state »');
    const order = await post(api, 'vendeur', '/api/export/insuredsCsv', {
      uuid,
      order: { nothing: 'asc' },
    });
    expect(order.status).toBe(400);
    expect((await order.json()).detail).toContain('« order[nothing] »');
    const noUuid = await post(api, 'vendeur', exportPath('cotisations', 'xlsx'), { status: ['P'] });
    expect(noUuid.status).toBe(400);
    expect((await noUuid.json()).detail).toContain('« uuid »');
    const stored = await sql<{ n: number }>`SELECT
      (SELECT count(*) FROM export_file WHERE id = ${uuid}::uuid)::int
      + (SELECT count(*) FROM hub_topic_claim WHERE topic = ${`command/${uuid}`})::int AS n`.execute(
      server.database.db,
    );
    expect(stored.rows[0].n).toBe(0);
    // Nothing was claimed: another user may still use the uuid.
    const fine = await post(api, 'manager', exportPath('contracts', 'xlsx'), { uuid });
    expect(fine.status).toBe(202);
  });

  it('needs the seller profile and a token', async () => {
    const body = { uuid: randomUUID() };
    expect((await post(api, undefined, exportPath('contracts', 'xlsx'), body)).status).toBe(401);
  });

  it('answers 410 for an expired file, and forgets expired files at the next export', async () => {
    const { id } = await runExport(api, 'vendeur', 'contracts', 'csv', {});
    await sql`UPDATE export_file SET expires_at = now() - interval '1 minute' WHERE id = ${id}::uuid`.execute(
      server.database.db,
    );
    const expired = await post(api, 'vendeur', downloadPath('csv', id), {});
    expect(expired.status).toBe(410);
    expect((await expired.json()).detail).toContain('expiré');
    await runExport(api, 'vendeur', 'contracts', 'csv', {});
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM export_chunk
      WHERE export_id = ${id}::uuid`.execute(server.database.db);
    expect(left.rows[0].n).toBe(0);
    expect((await post(api, 'vendeur', downloadPath('csv', id), {})).status).toBe(404);
  });
});

describe('the commissions download', () => {
  it('streams the commissions in scope as XLSX, same filters as the list', async () => {
    const filters = { year: ['2024'] };
    const total = await listTotal('ageo', '/api/commissions', filters);
    const response = await fetch(
      new URL(`/api/commissions/download?${qs.stringify(filters)}`, server.url),
      { headers: { authorization: `Bearer ${await api.token('ageo')}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="commissions_/);
    const rows = await fileRows('xlsx', response);
    expect(rows[0].slice(0, 3)).toEqual(['N° de contrat', 'Souscripteur', 'Apporteur']);
    expect(rows.length - 1).toBe(total);
  });

  it('is refused without VIEW_COMMISSIONS (403) and names a bad filter (400)', async () => {
    const path = '/api/commissions/download';
    expect((await api.get('vendeur', path)).status).toBe(403);
    const bad = await api.get('ageo', `${path}?year=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('« year »');
  });
});

describe('formula injection', () => {
  // The seed has no formulas: a subscriber and insured persons of the seller get some.
  const FORMULAS = ['=HYPERLINK("http://exemple.test","clic")', '+33 6 12', '-1+2', '@SUM(A1)'];

  it('neutralises every text cell starting with =, +, -, @, a tab or a carriage return', async () => {
    const db = server.database.db;
    const [contract] = (await api.get('vendeur', '/api/contrats?itemsPerPage=1')).body[
      'hydra:member'
    ];
    await sql`UPDATE customer SET legalname = ${FORMULAS[0]} WHERE id = ${contract.idSouscrip}`.execute(
      db,
    );
    const insured = (await api.get('vendeur', '/api/assures?itemsPerPage=4&order[id]=asc')).body[
      'hydra:member'
    ] as Json[];
    const names = [...FORMULAS.slice(1), '\tTab'];
    for (const [i, person] of insured.entries()) {
      await sql`UPDATE insured SET lastname = ${names[i]}, firstname = ${'\rRetour'}
        WHERE id = ${person.id}`.execute(db);
    }

    for (const format of ['xlsx', 'csv'] as Format[]) {
      const contracts = await fileRows(
        format,
        (await runExport(api, 'vendeur', 'contracts', format, { id: contract.id })).download,
      );
      expect(contracts[1][1]).toBe(`'${FORMULAS[0]}`);

      const people = await fileRows(
        format,
        (await runExport(api, 'vendeur', 'insureds', format, { order: { id: 'asc' } })).download,
      );
      const lastnames = people.slice(1, 5).map((row) => row[0]);
      expect(lastnames).toEqual(names.map((n) => `'${n}`));
      // XML turns a lone carriage return into a line feed on reading: the quote is what counts.
      const cr = format === 'xlsx' ? '\n' : '\r';
      for (const row of people.slice(1, 5)) expect(row[1]).toBe(`'${cr}Retour`);
    }
  });

  it('keeps a carriage return inside its quoted cell, and neutralises after blanks and full-width signs', async () => {
    // Issue 18 point 6: '\r=1+1' was written unquoted, so a reader ending a row at a bare CR
    // (as spreadsheets do) saw a new row starting with =1+1.
    const db = server.database.db;
    const [person] = (await api.get('vendeur', '/api/assures?itemsPerPage=1&order[id]=desc')).body[
      'hydra:member'
    ] as Json[];
    await sql`UPDATE insured SET lastname = ${'\r=1+1'}, firstname = ${'\u00a0\uff1d1+1'}
      WHERE id = ${person.id}`.execute(db);
    const { download } = await runExport(api, 'vendeur', 'insureds', 'csv', { id: person.id });
    const text = Buffer.from(await download.arrayBuffer()).toString('utf8');
    expect(text).toContain(`"'\r=1+1";'\u00a0\uff1d1+1;`);
    const formula = /^[\s\u200b]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
    // The file as a spreadsheet reads it: a row ends at any CR or LF outside quotes.
    const rows: string[][] = parse(text, {
      bom: true,
      delimiter: ';',
      record_delimiter: ['\r\n', '\r', '\n'],
      relax_column_count: true,
    });
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 2)).toEqual(["'\r=1+1", "'\u00a0\uff1d1+1"]);
    for (const cell of rows.flat()) expect(cell).not.toMatch(formula);
  });
});
