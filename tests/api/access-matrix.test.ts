// The object-access matrix of issue 18, generated from the class declarations
// (src/domain/schema): every declared class's lists and items x every demo account, compared
// with the data scope computed directly in SQL (support/idorScope.ts, from the source
// relations, not the server's code); every write a role does not open; then the parts no class
// declares: exports and their downloads, the carte TP, user imports and hub topics.
//
// A class added to CLASSES fails "every class has a rule" until it says how its rows are
// scoped, so a new resource cannot reach the API untested. The hand-written IDOR tests
// (idor-items, idor-lists) keep the per-parent lists and the older paths.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAnyRole } from '../../src/domain/roles.ts';
import { CLASSES } from '../../src/domain/schema/index.ts';
import type { AnyClass } from '../../src/domain/schema/types.ts';
import {
  ACCOUNTS,
  type Account,
  type Entity,
  idsInScope,
  pickIds,
  rolesOf,
  type SqlScope,
  scopesOf,
} from './support/idorScope.ts';
import { type Answer, type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** How a class's rows are kept to an account. */
type Rule =
  /** The rows of an entity of support/idorScope.ts (the scope rule of docs/security.md). */
  | { entity: Entity; table: string }
  /** Rows selected by SQL for the scope (SELECT id ...). */
  | { rows: (scope: SqlScope) => string; table: string }
  /** The same rows for everyone its roles let in (reference data), and why. */
  | { shared: string };

const scopedBy = (entity: Entity, table: string = entity): Rule => ({ entity, table });
const USERS = (scope: SqlScope) =>
  scope.kind === 'all'
    ? 'SELECT id FROM app_user'
    : scope.kind === 'partner'
      ? `SELECT id FROM app_user WHERE partner_id = ${scope.partnerId}`
      : 'SELECT id FROM app_user WHERE false';
/** Accounts of a user type (3 managers, 4 sellers) inside the scope: the seller lists. */
const usersOfType = (entity: Entity, type: number) => (scope: SqlScope) =>
  `SELECT id FROM app_user WHERE user_type = ${type} AND id IN (${idsInScope(entity, scope)})`;
const IMPORTS = (scope: SqlScope) =>
  scope.kind === 'all'
    ? 'SELECT id FROM user_import_log'
    : scope.kind === 'partner'
      ? `SELECT id FROM user_import_log WHERE partner_id = ${scope.partnerId}`
      : 'SELECT id FROM user_import_log WHERE false';
const IMPORT_ROWS = (scope: SqlScope) =>
  `SELECT id FROM user_import_history WHERE import_log_id IN (${IMPORTS(scope)})`;

const REFERENCE = 'reference data: read by every signed-in user its roles let in';
const RIGHTS = 'the rights tree, edited by operator administrators';

const RULES: Record<string, Rule> = {
  Contract: scopedBy('contract'),
  Customer: scopedBy('customer'),
  Insured: scopedBy('insured'),
  ContractInsured: scopedBy('insured'),
  Beneficiary: scopedBy('beneficiary'),
  Subscription: scopedBy('subscription'),
  Premium: scopedBy('premium'),
  Benefit: scopedBy('benefit'),
  Commission: scopedBy('commission'),
  Broker: { rows: usersOfType('broker', 4), table: 'app_user' },
  Supervisor: { rows: usersOfType('supervisor', 3), table: 'app_user' },
  User: { rows: USERS, table: 'app_user' },
  UserImportLog: { rows: IMPORTS, table: 'user_import_log' },
  UserImportHistory: { rows: IMPORT_ROWS, table: 'user_import_history' },
  CommissionSummary: { shared: 'sums of the commissions in scope, by year: no row of its own' },
  Product: { shared: REFERENCE },
  ContractState: { shared: REFERENCE },
  ContractType: { shared: REFERENCE },
  ContractCategory: { shared: REFERENCE },
  CustomerGroup: { shared: REFERENCE },
  Pole: { shared: REFERENCE },
  InsuranceCompany: { shared: REFERENCE },
  BusinessProvider: { shared: REFERENCE },
  Organization: { shared: REFERENCE },
  Menu: { shared: REFERENCE },
  Supplier: { shared: REFERENCE },
  Realm: { shared: RIGHTS },
  RoleTheme: { shared: RIGHTS },
  UserType: { shared: RIGHTS },
  Profile: { shared: RIGHTS },
  ProfileRealm: { shared: RIGHTS },
  Role: { shared: RIGHTS },
  RightsChange: { shared: 'the history of rights changes, for operator administrators' },
  AccessGroup: { shared: 'partner access groups, for whoever manages users' },
  AuditEvent: { shared: 'the audit trail, for operator administrators only' },
};

const UNKNOWN_ID = 2_000_000_000;

let server: TestServer;
let api: ScopedApi;
let scopes: Map<Account, SqlScope>;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  scopes = await scopesOf(server.database.db);
}, 60_000);
afterAll(() => server?.close());

