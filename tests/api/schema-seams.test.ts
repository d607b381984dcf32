// Seams between what the class declarations (src/domain/schema) drive and what the running
// server actually does: each check compares two places that must agree and fails when one of
// them drifts (a member key the documentation does not name, a column the SPA offers to sort
// that the API refuses, an export header that is not the list's label, an index that no longer
// serves the default contract list).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACT_FILTERS } from '../../src/domain/contract.ts';
import { Contract } from '../../src/domain/schema/contract.ts';
import { CLASSES } from '../../src/domain/schema/index.ts';
import { Insured } from '../../src/domain/schema/insured.ts';
import { type AnyClass, entries, isReadable, sortOf } from '../../src/domain/schema/types.ts';
import { resourceMessages } from '../../src/i18n/resources.fr.ts';
import { fileRows, type Kind, runExport } from './support/exportFiles.ts';
import { CONTRACTS, type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
let docs: Json;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  docs = (await api.get('ageo', '/api/docs.jsonld')).body;
});
afterAll(() => server?.close());

function documented(decl: AnyClass): Json[] {
  const found = (docs['hydra:supportedClass'] as Json[]).find((c) => c['@id'] === `#${decl.name}`);
  expect(found, `${decl.name} is documented`).toBeDefined();
  return found?.['hydra:supportedProperty'] as Json[];
}

/**
 * The lists of classes listed only under a parent: the parent a seed surely fills (the insured
 * person or contract with the most beneficiaries, subscriptions...), found by SQL.
 */
const PER_PARENT: Record<string, () => Promise<string>> = {
  Beneficiary: async () =>
    `/api/insureds/${await busiest('beneficiary', 'insured_id')}/beneficiaires`,
  Subscription: async () =>
    `/api/insureds/${await busiest('subscription', 'insured_id')}/subscriptions`,
  UserImportHistory: async () =>
    `/api/user_import_logs/${await busiest('user_import_history', 'import_log_id')}/user_import_histories`,
  ContractInsured: async () =>
    `/api/insured_with_beneficiaries?contract=${await busiest('subscription', 'contract_id')}`,
};

