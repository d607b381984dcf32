// Live updates from the database: a statement that writes contracts, premiums or insured persons
// is announced on `contracts`, `contributions` or `insureds` (triggers of migration 009_hub,
// LISTENed by the server), bursts thinned to one message per topic and second.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { throttlePerTopic } from '../../server/src/hub/databaseChanges.ts';
import { ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { type Subscription, subscribe } from './support/sse.ts';

let server: TestServer;
let stream: Subscription;

beforeAll(async () => {
  server = await startTestServer();
  const token = await new ScopedApi(server).token('vendeur');
  stream = await subscribe(server.url, ['contracts', 'contributions', 'insureds'], token);
  expect(stream.status).toBe(200);
});
afterAll(async () => {
  stream?.close();
  await server?.close();
});

const run = (query: ReturnType<typeof sql>) => query.execute(server.database.db);
/** Longer than the thinning window, so each test starts with every topic free. */
const pause = (ms = 1100) => new Promise((resolve) => setTimeout(resolve, ms));

it('announces a change of each followed table on its topic, after the commit', async () => {
  const before = stream.events.length;
  await run(
    sql`UPDATE contract SET lb_contrat = lb_contrat WHERE id = (SELECT min(id) FROM contract)`,
  );
  await stream.waitForEvents(before + 1);
  await run(
    sql`UPDATE premium SET contract_id = contract_id WHERE id = (SELECT min(id) FROM premium)`,
  );
  await stream.waitForEvents(before + 2);
  await run(sql`UPDATE insured SET firstname = firstname WHERE id = (SELECT min(id) FROM insured)`);
  const events = (await stream.waitForEvents(before + 3)).slice(before);
  expect(events.map((e) => JSON.parse(e.data))).toEqual([
    { changed: 'contracts' },
    { changed: 'contributions' },
    { changed: 'insureds' },
  ]);
  for (const event of events) expect(event.id).toMatch(/^urn:uuid:/);
  await pause();
});

it('says nothing for a transaction rolled back, nor for other tables', async () => {
  const before = stream.events.length;
  await server.database.db
    .transaction()
    .execute(async (trx) => {
      await sql`UPDATE contract SET lb_contrat = lb_contrat WHERE id = (SELECT min(id) FROM contract)`.execute(
        trx,
      );
      throw new Error('rollback');
    })
    .catch(() => undefined);
  await run(sql`UPDATE product SET id = id WHERE id = (SELECT min(id) FROM product)`);
  await pause(600);
  expect(stream.events.length).toBe(before);
});

it('thins a burst to one message at once and one after the window', async () => {
  const before = stream.events.length;
  for (let i = 0; i < 5; i++) {
    await run(
      sql`UPDATE contract SET lb_contrat = lb_contrat WHERE id = (SELECT min(id) FROM contract)`,
    );
  }
  await stream.waitForEvents(before + 2, 4000);
  await pause();
  expect(stream.events.length).toBe(before + 2);
});

it('throttlePerTopic: first at once, the rest folded, topics apart', async () => {
  const delivered: string[] = [];
  const throttle = throttlePerTopic((topic) => delivered.push(topic), 50);
  throttle.push('contracts');
  throttle.push('contracts');
  throttle.push('contracts');
  throttle.push('insureds');
  expect(delivered).toEqual(['contracts', 'insureds']);
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(delivered).toEqual(['contracts', 'insureds', 'contracts']);
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(delivered).toEqual(['contracts', 'insureds', 'contracts']);
  throttle.stop();
});
