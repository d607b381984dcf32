// The hub over real HTTP (docs/api.md, "Live updates and the hub"): subscribe and receive,
// bearer and per-topic authorisation, claims of private topics, publishing, keep-alives.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../server/src/hub/eventStream.ts';
import type { MessageHub } from '../../server/src/hub/hub.ts';
import { createHubClient } from '../../src/providers/hub.ts';
import { ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { publish, type Subscription, subscribe } from './support/sse.ts';

let server: TestServer;
let api: ScopedApi;
const opened: Subscription[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await server?.close();
});

const hub = () => server.app.hub as MessageHub;

async function follow(topics: string[], token?: string): Promise<Subscription> {
  const s = await subscribe(server.url, topics, token);
  opened.push(s);
  return s;
}

async function problemOf(s: Subscription) {
  expect(s.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await s.response.json()) as {
    status: number;
    detail: string;
    'hydra:description': string;
  };
}

/** Lets updates published now reach the streams, so "nothing more arrived" means something. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('subscribing', () => {
  it('streams text/event-stream and receives what is published, with an id and JSON data', async () => {
    const vendeur = await api.token('vendeur');
    const own = `login/vendeur/${randomUUID()}`;
    const s = await follow(['contracts', own], vendeur);
    expect(s.status).toBe(200);
    expect(s.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.response.headers.get('cache-control')).toBe('no-store');

    const posted = await publish(server.url, await api.token('ageo'), {
      topic: 'contracts',
      data: JSON.stringify({ changed: [12, 13] }),
    });
    expect(posted.status).toBe(200);
    const id = await posted.text();
    expect(id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    await server.app.hub.publish(own, { id: 'export-1', état: 'terminé' });

    const events = await s.waitForEvents(2);
    expect(events[0]).toEqual({ id, data: '{"changed":[12,13]}' });
    expect(events[1].id).toMatch(/^urn:uuid:/);
    expect(JSON.parse(events[1].data)).toEqual({ id: 'export-1', état: 'terminé' });
    expect(s.comments).toBeGreaterThanOrEqual(1);
  });

  it('delivers an update to a stream once, even when it follows several of its topics', async () => {
    const s = await follow(['contracts', 'insureds'], await api.token('manager'));
    const posted = await publish(server.url, await api.token('ageo'), {
      topic: ['contracts', 'insureds'],
      data: '{"n":1}',
    });
    expect(posted.status).toBe(200);
    await s.waitForEvents(1);
    await settle();
    expect(s.events).toEqual([{ id: await posted.text(), data: '{"n":1}' }]);
  });

  it('reaches only the streams that follow the topic', async () => {
    const contracts = await follow(['contracts'], await api.token('vendeur'));
    const insureds = await follow(['insureds'], await api.token('vendeur'));
    await server.app.hub.publish('insureds', { n: 2 });
    await insureds.waitForEvents(1);
    await settle();
    expect(contracts.events).toEqual([]);
  });

  it('stops following when the client goes away', async () => {
    const before = hub().subscribers;
    const s = await follow(['contributions'], await api.token('vendeur'));
    expect(hub().subscribers).toBe(before + 1);
    s.close();
    await s.ended;
    await expect.poll(() => hub().subscribers).toBe(before);
  });
});

describe('refusals', () => {
  it('answers 401 problem+json without a valid bearer token', async () => {
    for (const token of [undefined, 'not-a-jwt']) {
      const s = await follow(['contracts'], token);
      expect(s.status).toBe(401);
      expect((await problemOf(s)).status).toBe(401);
    }
  });

  it("answers 403 on another login's topic, and subscribes to none of the topics asked", async () => {
    const before = hub().subscribers;
    const s = await follow(
      ['contracts', `login/manager/${randomUUID()}`],
      await api.token('vendeur'),
    );
    expect(s.status).toBe(403);
    const body = await problemOf(s);
    expect(body.detail).toMatch(/^Vous n'avez pas accès au sujet « login\/manager\//);
    expect(body['hydra:description']).toBe(body.detail);
    expect(hub().subscribers).toBe(before);
  });

  it('answers 400 naming topic for a missing or malformed topic', async () => {
    const vendeur = await api.token('vendeur');
    for (const topics of [
      [],
      ['alerts'],
      ['command/12'],
      [`login/${randomUUID()}`],
      [`command/${randomUUID()}/x`],
    ]) {
      const s = await follow(topics, vendeur);
      expect(s.status, topics.join()).toBe(400);
      const { detail } = await problemOf(s);
      expect(detail).toContain('« topic »');
      // The known topics it names include the classes' (users, accessGroups, the imports).
      if (topics.length) expect(detail).toMatch(/insureds, [^)]*users[^)]*userImportLogs/);
    }
  });
});

describe('private command topics', () => {
  it('belong to their first subscriber: another user is refused, the owner may come back', async () => {
    const topic = `command/${randomUUID()}`;
    const first = await follow([topic], await api.token('vendeur'));
    expect(first.status).toBe(200);
    const other = await follow([topic], await api.token('manager'));
    expect(other.status).toBe(403);
    expect((await problemOf(other)).detail).toBe(`Vous n'avez pas accès au sujet « ${topic} ».`);
    // Not even the operator's administrator may read someone else's command.
    expect((await follow([topic], await api.token('ageo'))).status).toBe(403);

    const again = await follow([topic], await api.token('vendeur'));
    expect(again.status).toBe(200);
    await server.app.hub.publish(topic, { done: true });
    expect((await first.waitForEvents(1))[0].data).toBe('{"done":true}');
    expect((await again.waitForEvents(1))[0].data).toBe('{"done":true}');
  });

  it('can be claimed by the server for a user before anyone subscribes (app.hub.claim)', async () => {
    const topic = `command/${randomUUID()}`;
    expect(await server.app.hub.claim(topic, 'manager')).toBe(true);
    expect(await server.app.hub.claim(topic, 'manager')).toBe(true);
    expect(await server.app.hub.claim(topic, 'vendeur')).toBe(false);
    expect((await follow([topic], await api.token('vendeur'))).status).toBe(403);
    expect((await follow([topic], await api.token('manager'))).status).toBe(200);
  });

  it('are kept 24 hours in the database; an expired claim goes to the next claimant', async () => {
    const topic = `command/${randomUUID()}`;
    expect(await server.app.hub.claim(topic, 'vendeur')).toBe(true);
    const { rows } = await sql<{ hours: number }>`
      SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours
      FROM hub_topic_claim WHERE topic = ${topic}`.execute(server.database.db);
    expect(Number(rows[0].hours)).toBeCloseTo(24, 1);

    await sql`UPDATE hub_topic_claim SET expires_at = now() - interval '1 second'
      WHERE topic = ${topic}`.execute(server.database.db);
    expect(await server.app.hub.claim(topic, 'manager')).toBe(true);
    expect(await server.app.hub.claim(topic, 'vendeur')).toBe(false);
  });

  it('has exactly one winner when two users claim at once', async () => {
    const topic = `command/${randomUUID()}`;
    const results = await Promise.all(
      ['vendeur', 'manager', 'partenaire', 'ageo'].map((login) =>
        server.app.hub.claim(topic, login),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('publishing through POST /.well-known/mercure', () => {
  it('is refused to a seller, and to anyone without a token', async () => {
    const vendeur = await publish(server.url, await api.token('vendeur'), {
      topic: 'contracts',
      data: '{}',
    });
    expect(vendeur.status).toBe(403);
    expect(vendeur.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await publish(server.url, undefined, { topic: 'contracts' })).status).toBe(401);
  });

  it("is refused on private topics, even to the operator's administrator", async () => {
    const ageo = await api.token('ageo');
    const answer = await publish(server.url, ageo, {
      topic: `login/vendeur/${randomUUID()}`,
      data: '{}',
    });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(
      /^Seuls les sujets publics/,
    );
  });

  it('answers 400 for a malformed topic or data that is not JSON', async () => {
    const ageo = await api.token('ageo');
    const badTopic = await publish(server.url, ageo, { topic: 'tout', data: '{}' });
    expect(badTopic.status).toBe(400);
    expect(((await badTopic.json()) as { detail: string }).detail).toContain('« topic »');
    const badData = await publish(server.url, ageo, { topic: 'contracts', data: '{oops' });
    expect(badData.status).toBe(400);
    expect(((await badData.json()) as { detail: string }).detail).toContain('« data »');
  });

  it('sends null when no data is given', async () => {
    const s = await follow(['contributions'], await api.token('partenaire'));
    expect(
      (await publish(server.url, await api.token('ageo'), { topic: 'contributions' })).status,
    ).toBe(200);
    expect((await s.waitForEvents(1))[0].data).toBe('null');
  });
});

describe('app.hub.publish', () => {
  it('refuses a topic shape the hub does not know (a programming error)', async () => {
    await expect(server.app.hub.publish('contrats', {})).rejects.toThrow(/unknown topic/);
  });
});

describe('app.hub.announceChange', () => {
  it("tells a class's topic { changed: resource }, and never fails the write it follows", async () => {
    const s = await follow(['users'], await api.token('ageo'));
    await server.app.hub.announceChange('users');
    const [event] = await s.waitForEvents(1);
    expect(JSON.parse(event.data)).toEqual({ changed: 'users' });
    // A publish that fails (here an unknown topic) is logged, not thrown.
    await expect(server.app.hub.announceChange('contrats')).resolves.toBeUndefined();
  });
});

describe("a partner's changes", () => {
  /** A user of that partner (or of another one than `not`), as the operator's list shows it. */
  async function userOfPartner(where: { partner?: number; not?: number }) {
    const row = await server.database.db
      .selectFrom('app_user')
      .select(['id', 'partner_id'])
      .where('partner_id', 'is not', null)
      .$if(where.partner !== undefined, (q) => q.where('partner_id', '=', where.partner ?? 0))
      .$if(where.not !== undefined, (q) => q.where('partner_id', '<>', where.not ?? 0))
      .where('username', 'not in', ['partenaire', 'manager', 'vendeur'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, partner: row.partner_id as number };
  }
  const touch = async (id: number, jobFunction: string) => {
    const answer = await api.send(
      'ageo',
      'PATCH',
      `/api/users/${id}`,
      { jobFunction },
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(answer.status).toBe(200);
  };

  it('reach that partner and the operator, never another partner', async () => {
    const own = await server.database.db
      .selectFrom('app_user')
      .select('partner_id')
      .where('username', '=', 'partenaire')
      .executeTakeFirstOrThrow();
    const partner = own.partner_id as number;
    const operator = await follow(['users'], await api.token('ageo'));
    const partnerAdmin = await follow(['users'], await api.token('partenaire'));
    const foreign = await userOfPartner({ not: partner });
    const ours = await userOfPartner({ partner });

    await touch(foreign.id, 'Courtier (autre partenaire)');
    await touch(ours.id, 'Courtier (même partenaire)');

    // The operator hears both, in order; the partner administrator its own partner's only:
    // its first event is the second change (the first was never sent to it).
    const heard = await operator.waitForEvents(2);
    const [first] = await partnerAdmin.waitForEvents(1);
    expect(first.id).toBe(heard[1].id);
    expect(JSON.parse(first.data)).toEqual({ changed: 'users' });
    await settle();
    expect(partnerAdmin.events).toHaveLength(1);
  });
});