async function busiest(table: string, parent: string): Promise<number> {
  const [row] = await api.rows<{ id: number }>(
    `SELECT ${parent} AS id FROM ${table} GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  return row.id;
}

/** Where the class's members are listed: its collection, or a parent's list of them. */
async function listOf(decl: AnyClass): Promise<string> {
  if (decl.paths.collection) return decl.paths.collection;
  const parent = PER_PARENT[decl.name];
  expect(parent, `a parent list of ${decl.name} in PER_PARENT`).toBeDefined();
  return parent();
}

const withQuery = (path: string, query: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** Some members of the class, as the operator administrator (who may read every property). */
async function someMembers(decl: AnyClass): Promise<Json[]> {
  const body = await api.list('ageo', withQuery(await listOf(decl), 'itemsPerPage=5'));
  return body['hydra:member'] as Json[];
}

describe.each(CLASSES.map((decl) => [decl.name, decl] as const))('class %s', (_name, decl) => {
  it('sends in its members exactly the properties its documentation names', async () => {
    const properties = documented(decl)
      .filter((p) => p['hydra:readable'])
      .map((p) => p['hydra:title'] as string)
      .sort();
    expect(properties).toEqual(
      entries(decl)
        .filter(([, p]) => isReadable(p))
        .map(([name]) => name)
        .sort(),
    );
    const members = await someMembers(decl);
    expect(members.length, `${decl.name} has members`).toBeGreaterThan(0);
    for (const member of members) {
      const keys = Object.keys(member).filter((k) => !k.startsWith('@'));
      expect(keys.sort(), `${member['@id']}`).toEqual(properties);
    }
  });

  it('accepts every order the SPA may ask, as its hydra:search template says', async () => {
    const path = await listOf(decl);
    const body = await api.list('ageo', withQuery(path, 'itemsPerPage=1'));
    const variables = new Set(
      ((body['hydra:search'] as Json)['hydra:mapping'] as Json[]).map((m) => m.variable as string),
    );
    const asked = [
      ...entries(decl).flatMap(([name, p]) => {
        const sort = sortOf(p);
        return sort ? [sort.as ?? name] : [];
      }),
      ...Object.keys(decl.sorts ?? {}),
    ];
    for (const order of asked) {
      expect(variables.has(`order[${order}]`), `order[${order}] in hydra:search`).toBe(true);
      const sorted = await api.get('ageo', withQuery(path, `order[${order}]=desc`));
      expect(sorted.status, `order[${order}]`).toBe(200);
    }
    expect(variables.has('order[id]')).toBe(true);
  });
});

/**
 * The export of each class that has one (tests/api/support/exportFiles.ts kinds), with the
 * filters that choose it: a contract's insured persons are the insured export of one contract.
 */
const EXPORT_KINDS: Record<
  string,
  { kind: Kind; filters?: () => Promise<Record<string, string>> }
> = {
  contracts: { kind: 'contracts' },
  insureds: { kind: 'insureds' },
  contractInsureds: {
    kind: 'insureds',
    filters: async () => ({ 'contrat.id': String(await api.one(`${CONTRACTS.vendeur} LIMIT 1`)) }),
  },
  contributions: { kind: 'cotisations' },
  cotisations: { kind: 'cotisations' },
};

/** The header row of the class's export (the commissions' is their XLSX download). */
async function exportHeaders(decl: AnyClass): Promise<unknown[][]> {
  if (decl.resource === 'commissions') {
    const response = await fetch(new URL('/api/commissions/download', server.url), {
      headers: { authorization: `Bearer ${await api.token('manager')}` },
    });
    expect(response.status).toBe(200);
    return [(await fileRows('xlsx', response))[0]];
  }
  const sheet = EXPORT_KINDS[decl.resource];
  expect(sheet, `an export kind for ${decl.resource}`).toBeDefined();
  const headers: unknown[][] = [];
  for (const format of ['xlsx', 'csv'] as const) {
    const { download } = await runExport(
      api,
      'vendeur',
      sheet.kind,
      format,
      (await sheet.filters?.()) ?? {},
    );
    headers.push((await fileRows(format, download))[0]);
  }
  return headers;
}

describe.each(
  CLASSES.filter((decl) => decl.exports?.length).map((decl) => [decl.name, decl] as const),
)('the export of %s', (_name, decl) => {
  it("heads its columns with the labels of the SPA's list", async () => {
    const labels = resourceMessages.resources[decl.resource].fields as Record<string, string>;
    const expected = (decl.exports ?? []).map(({ field }) => labels[field]);
    for (const header of await exportHeaders(decl)) expect(header).toEqual(expected);
  });
});

describe('the default contract list and its indexes', () => {
  it('has partial indexes whose predicate is the default filters of the SPA', async () => {
    const indexes = await api.rows<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'contract' AND indexdef LIKE '%WHERE%'",
    );
    const names = indexes.map((i) => i.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'contract_default_scoped',
        'contract_default_brokers',
        'contract_default_end',
        'contract_default_end_desc',
      ]),
    );
    const listOf = (text: string, column: string) =>
      new RegExp(`${column} = ANY \\(ARRAY\\[([\\d, ]+)\\]\\)`)
        .exec(text)?.[1]
        .split(',')
        .map(Number);
    for (const { indexname, indexdef } of indexes.filter((i) =>
      i.indexname.startsWith('contract_default'),
    )) {
      expect(listOf(indexdef, 'state_id'), indexname).toEqual([...DEFAULT_CONTRACT_FILTERS.state]);
      expect(listOf(indexdef, 'contract_type_id'), indexname).toEqual([
        ...DEFAULT_CONTRACT_FILTERS.contractType,
      ]);
      expect(/nbr_insured > 0/.test(indexdef), indexname).toBe(DEFAULT_CONTRACT_FILTERS.nbrInsured);
    }
  });

  it.each([
    ['contract_number', 'contract', Contract.properties.lbContrat.column],
    ['insured_lastname', 'insured', Insured.properties.lastname.column],
  ])(
    'has %s in the order of its sort (the column of the property, then the id)',
    async (name, table, column) => {
      const [index] = await api.rows<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE tablename = '${table}' AND indexname = '${name}'`,
      );
      expect(index?.indexdef).toMatch(
        new RegExp(`\\(${String(column).replace(`${table}.`, '')}, id\\)$`),
      );
    },
  );
});
