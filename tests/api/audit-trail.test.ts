// The audit trail (issue 18 #11) over real HTTP and the real database: a seller's reads of
// insured persons (an item, a list page, a beneficiaries list), an export and a carte TP, an
// operator administrator's changes of a profile's roles and a user's rights, each found at
// /api/audit_events with its actor, time, action and target, and never a name; the journal
// read by operator administrators only, never written through the API (405), append-only in
// the database (a trigger refuses UPDATE and DELETE); a read that cannot be recorded refused.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '../../src/domain/audit.ts';
import { CARTE_TP_PATHS } from '../../src/domain/carteTp.ts';
import { post } from './support/exportFiles.ts';
import { CONTRACTS, type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
let started: Date;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  // The database's clock, which stamps the events.
  const [row] = await api.rows<{ now: Date }>('SELECT now() AS now');
  started = new Date(row.now);
}, 180_000);
afterAll(() => server?.close());

const members = (body: Json) => body['hydra:member'] as Json[];
const merge = { 'content-type': 'application/merge-patch+json' };
const vendeurId = () => api.one("SELECT id FROM app_user WHERE username = 'vendeur'");
const ageoId = () => api.one("SELECT id FROM app_user WHERE username = 'ageo'");

/** The journal's events of this action, newest first, as the operator reads them. */
async function events(action: string, more = ''): Promise<Json[]> {
  return members(await api.list('ageo', `/api/audit_events?action=${action}${more}`));
}

/** The event's actor and time are the caller's and now. */
async function expectActor(event: Json, username: 'vendeur' | 'ageo') {
  expect(event.actor).toBe(username);
  expect(event.actorId).toBe(username === 'vendeur' ? await vendeurId() : await ageoId());
  const at = new Date(event.occurredAt).getTime();
  expect(at).toBeGreaterThanOrEqual(started.getTime());
  expect(event.requestId).toEqual(expect.any(String));
}

let insured: Json;

describe('a seller reading insured persons', () => {
  it('leaves one event per item read: insured.view, the person as target', async () => {
    const page = await api.list('vendeur', '/api/assures?itemsPerPage=5');
    insured = members(page)[0];
    expect((await api.get('vendeur', `/api/assures/${insured.id}`)).status).toBe(200);

    const [event] = await events('insured.view', `&target=${insured.id}`);
    expect(event).toMatchObject({
      action: 'insured.view',
      targetType: 'Insured',
      targetId: insured.id,
    });
    await expectActor(event, 'vendeur');
    // Never the person's data itself.
    const text = JSON.stringify(event);
    expect(text).not.toContain(insured.lastname);
    expect(text).not.toContain(insured.noss);
  });

  it('leaves one event per list page: the ids shown, the total, text filters without their value', async () => {
    const lastname = String(insured.lastname).slice(0, 3);
    const path = `/api/assures?itemsPerPage=4&sex=${insured.sex}&lastname=${encodeURIComponent(lastname)}`;
    const page = await api.list('vendeur', path);
    // Asked again at once: the page is kept a few seconds, the read is recorded again.
    await api.list('vendeur', path);
    const shown = members(page).map((m) => m.id);
    expect(shown.length).toBeGreaterThan(0);

    const listed = (await events('insured.list', '&actor=vendeur')).filter(
      (e) => e.detail.filters?.lastname !== undefined,
    );
    expect(listed).toHaveLength(2);
    for (const event of listed) {
      await expectActor(event, 'vendeur');
      expect(event.targetType).toBe('Insured');
      expect(event.targetIds).toEqual(shown);
      expect(event.detail).toMatchObject({
        path: '/api/assures',
        // A text filter's value is not kept: it may be a name typed to search.
        filters: { sex: '(texte)', lastname: '(texte)' },
        total: page['hydra:totalItems'],
        shown: shown.length,
        itemsPerPage: 4,
      });
      expect(JSON.stringify(event)).not.toContain(lastname);
    }
    // Who saw this person: found through the ids a page showed, too.
    const about = members(await api.list('ageo', `/api/audit_events?target=${shown[0]}`));
    expect(about.map((e) => e.action)).toContain('insured.list');
  });

  it('records the beneficiaries of a person read under it', async () => {
    const path = `/api/insureds/${insured.id}/beneficiaires`;
    expect((await api.get('vendeur', path)).status).toBe(200);
    const [event] = await events('beneficiary.list', '&actor=vendeur');
    expect(event.detail.path).toBe(path);
    await expectActor(event, 'vendeur');
  });

  it('records a search that names insured persons: their ids, never the words searched', async () => {
    const answer = await post(api, 'vendeur', '/api/search', {
      query: insured.lastname,
      category: 2,
    });
    expect(answer.status).toBe(200);
    const found = ((await answer.json()) as Json[]).map((e) => e.ID_SOURCE);
    expect(found).toContain(insured.id);
    const [event] = await events('insured.list', '&actor=vendeur');
    expect(event.detail).toMatchObject({ path: '/api/search', search: true });
    expect(event.targetIds).toEqual(found);
    expect(JSON.stringify(event)).not.toContain(insured.lastname);
  });

  it('records an export started, with its kind, format and filters', async () => {
    const uuid = randomUUID();
    const contract = await api.one(`${CONTRACTS.vendeur} LIMIT 1`);
    const answer = await post(api, 'vendeur', '/api/export/insuredsCsv', {
      uuid,
      'contrat.id': contract,
      lastname: 'Mar',
    });
    expect(answer.status).toBe(202);
    const [event] = await events('insured.export');
    await expectActor(event, 'vendeur');
    expect(event).toMatchObject({
      // Exported from the contract's screen: its insured persons as that contract's lines.
      targetType: 'ContractInsured',
      detail: {
        kind: 'insureds',
        format: 'csv',
        exportId: uuid,
        // An id is kept (the contract's lines take a list of ids); a text, only by its name.
        filters: { 'contrat.id': [contract], lastname: '(texte)' },
      },
    });
  });

  it('records a carte TP downloaded, and one shown', async () => {
    const card = await api.one(`SELECT t.insured_id AS id FROM carte_tp t
      WHERE t.contract_id IN (${CONTRACTS.vendeur}) ORDER BY t.insured_id LIMIT 1`);
    const call = async (path: string) =>
      fetch(new URL(path, server.url), {
        headers: { authorization: `Bearer ${await api.token('vendeur')}` },
      });
    const download = await call(`/api/assures/${card}/download_carte_tp`);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const periods = await api.list('vendeur', `/api/assures/${card}/availables_carte_tp`);
    const shown = await call(CARTE_TP_PATHS.visu(card, members(periods)[0] as never));
    expect(shown.status).toBe(200);
    await shown.arrayBuffer();

    const recorded = await events('carte_tp.download', `&target=${card}`);
    expect(recorded.map((e) => e.detail.disposition).sort()).toEqual(['attachment', 'inline']);
    for (const event of recorded) {
      await expectActor(event, 'vendeur');
      expect(event).toMatchObject({ targetType: 'Insured', targetId: card });
    }
  });
});