const may = (account: Account, roles: readonly string[] | undefined) =>
  !roles || hasAnyRole(rolesOf(account), roles);
const itemBase = (decl: AnyClass): string => decl.paths.item ?? decl.paths.collection ?? '';
const servesItem = (decl: AnyClass): boolean =>
  // The framework records each item route it registers (server/src/hydra/registry.ts).
  (server.app as unknown as { hydra: { itemMethods(name: string): string[] } }).hydra
    .itemMethods(decl.name)
    .includes('GET');

function expectStatus(answer: Answer, status: number, what: string): void {
  const detail = `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`;
  expect(answer.status, detail).toBe(status);
  if (status >= 400) expect(answer.type, detail).toMatch(/^application\/problem\+json/);
}

/** The ids the rule lets the account see, or undefined for shared rows. */
function scopedRows(rule: Rule, scope: SqlScope): string | undefined {
  if ('entity' in rule) return idsInScope(rule.entity, scope);
  if ('rows' in rule) return rule.rows(scope);
  return undefined;
}

describe('the access matrix is generated from the declarations', () => {
  it('every declared class has a rule, and no rule names a class that is gone', () => {
    const declared = CLASSES.map((c) => c.name);
    expect(declared.filter((name) => !RULES[name])).toEqual([]);
    const optional = new Set(['AuditEvent']);
    expect(
      Object.keys(RULES).filter((name) => !declared.includes(name) && !optional.has(name)),
    ).toEqual([]);
  });
});

describe.each(ACCOUNTS)('reads as %s', (account) => {
  it.each(CLASSES.map((c) => [c.name, c] as const))('%s', async (_name, decl) => {
    const rule = RULES[decl.name];
    const scope = scopes.get(account) as SqlScope;
    const allowed = may(account, decl.access.read);
    const rows = scopedRows(rule, scope);

    for (const path of [decl.paths.collection, ...(decl.paths.also ?? [])]) {
      if (!path) continue;
      const answer = await api.get(account, `${path}?itemsPerPage=100`);
      if (!allowed) {
        expectStatus(answer, 403, `${account} GET ${path}`);
        continue;
      }
      expectStatus(answer, 200, `${account} GET ${path}`);
      if (!rows || !('table' in rule)) continue;
      const inScope = new Set(await api.ids(rows));
      const listed: number[] = answer.body['hydra:member'].map((m: Json) => Number(m.id));
      expect(
        listed.filter((id) => !inScope.has(id)),
        `${account} GET ${path}: rows outside the scope`,
      ).toEqual([]);
      if (!answer.body.totalItemsIsLowerBound) {
        expect(answer.body['hydra:totalItems'], `${account} GET ${path}: total`).toBe(inScope.size);
      }
    }

    if (!servesItem(decl)) return;
    const base = itemBase(decl);
    if (!allowed) {
      expectStatus(await api.get(account, `${base}/${UNKNOWN_ID}`), 403, `${account} ${base}`);
      return;
    }
    expectStatus(await api.get(account, `${base}/${UNKNOWN_ID}`), 404, `${account} unknown id`);
    if (!rows || !('table' in rule)) {
      // Shared rows: the first one the account's list shows opens.
      const list = decl.paths.collection ? await api.list(account, decl.paths.collection) : {};
      const first = list['hydra:member']?.[0]?.id;
      if (first !== undefined) {
        expectStatus(await api.get(account, `${base}/${first}`), 200, `${account} ${base}`);
      }
      return;
    }
    const pick =
      'entity' in rule
        ? await pickIds(server.database.db, rule.entity, scope)
        : {
            inside: (await api.ids(`${rows} ORDER BY id LIMIT 1`))[0],
            outside: (
              await api.ids(
                `SELECT id FROM ${rule.table} WHERE id NOT IN (${rows}) ORDER BY id LIMIT 1`,
              )
            )[0],
          };
    if (pick.outside !== undefined) {
      expectStatus(
        await api.get(account, `${base}/${pick.outside}`),
        404,
        `${account} GET ${base}/${pick.outside} (outside the scope)`,
      );
    }
    if (pick.inside !== undefined) {
      const answer = await api.get(account, `${base}/${pick.inside}`);
      expectStatus(answer, 200, `${account} GET ${base}/${pick.inside} (inside the scope)`);
      expect(Number(answer.body.id)).toBe(pick.inside);
    }
  });
});

/** The table a shared class reads its ids from (its declaration's, else its id column's). */
function tableOf(decl: AnyClass): string {
  if (decl.table) return decl.table;
  const column = (decl.properties as Record<string, { column?: string }>).id?.column;
  return column ? column.split('.')[0] : 'no_table';
}