describe('the event stream', () => {
  it('writes a keep-alive comment while idle and stops when ended', async () => {
    let ended = 0;
    const events = openEventStream(() => ended++, 20);
    let text = '';
    events.stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    await new Promise((resolve) => setTimeout(resolve, 70));
    events.send({ id: 'urn:uuid:1', topics: ['contracts'], data: '{"a":\n1}' });
    events.end();
    events.end();
    expect(ended).toBe(1);
    expect(text.startsWith(':\n\n:\n\n:\n\n')).toBe(true);
    expect(text.endsWith('id: urn:uuid:1\ndata: {"a":\ndata: 1}\n\n')).toBe(true);
  });
});

describe('a client that does not read', () => {
  it('is let go once it is a megabyte behind, rather than buffered without end', async () => {
    let ended = 0;
    const events = openEventStream(() => ended++);
    const data = JSON.stringify('x'.repeat(64 * 1024));
    for (let i = 0; i < 20 && ended === 0; i++) {
      events.send({ id: `urn:uuid:${i}`, topics: ['contracts'], data });
    }
    expect(ended).toBe(1);
    expect(events.stream.writableLength).toBeLessThan(2 * 1024 * 1024);
  });
});

describe("the SPA's hub client against this server", () => {
  it('receives the one message of a command topic then closes, and keeps a list topic open', async () => {
    const token = await api.token('vendeur');
    const client = createHubClient({
      getBearer: async () => token,
      fetch: (input, init) => fetch(new URL(String(input), server.url), init),
    });
    const got: unknown[] = [];
    let opens = 0;
    const topic = `command/${randomUUID()}`;
    client.subscribe(topic, (data) => got.push(data), { onOpen: () => opens++ });
    const off = client.subscribe('contracts', (data) => got.push(data), { onOpen: () => opens++ });
    try {
      await expect.poll(() => opens).toBe(2);
      await server.app.hub.publish(topic, { done: true });
      await expect.poll(() => client.keys()).toEqual(['contracts']);
      await server.app.hub.publish('contracts', { changed: [1] });
      await server.app.hub.publish('contracts', { changed: [2] });
      await expect.poll(() => got.length).toBe(3);
      expect(got).toEqual([{ done: true }, { changed: [1] }, { changed: [2] }]);
    } finally {
      off();
    }
  });
});