describe('an operator administrator changing rights', () => {
  it("records a profile's roles added and removed, in the write's transaction", async () => {
    const profile = await api.one("SELECT id FROM profile WHERE name = 'Manageur'");
    const role = await api.one("SELECT id FROM role WHERE name = 'VIEW_MANAGER'");
    const before = (await api.get('ageo', `/api/profiles/${profile}`)).body;
    const added = await api.send(
      'ageo',
      'PATCH',
      `/api/profiles/${profile}`,
      { roles: [...before.roles, `/api/roles/${role}`] },
      merge,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    const [event] = await events('rights.update', `&targetType=Profile&targetId=${profile}`);
    await expectActor(event, 'ageo');
    expect(event.detail).toEqual({
      operation: 'update',
      values: { roles: { added: [`/api/roles/${role}`], removed: [] } },
    });
    // Put back as it was.
    await api.send('ageo', 'PATCH', `/api/profiles/${profile}`, { roles: before.roles }, merge);
    const [undone] = await events('rights.update', `&targetType=Profile&targetId=${profile}`);
    expect(undone.detail.values.roles).toEqual({ added: [], removed: [`/api/roles/${role}`] });
  });

  it("records a user's rights changed, its name only named", async () => {
    const user = await api.one(`SELECT id FROM app_user WHERE user_type = 4
      AND username NOT IN ('ageo', 'partenaire', 'manager', 'vendeur') ORDER BY id LIMIT 1`);
    const changed = await api.send(
      'ageo',
      'PATCH',
      `/api/users/${user}`,
      { roles: ['VIEW_COMMISSIONS'], jobFunction: 'Conseillère' },
      merge,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [event] = await events('user.update', `&targetId=${user}`);
    await expectActor(event, 'ageo');
    expect(event).toMatchObject({ targetType: 'User', targetId: user });
    expect(event.detail.operation).toBe('update');
    expect(event.detail.values.roles.added).toEqual(['VIEW_COMMISSIONS']);
    expect(event.detail.changed).toContain('jobFunction');
    expect(JSON.stringify(event)).not.toContain('Conseillère');
  });

  it('records a user created, disabled, enabled again, changed and sent a reset link, each by its word', async () => {
    const created = await api.send('ageo', 'POST', '/api/users', {
      civility: 1,
      firstname: 'Camille',
      lastname: 'Journal',
      username: 'camille.journal',
      email: 'camille.journal@exemple.fr',
      typeSelected: 'PROFILE_SELLER',
      roles: [],
      plainPassword: 'motdepasse2026',
      repeatPassword: 'motdepasse2026',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const patch = (body: Json) => api.send('ageo', 'PATCH', `/api/users/${id}`, body, merge);
    expect((await patch({ enabled: false })).status).toBe(200);
    expect((await patch({ enabled: true, jobFunction: 'Conseillère' })).status).toBe(200);
    expect((await patch({ jobFunction: 'Courtière' })).status).toBe(200);
    // Saved as it was: nothing changed, nothing recorded.
    expect((await patch({ jobFunction: 'Courtière' })).status).toBe(200);
    const reset = await api.send('ageo', 'POST', `/api/users/${id}/reset_password`);
    expect(reset.status).toBe(202);

    const trail = members(
      await api.list('ageo', `/api/audit_events?targetType=User&targetId=${id}`),
    );
    // Enabled again with another change: two events, neither hiding the other.
    expect(trail.map((e) => e.action)).toEqual([
      'user.reset_link',
      'user.update',
      'user.update',
      'user.enable',
      'user.disable',
      'user.create',
    ]);
    expect(trail[2].detail.changed).toEqual(['jobFunction']);
    expect(trail[3].detail.values).toEqual({ enabled: { before: false, after: true } });
    expect(trail[3].detail).not.toHaveProperty('changed');
    expect(trail[4].detail.values.enabled).toEqual({ before: true, after: false });
    // Each in French in the journal's own words.
    const labels = trail.map((e) => AUDIT_ACTIONS[e.action as AuditAction]);
    expect(labels).toEqual([
      'Lien de réinitialisation envoyé',
      'Utilisateur modifié',
      'Utilisateur modifié',
      'Utilisateur réactivé',
      'Utilisateur désactivé',
      'Utilisateur créé',
    ]);
  });

  it("records a change of the roles tree's order", async () => {
    const [first, second] = await api.rows<{ id: number; list_order: number }>(
      'SELECT id, list_order FROM role WHERE parent_id IS NULL ORDER BY list_order LIMIT 2',
    );
    const answer = await api.send('ageo', 'POST', '/api/roles/updateOrderRoles', [
      { id: first.id, listOrder: second.list_order },
      { id: second.id, listOrder: first.list_order },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    const [event] = await events('rights.tree', '&targetType=Role');
    expect(event.detail).toEqual({ operation: 'order' });
    expect(event.targetIds.sort()).toEqual([first.id, second.id].sort());
  });
});

describe('the journal', () => {
  it('is read by operator administrators only, newest first, one event by its id', async () => {
    for (const user of ['vendeur', 'partenaire', 'manager'] as const) {
      expect((await api.get(user, '/api/audit_events')).status, user).toBe(403);
    }
    const page = await api.list('ageo', '/api/audit_events?itemsPerPage=50');
    const times = members(page).map((e) => new Date(e.occurredAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const [newest] = members(page);
    const one = await api.get('ageo', newest['@id']);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(newest.id);
    expect((await api.get('partenaire', newest['@id'])).status).toBe(403);
    // Bounded by date.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = await api.list('ageo', `/api/audit_events?occurredAt[after]=${tomorrow}`);
    expect(none['hydra:totalItems']).toBe(0);
  });

  it('is never written through the API: 405 to its reader, 403 to the others, nothing changed', async () => {
    const before = await api.rows('SELECT * FROM audit_event ORDER BY id');
    const [event] = before as Json[];
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/api/audit_events', { action: 'insured.view', targetType: 'Insured' }],
      ['PUT', `/api/audit_events/${event.id}`, { actor: 'personne' }],
      ['PATCH', `/api/audit_events/${event.id}`, { actor: 'personne' }],
      ['DELETE', `/api/audit_events/${event.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await api.send(
        'ageo',
        method,
        path,
        body,
        method === 'PATCH' ? merge : undefined,
      );
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.type).toContain('application/problem+json');
      expect(answer.body.detail).toBe(
        "Le journal d'audit ne se modifie pas : il est seulement consultable.",
      );
      expect((await api.send('partenaire', method, path, body)).status).toBe(403);
    }
    expect(await api.rows('SELECT * FROM audit_event ORDER BY id')).toEqual(before);
  });

  it('refuses UPDATE and DELETE in the database itself', async () => {
    const db = server.database.db;
    await expect(sql`UPDATE audit_event SET actor = 'personne'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_event`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_event`.execute(db)).rejects.toThrow(/append-only/);
    expect(await api.count("SELECT 1 FROM audit_event WHERE actor = 'personne'")).toBe(0);
  });

  it('keeps the actor of a deleted account', async () => {
    // The trail names its actor by a copied id and login: no foreign key holds the account.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n
      FROM information_schema.table_constraints
      WHERE table_name = 'audit_event' AND constraint_type = 'FOREIGN KEY'`.execute(
      server.database.db,
    );
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe('a read the trail cannot record', () => {
  it('is refused (503), nothing of the person sent', async () => {
    const db = server.database.db;
    await sql`ALTER TABLE audit_event RENAME TO audit_event_away`.execute(db);
    try {
      const answer = await api.get('vendeur', `/api/assures/${insured.id}`);
      expect(answer.status).toBe(503);
      expect(answer.body.detail).toMatch(/journal d'audit est momentanément indisponible/);
      expect(JSON.stringify(answer.body)).not.toContain(insured.lastname);
      const list = await api.get('vendeur', '/api/assures?itemsPerPage=3&sex=M');
      expect(list.status).toBe(503);
    } finally {
      await sql`ALTER TABLE audit_event_away RENAME TO audit_event`.execute(db);
    }
    expect((await api.get('vendeur', `/api/assures/${insured.id}`)).status).toBe(200);
  });
});
