// The data scope rule itself (server/src/scope, docs/security.md): which scope each profile
// gets, and that each predicate selects the same rows as the rule written from the source
// relations (customer portfolios, partners, subscriptions), on the seeded database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../server/src/auth/principal.ts';
import {
  contractScope,
  customerScope,
  type DataScope,
  insuredScope,
  resolveScope,
  viaContract,
} from '../../server/src/scope/index.ts';
import { expandRoles } from '../../src/domain/roles.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const db = () => server.database.db;

async function user(username: string) {
  return db()
    .selectFrom('app_user')
    .select(['id', 'partner_id', 'roles'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

function principal(roles: string[], over: Partial<Principal> = {}): Principal {
  return {
    userId: 1,
    username: 'someone',
    name: 'Someone',
    givenRoles: roles,
    roles: expandRoles(roles),
    organizationId: null,
    partnerId: 7,
    sessionId: null,
    ...over,
  };
}

describe('resolveScope: the highest profile of the expanded roles decides', () => {
  it('gives the operator administrator everything, although its roles include PROFILE_SELLER', async () => {
    const p = principal(['PROFILE_ADMIN_AGEO']);
    expect(p.roles).toContain('PROFILE_SELLER');
    expect(await resolveScope(p, db())).toEqual({ kind: 'all' });
  });

  it('gives partner administrators and group users their partner organisation', async () => {
    expect(await resolveScope(principal(['PROFILE_ADMIN_PARTNER']), db())).toEqual({
      kind: 'partner',
      partnerId: 7,
    });
    expect(await resolveScope(principal(['PROFILE_GROUP']), db())).toEqual({
      kind: 'partner',
      partnerId: 7,
    });
    expect(
      await resolveScope(principal(['PROFILE_ADMIN_PARTNER'], { partnerId: null }), db()),
    ).toEqual({ kind: 'none' });
  });

  it('gives a manager itself and the sellers it supervises', async () => {
    const manager = await user('manager');
    const team = await db()
      .selectFrom('app_user')
      .select('id')
      .where('managed_by', '=', manager.id)
      .orderBy('id')
      .execute();
    const vendeur = await user('vendeur');
    const scope = await resolveScope(principal(['PROFILE_MANAGER'], { userId: manager.id }), db());
    expect(scope).toEqual({ kind: 'brokers', brokerIds: [manager.id, ...team.map((t) => t.id)] });
    expect(scope.kind === 'brokers' && scope.brokerIds).toContain(vendeur.id);
  });

  it('gives a seller itself; anyone else nothing', async () => {
    expect(await resolveScope(principal(['PROFILE_SELLER'], { userId: 42 }), db())).toEqual({
      kind: 'brokers',
      brokerIds: [42],
    });
    expect(await resolveScope(principal(['PROFILE_SELLER'], { userId: null }), db())).toEqual({
      kind: 'none',
    });
    expect(await resolveScope(principal(['ROLE_USER', 'VIEW_COMMISSIONS']), db())).toEqual({
      kind: 'none',
    });
    expect(await resolveScope(principal([]), db())).toEqual({ kind: 'none' });
  });
});

describe('the predicates agree with the rule written from the source relations', () => {
  const scopes = async (): Promise<Array<[string, DataScope, string]>> => {
    const partenaire = await user('partenaire');
    const manager = await user('manager');
    const vendeur = await user('vendeur');
    const team = `SELECT id FROM app_user WHERE id = ${manager.id} OR managed_by = ${manager.id}`;
    const managerScope = await resolveScope(
      principal(['PROFILE_MANAGER'], { userId: manager.id }),
      db(),
    );
    return [
      ['all', { kind: 'all' }, 'SELECT id FROM contract'],
      [
        'partner',
        { kind: 'partner', partnerId: Number(partenaire.partner_id) },
        `SELECT c.id FROM contract c JOIN customer cu ON cu.id = c.customer_id
          WHERE cu.partner_id = ${partenaire.partner_id}`,
      ],
      [
        'manager',
        managerScope,
        `SELECT contract_id FROM customer_portfolio WHERE broker_id IN (${team})`,
      ],
      [
        'seller',
        { kind: 'brokers', brokerIds: [vendeur.id] },
        `SELECT contract_id FROM customer_portfolio WHERE broker_id = ${vendeur.id}`,
      ],
      ['none', { kind: 'none' }, 'SELECT id FROM contract WHERE false'],
      ['empty team', { kind: 'brokers', brokerIds: [] }, 'SELECT id FROM contract WHERE false'],
    ];
  };

  const idsOf = async (query: string) =>
    (await sql.raw<{ id: number }>(query).execute(db())).rows.map((r) => Number(r.id));
  const count = async (query: string) =>
    Number((await sql.raw<{ n: number }>(query).execute(db())).rows[0].n);

  it('contracts', async () => {
    for (const [name, scope, rule] of await scopes()) {
      const viaApi = await db()
        .selectFrom('contract')
        .select('contract.id')
        .where(contractScope(scope))
        .orderBy('contract.id')
        .execute();
      const expected = await idsOf(
        `SELECT DISTINCT id FROM contract WHERE id IN (${rule}) ORDER BY id`,
      );
      expect(
        viaApi.map((r) => r.id),
        name,
      ).toEqual(expected);
    }
  });

  it('rows hanging off a contract, insured persons and customers', async () => {
    for (const [name, scope, rule] of await scopes()) {
      const premiums = await db()
        .selectFrom('premium')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(viaContract(scope, 'premium.contract_id'))
        .executeTakeFirstOrThrow();
      expect(premiums.n, `${name}: premiums`).toBe(
        await count(`SELECT count(*)::int AS n FROM premium WHERE contract_id IN (${rule})`),
      );
      const insured = await db()
        .selectFrom('insured')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(insuredScope(scope))
        .executeTakeFirstOrThrow();
      const insuredRule =
        scope.kind === 'partner'
          ? `SELECT count(*)::int AS n FROM insured WHERE partner_id = ${scope.partnerId}`
          : `SELECT count(DISTINCT insured_id)::int AS n FROM subscription WHERE contract_id IN (${rule})`;
      if (scope.kind === 'all') {
        expect(insured.n).toBe(await count('SELECT count(*)::int AS n FROM insured'));
      } else {
        expect(insured.n, `${name}: insured`).toBe(await count(insuredRule));
      }
      const customers = await db()
        .selectFrom('customer')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(customerScope(scope))
        .executeTakeFirstOrThrow();
      const customerRule =
        scope.kind === 'partner'
          ? `SELECT count(*)::int AS n FROM customer WHERE partner_id = ${scope.partnerId}`
          : scope.kind === 'all'
            ? 'SELECT count(*)::int AS n FROM customer'
            : `SELECT count(DISTINCT customer_id)::int AS n FROM contract WHERE id IN (${rule})`;
      expect(customers.n, `${name}: customers`).toBe(await count(customerRule));
    }
  });
});
