// Two server instances sharing this machine's Redis (REDIS_URL): what is published on one
// reaches the subscribers of both, each exactly once. Skipped with a message when no Redis
// answers, unless CI=true, where Redis is required (as PostgreSQL is: scripts/test.mjs).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CI, REDIS_URL, redisAnswers } from './support/redis.ts';
import { ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { publish, type Subscription, subscribe } from './support/sse.ts';

const available = await redisAnswers("the hub's tests across two instances");

describe.skipIf(!available && !CI)('the hub across two instances through Redis', () => {
  let a: TestServer;
  let b: TestServer;
  let apiA: ScopedApi;
  let apiB: ScopedApi;
  const opened: Subscription[] = [];

  beforeAll(async () => {
    if (!available) throw new Error(`CI needs the Redis server at ${REDIS_URL} (TEST_REDIS_URL).`);
    // A channel of this run alone: other runs and other deployments on this Redis are not heard.
    const url = new URL(REDIS_URL);
    url.searchParams.set('channel', `espace-partenaire-test:${randomUUID()}`);
    a = await startTestServer({ REDIS_URL: url.toString() });
    // On PostgreSQL both instances share one database, as they would in production (PGlite is
    // one process: there each has its own).
    const shared = a.config.database.kind === 'postgres' ? a.config.database.url : undefined;
    b = await startTestServer({
      REDIS_URL: url.toString(),
      ...(shared ? { DATABASE_URL: shared } : {}),
    });
    apiA = new ScopedApi(a);
    apiB = new ScopedApi(b);
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    // B first: A's removal drops the database they may share.
    await b?.close();
    await a?.close();
  });

  async function follow(server: TestServer, api: ScopedApi, topics: string[]) {
    const s = await subscribe(server.url, topics, await api.token('vendeur'));
    expect(s.status).toBe(200);
    opened.push(s);
    return s;
  }

  /** Time for a duplicate, if any, to arrive through Redis. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  it('a publish on one instance reaches the subscribers of both, exactly once', async () => {
    const onB = await follow(b, apiB, ['contracts']);
    const onA = await follow(a, apiA, ['contracts']);
    const posted = await publish(a.url, await apiA.token('ageo'), {
      topic: 'contracts',
      data: '{"changed":[1]}',
    });
    expect(posted.status).toBe(200);
    const id = await posted.text();
    await onB.waitForEvents(1);
    await onA.waitForEvents(1);
    await settle();
    expect(onB.events).toEqual([{ id, data: '{"changed":[1]}' }]);
    expect(onA.events).toEqual([{ id, data: '{"changed":[1]}' }]);
  });

  it("an export's notification on one instance reaches its subscriber on the other", async () => {
    const topic = `command/${randomUUID()}`;
    const onB = await follow(b, apiB, [topic]);
    await a.app.hub.publish(topic, { id: topic.slice(8), done: true });
    const [event] = await onB.waitForEvents(1);
    expect(JSON.parse(event.data)).toEqual({ id: topic.slice(8), done: true });
    await settle();
    expect(onB.events).toHaveLength(1);
  });

  it('several updates arrive in the order they were published', async () => {
    const onB = await follow(b, apiB, ['insureds']);
    for (let n = 1; n <= 5; n++) await a.app.hub.publish('insureds', { n });
    const events = await onB.waitForEvents(5);
    expect(events.map((e) => JSON.parse(e.data).n)).toEqual([1, 2, 3, 4, 5]);
    await settle();
    expect(onB.events).toHaveLength(5);
  });

  it("a partner's change crosses to the other instance for that partner only", async () => {
    const { partner_id } = await b.database.db
      .selectFrom('app_user')
      .select('partner_id')
      .where('username', '=', 'partenaire')
      .executeTakeFirstOrThrow();
    const partner = partner_id as number;
    const onB = await subscribe(b.url, ['users'], await apiB.token('partenaire'));
    expect(onB.status).toBe(200);
    opened.push(onB);
    await a.app.hub.announceChange('users', { partners: [partner + 1] });
    await a.app.hub.announceChange('users', { partners: [partner] });
    const [first] = await onB.waitForEvents(1);
    expect(JSON.parse(first.data)).toEqual({ changed: 'users' });
    await settle();
    expect(onB.events).toHaveLength(1);
  });

  // Issue 5: the export runs on one instance, its requester is connected to the other; the file,
  // kept in the shared database, is served by the other as well.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'an export made on one instance is announced and served on the other',
    async () => {
      const uuid = randomUUID();
      const onB = await follow(b, apiB, [`login/vendeur/${uuid}`]);
      const accepted = await fetch(`${a.url}/export/contractsCsv`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await apiA.token('vendeur')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ uuid, state: [1, 2] }),
      });
      expect(accepted.status).toBe(202);
      const [event] = await onB.waitForEvents(1);
      const message = JSON.parse(event.data);
      expect(message).toMatchObject({ id: uuid, status: 'done', format: 'csv' });

      const file = await fetch(`${b.url}/downloads/csv?id=${uuid}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await apiB.token('vendeur')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: '' }),
      });
      expect(file.status).toBe(200);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const lines = text.slice(1).split('\r\n').filter(Boolean);
      const listed = await apiB.get('vendeur', '/api/contrats?state[]=1&state[]=2');
      expect(lines.length - 1).toBe(listed.body['hydra:totalItems']);
      expect(message.rows).toBe(listed.body['hydra:totalItems']);
    },
  );

  // Both instances LISTEN on their shared database: a change reaches each subscriber once, from
  // the instance it is connected to, never a second time through Redis.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a change of a contract is announced once to the subscribers of each instance',
    async () => {
      const onA = await follow(a, apiA, ['contracts']);
      const onB = await follow(b, apiB, ['contracts']);
      await sql`UPDATE contract SET lb_contrat = lb_contrat
        WHERE id = (SELECT min(id) FROM contract)`.execute(a.database.db);
      await onA.waitForEvents(1);
      await onB.waitForEvents(1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const s of [onA, onB]) {
        expect(s.events.map((e) => JSON.parse(e.data))).toEqual([{ changed: 'contracts' }]);
      }
    },
  );
});

describe('an instance whose Redis does not answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: the start waits a few seconds for Redis, then goes on.
    server = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1?channel=nowhere' });
  });
  afterAll(() => server?.close());

  it('still starts, and delivers its own messages to its own subscribers', async () => {
    const api = new ScopedApi(server);
    const s = await subscribe(server.url, ['contracts'], await api.token('vendeur'));
    expect(s.status).toBe(200);
    await server.app.hub.publish('contracts', { alone: true });
    const [event] = await s.waitForEvents(1);
    expect(event.data).toBe('{"alone":true}');
    s.close();
  });
});