describe.each(ACCOUNTS)('writes refused to %s', (account) => {
  const writable = CLASSES.filter((c) => c.access.create || c.access.update || c.access.delete);
  it.each(writable.map((c) => [c.name, c] as const))('%s', async (_name, decl) => {
    const table = tableOf(decl);
    const before = await api.rows(`SELECT * FROM ${table} ORDER BY id`);
    const base = itemBase(decl);
    const [id] = await api.ids(`SELECT id FROM ${table} ORDER BY id LIMIT 1`);
    const attempts: Array<[string, string, unknown, readonly string[] | undefined]> = [
      ['POST', decl.paths.create ?? decl.paths.collection ?? base, {}, decl.access.create],
      ['PATCH', `${base}/${id}`, {}, decl.access.update],
      ['PUT', `${base}/${id}`, {}, decl.access.update],
      ['DELETE', `${base}/${id}`, undefined, decl.access.delete],
    ];
    for (const [method, path, body, roles] of attempts) {
      if (!roles || may(account, roles)) continue;
      const headers: Record<string, string> =
        method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {};
      const answer = await api.send(account, method, path, body, headers);
      expect([403, 404], `${account} ${method} ${path}: ${answer.status}`).toContain(answer.status);
      expect(answer.type).toMatch(/^application\/problem\+json/);
    }
    expect(await api.rows(`SELECT * FROM ${table} ORDER BY id`), `${table} unchanged`).toEqual(
      before,
    );
  });
});

/** A CSV export started as the account, its file once made (poll: 409 while it is made). */
async function exportCsv(account: Account, kind: string): Promise<{ uuid: string; text: string }> {
  const uuid = randomUUID();
  const started = await api.send(
    account,
    'POST',
    `/api/export/${kind}Csv`,
    { uuid },
    { 'content-type': 'application/json' },
  );
  expect(started.status, `${account} export ${kind}: ${JSON.stringify(started.body)}`).toBe(202);
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await download(account, uuid);
    if (response.status !== 409) {
      expect(response.status, `${account} download ${kind}`).toBe(200);
      return { uuid, text: await response.text() };
    }
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${kind} export of ${account} never ended`);
}

async function download(account: Account, uuid: string): Promise<Response> {
  return fetch(new URL(`/api/downloads/csv?id=${uuid}`, server.url), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await api.token(account)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: '' }),
  });
}

const EXPORTS: Array<[string, Entity]> = [
  ['contracts', 'contract'],
  ['insureds', 'insured'],
  ['cotisations', 'premium'],
];

describe('exports and downloads', () => {
  it.each(EXPORTS)(
    'an export of %s holds the account scope, and no one else downloads it',
    async (kind, entity) => {
      for (const account of ACCOUNTS) {
        const { uuid, text } = await exportCsv(account, kind);
        const lines = text.split('\r\n').filter(Boolean).length - 1;
        const scope = scopes.get(account) as SqlScope;
        expect(lines, `${account}: ${kind} rows`).toBe(await api.count(idsInScope(entity, scope)));
        for (const other of ACCOUNTS.filter((a) => a !== account)) {
          const refused = await download(other, uuid);
          expect(refused.status, `${other} downloads ${account}'s ${kind}`).toBe(404);
          expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          await refused.arrayBuffer();
        }
      }
    },
    180_000,
  );
});

describe.each(ACCOUNTS)('carte TP as %s', (account) => {
  it('the cards of an insured person inside the scope only', async () => {
    const scope = scopes.get(account) as SqlScope;
    const withCard = (where: string) =>
      api.ids(`SELECT DISTINCT insured_id AS id FROM carte_tp WHERE ${where} ORDER BY id LIMIT 1`);
    const [inside] = await withCard(`insured_id IN (${idsInScope('insured', scope)})`);
    const [outside] = await withCard(`insured_id NOT IN (${idsInScope('insured', scope)})`);
    expect(inside, `${account}: an insured person with a card in scope`).toBeDefined();
    for (const suffix of ['availables_carte_tp', 'download_carte_tp']) {
      const ok = await fetch(new URL(`/api/assures/${inside}/${suffix}`, server.url), {
        headers: { authorization: `Bearer ${await api.token(account)}` },
      });
      expect(ok.status, `${account} ${suffix} inside`).toBe(200);
      await ok.arrayBuffer();
      if (outside === undefined) continue;
      const refused = await api.get(account, `/api/assures/${outside}/${suffix}`);
      expectStatus(refused, 404, `${account} ${suffix} of ${outside} (outside the scope)`);
    }
  });
});

describe.each(ACCOUNTS)('hub topics as %s', (account) => {
  it('its own login topics only', async () => {
    for (const other of ACCOUNTS) {
      const controller = new AbortController();
      const response = await fetch(
        new URL(`/.well-known/mercure?topic=login/${other}/${randomUUID()}`, server.url),
        {
          headers: { authorization: `Bearer ${await api.token(account)}` },
          signal: controller.signal,
        },
      );
      expect(response.status, `${account} follows login/${other}`).toBe(
        other === account ? 200 : 403,
      );
      controller.abort();
      await response.body?.cancel().catch(() => undefined);
    }
  });
});
