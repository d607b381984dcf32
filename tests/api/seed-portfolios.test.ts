// The demo accounts' portfolios (ARCHITECTURE.md, issue "Business data and API"): `vendeur`
// holds a believable subset, `manager` supervises it, `partenaire` administers partner #1,
// `ageo` sees everything; and each of them has contracts outside its scope (the IDOR tests).
// Scopes as the shared design computes them: seller, its own portfolio; manager, itself and
// the sellers it supervises; partner admin, contract.partner_id.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { type Database, openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { DEMO_SELLER_CONTRACTS } from '../../server/src/db/seed/business/facts.ts';
import { seed } from '../../server/src/db/seed/index.ts';
import { type FreshDatabase, freshDatabase } from './support/server.ts';

interface Contract {
  id: number;
  state_id: number;
  contract_type_id: number;
  nbr_insured: number;
  partner_id: number;
  broker_ids: number[];
}

let fresh: FreshDatabase;
let database: Database;
let contracts: Contract[];
let users: Array<{
  id: number;
  username: string;
  partner_id: number | null;
  managed_by: number | null;
  user_type: number;
}>;

const user = (username: string) => {
  const found = users.find((u) => u.username === username);
  if (!found) throw new Error(username);
  return found;
};
const heldBy = (brokers: number[]) =>
  new Set(contracts.filter((c) => c.broker_ids.some((b) => brokers.includes(b))).map((c) => c.id));
const vendeurScope = () => heldBy([user('vendeur').id]);
const managerScope = () => {
  const manager = user('manager');
  return heldBy([manager.id, ...users.filter((u) => u.managed_by === manager.id).map((u) => u.id)]);
};
const partnerScope = () =>
  new Set(contracts.filter((c) => c.partner_id === user('partenaire').partner_id).map((c) => c.id));
const isStrictSubset = (a: Set<number>, b: Set<number>) =>
  [...a].every((id) => b.has(id)) && a.size < b.size;

beforeAll(async () => {
  fresh = await freshDatabase({ initialised: true });
  database = await openDatabase(loadConfig(fresh.env).database);
  await migrateToLatest(database.db);
  await seed(database.db, 'demo');
  contracts = (
    await sql<Contract>`SELECT id, state_id, contract_type_id, nbr_insured, partner_id,
    broker_ids FROM contract ORDER BY id`.execute(database.db)
  ).rows;
  users = await database.db
    .selectFrom('app_user')
    .select(['id', 'username', 'partner_id', 'managed_by', 'user_type'])
    .execute();
});
afterAll(async () => {
  await database?.close();
  await fresh?.dispose();
});

describe('demo portfolios', () => {
  it('gives vendeur a believable portfolio with every state and both default types', () => {
    const mine = contracts.filter((c) => vendeurScope().has(c.id));
    console.info(
      `scopes: vendeur ${mine.length}, manager ${managerScope().size}, partenaire ${partnerScope().size}, ageo ${contracts.length}`,
    );
    expect(mine.length).toBeGreaterThanOrEqual(DEMO_SELLER_CONTRACTS.min);
    expect(mine.length).toBeLessThanOrEqual(DEMO_SELLER_CONTRACTS.max);
    expect(new Set(mine.map((c) => c.state_id))).toEqual(new Set([1, 2, 3, 4, 5]));
    // The contract list's default filters (spec §4) find both default types.
    const listed = mine.filter(
      (c) =>
        [1, 2, 4].includes(c.state_id) && [1, 3].includes(c.contract_type_id) && c.nbr_insured > 0,
    );
    expect(new Set(listed.map((c) => c.contract_type_id))).toEqual(new Set([1, 3]));
    expect(new Set(listed.map((c) => c.state_id))).toEqual(new Set([1, 2, 4]));
  });

  it('nests the scopes: vendeur within manager within partenaire within everything', () => {
    expect(isStrictSubset(vendeurScope(), managerScope())).toBe(true);
    expect(isStrictSubset(managerScope(), partnerScope())).toBe(true);
    expect(partnerScope().size).toBeLessThan(contracts.length);
  });

  it('has manager supervise vendeur and other sellers, and hold a few contracts itself', () => {
    const manager = user('manager');
    const team = users.filter((u) => u.managed_by === manager.id);
    expect(team.map((u) => u.username)).toContain('vendeur');
    expect(team.length).toBeGreaterThanOrEqual(3);
    expect(heldBy([manager.id]).size).toBeGreaterThan(0);
    for (const seller of team) expect(heldBy([seller.id]).size, seller.username).toBeGreaterThan(0);
  });

  it('gives partner #1 several managers, and the other partners contracts of their own', () => {
    const partner = user('partenaire').partner_id;
    const managers = users.filter((u) => u.user_type === 3 && u.partner_id === partner);
    expect(managers.length).toBeGreaterThanOrEqual(2);
    const partners = new Set(contracts.map((c) => c.partner_id));
    expect(partners.size).toBe(3);
  });

  it('has contracts of one partner co-held by a seller of another', () => {
    const sellerPartner = new Map(users.map((u) => [u.id, u.partner_id]));
    const crossed = contracts.filter((c) =>
      c.broker_ids.some((b) => sellerPartner.get(b) !== c.partner_id),
    );
    expect(crossed.length).toBeGreaterThan(10);
    // Never by the demo manager's team: the demo scopes stay nested.
    const team = new Set(managerScope());
    expect(
      crossed.filter((c) => team.has(c.id) && c.partner_id !== user('partenaire').partner_id),
    ).toEqual([]);
  });

  it('leaves contracts outside the scope of every account but ageo', () => {
    for (const scope of [vendeurScope(), managerScope(), partnerScope()])
      expect(contracts.length - scope.size).toBeGreaterThan(100);
  });

  it('gives each seller a portfolio, and sellers of every partner', () => {
    const sellers = users.filter((u) => u.user_type === 4);
    for (const seller of sellers)
      expect(heldBy([seller.id]).size, seller.username).toBeGreaterThan(10);
  });
});
