// Partner access groups (issue 13; spec administration §3, §7 "Access groups") over real HTTP and
// the real database: the list, the item and /with_organizations, creation, edit and delete; the
// scope of a partner administrator (its own partner's groups and organisations only: 404 and
// 422, nothing written); 403 without USERS_MANAGEMENT; 404, 400 and 422 on bad requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ScopedApi, violationsOf } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
let partner: number;
let otherPartner: number;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  partner = await api.one("SELECT partner_id AS id FROM app_user WHERE username = 'partenaire'");
  otherPartner = await api.one(
    `SELECT id FROM organization WHERE type_id = 2 AND id <> ${partner} ORDER BY id LIMIT 1`,
  );
});
afterAll(() => server?.close());

const members = (body: Json) => body['hydra:member'] as Json[];
const orgIri = (id: number) => `/api/organizations/${id}`;
const groupsOf = (partnerId: number) =>
  api.ids(`SELECT id FROM access_group WHERE partner_id = ${partnerId} ORDER BY id`);
const snapshot = async () => ({
  groups: await api.rows('SELECT * FROM access_group ORDER BY id'),
  links: await api.rows('SELECT * FROM access_group_organization ORDER BY 1, 2'),
});
const merge = { 'content-type': 'application/merge-patch+json' };

const legalname = async (id: number) =>
  (await api.rows<{ legalname: string }>(`SELECT legalname FROM organization WHERE id = ${id}`))[0]
    .legalname;

describe('reading groups', () => {
  it('lists every group to the operator, by id, 10 per page, with the seeded fields', async () => {
    const all = await api.ids('SELECT id FROM access_group ORDER BY id');
    expect(all.length).toBeGreaterThanOrEqual(6);
    const body = await api.list('ageo', '/api/access_groups');
    expect(body['hydra:totalItems']).toBe(all.length);
    expect(members(body).map((g) => g.id)).toEqual(all.slice(0, 10));
    const [first] = members(body);
    expect(first).toMatchObject({
      '@id': `/api/access_groups/${first.id}`,
      '@type': 'AccessGroup',
      enabled: true,
      createdBy: { firstname: expect.any(String), lastname: expect.any(String) },
    });
    expect(first.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(first.groupOrganizations.length).toBeGreaterThan(0);
    expect(first.groupOrganizations[0]).toMatch(/^\/api\/organizations\/\d+$/);
  });

  it('lists to a partner administrator the groups of its own partner only', async () => {
    const own = await groupsOf(partner);
    expect(own.length).toBeGreaterThanOrEqual(2);
    const listed = await api.all('partenaire', '/api/access_groups');
    expect(listed.map((g) => g.id)).toEqual(own);
    const seeded = listed.find((g) => /Siège$/.test(g.name)) as Json;
    expect(seeded.groupOrganizations).toEqual([orgIri(partner)]);
    expect(seeded.createdBy).toEqual({ firstname: 'Paul', lastname: 'Lefèvre' });
  });

  it('filters by name (any case, any accent) and enabled, sorts by name and creation', async () => {
    const byName = members(await api.list('ageo', '/api/access_groups?name=SIEGE'));
    expect(byName.length).toBe(3);
    for (const g of byName) expect(g.name).toMatch(/Siège$/);
    const disabled = members(await api.list('ageo', '/api/access_groups?enabled=false'));
    expect(disabled.every((g) => g.enabled === false)).toBe(true);
    const sorted = members(await api.list('ageo', '/api/access_groups?order[name]=desc'));
    const names = sorted.map((g) => g.name as string);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'fr')));
    const created = await api.get('ageo', '/api/access_groups?order[createdAt]=asc');
    expect(created.status).toBe(200);
    const byOrg = members(
      await api.list('ageo', `/api/access_groups?groupOrganizations=${orgIri(otherPartner)}`),
    );
    expect(byOrg.map((g) => g.id)).toEqual(await groupsOf(otherPartner));
  });

  it('answers an item, and its organisations embedded at /with_organizations', async () => {
    const [id] = await groupsOf(partner);
    const item = await api.get('partenaire', `/api/access_groups/${id}`);
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ '@context': '/api/contexts/AccessGroup', id });
    const full = await api.get('partenaire', `/api/access_groups/${id}/with_organizations`);
    expect(full.status).toBe(200);
    const [org] = await api.rows<Json>(
      `SELECT id, legalname, siret, postal_code, address_locality FROM organization WHERE id = ${partner}`,
    );
    expect(full.body).toMatchObject({
      '@id': `/api/access_groups/${id}`,
      name: item.body.name,
      groupOrganizations: [
        {
          '@id': orgIri(partner),
          id: partner,
          legalname: org.legalname,
          siret: org.siret,
          postalCode: org.postal_code,
          addressLocality: org.address_locality,
        },
      ],
    });
  });

  it('hides another partner’s group from a partner administrator (404), and unknown ids', async () => {
    const [foreign] = await groupsOf(otherPartner);
    expect((await api.get('ageo', `/api/access_groups/${foreign}`)).status).toBe(200);
    for (const path of [
      `/api/access_groups/${foreign}`,
      `/api/access_groups/${foreign}/with_organizations`,
    ]) {
      const answer = await api.get('partenaire', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body['hydra:description']).toBe('Ce groupe partenaire est introuvable.');
    }
    expect((await api.get('ageo', '/api/access_groups/999999')).status).toBe(404);
    expect((await api.get('ageo', '/api/access_groups/999999/with_organizations')).status).toBe(
      404,
    );
    expect((await api.get('ageo', '/api/access_groups/abc')).status).toBe(404);
  });

  it('refuses sellers and managers, who do not manage users (403)', async () => {
    for (const user of ['manager', 'vendeur'] as const) {
      expect((await api.get(user, '/api/access_groups')).status, user).toBe(403);
      const [id] = await groupsOf(partner);
      expect((await api.get(user, `/api/access_groups/${id}`)).status, user).toBe(403);
      expect(
        (await api.get(user, `/api/access_groups/${id}/with_organizations`)).status,
        user,
      ).toBe(403);
      const before = await snapshot();
      const created = await api.send(user, 'POST', '/api/access_groups', { name: 'Pirates' });
      expect(created.status, user).toBe(403);
      expect((await api.send(user, 'DELETE', `/api/access_groups/${id}`)).status, user).toBe(403);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('refuses malformed parameters (400)', async () => {
    expect((await api.get('ageo', '/api/access_groups?order[nope]=asc')).status).toBe(400);
    expect((await api.get('ageo', '/api/access_groups?enabled=peut-etre')).status).toBe(400);
    expect((await api.get('ageo', '/api/access_groups?itemsPerPage=1000')).status).toBe(400);
  });
});

describe('writing groups', () => {
  it('lets a partner administrator create, edit and delete a group of its organisations', async () => {
    const agency = await api.one(
      `SELECT id FROM organization WHERE parent_id = ${partner} ORDER BY id LIMIT 1`,
    );
    const created = await api.send('partenaire', 'POST', '/api/access_groups', {
      name: 'Agences du Sud',
      groupOrganizations: [orgIri(agency), partner],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.location).toBe(`/api/access_groups/${created.body.id}`);
    expect(created.body).toMatchObject({
      name: 'Agences du Sud',
      enabled: true,
      createdBy: { firstname: 'Paul', lastname: 'Lefèvre' },
    });
    expect([...created.body.groupOrganizations].sort()).toEqual(
      [orgIri(agency), orgIri(partner)].sort(),
    );
    const [row] = await api.rows<Json>(
      `SELECT partner_id, created_by FROM access_group WHERE id = ${created.body.id}`,
    );
    expect(row).toEqual({
      partner_id: partner,
      created_by: await api.one("SELECT id FROM app_user WHERE username = 'partenaire'"),
    });

    // The whole record sent back, as react-admin does, with the changes.
    const edited = await api.send(
      'partenaire',
      'PUT',
      created.location as string,
      { ...created.body, name: 'Agences du Midi', enabled: false, groupOrganizations: [agency] },
      { 'if-match': created.etag as string },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Agences du Midi',
      enabled: false,
      groupOrganizations: [orgIri(agency)],
    });
    const stale = await api.send(
      'partenaire',
      'PATCH',
      created.location as string,
      { name: 'Trop tard' },
      { ...merge, 'if-match': created.etag as string },
    );
    expect(stale.status).toBe(412);

    const listed = await api.all('partenaire', '/api/access_groups?enabled=false');
    expect(listed.map((g) => g.name)).toContain('Agences du Midi');

    expect((await api.send('partenaire', 'DELETE', created.location as string)).status).toBe(204);
    expect(await api.count(`SELECT 1 FROM access_group WHERE id = ${created.body.id}`)).toBe(0);
    expect(
      await api.count(
        `SELECT 1 FROM access_group_organization WHERE access_group_id = ${created.body.id}`,
      ),
    ).toBe(0);
  });

  it('never lets a partner administrator touch another partner’s group (404, nothing changed)', async () => {
    const [foreign] = await groupsOf(otherPartner);
    const before = await snapshot();
    const path = `/api/access_groups/${foreign}`;
    expect((await api.send('partenaire', 'PATCH', path, { name: 'À moi' }, merge)).status).toBe(
      404,
    );
    expect((await api.send('partenaire', 'PUT', path, { name: 'À moi' })).status).toBe(404);
    expect((await api.send('partenaire', 'DELETE', path)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses another partner’s organisation to a partner administrator (422, nothing changed)', async () => {
    const [own] = await groupsOf(partner);
    const foreignAgency = await api.one(
      `SELECT id FROM organization WHERE parent_id = ${otherPartner} ORDER BY id LIMIT 1`,
    );
    const provider = await api.one(
      'SELECT id FROM organization WHERE type_id = 3 ORDER BY id LIMIT 1',
    );
    const before = await snapshot();
    const created = await api.send('partenaire', 'POST', '/api/access_groups', {
      name: 'Groupe mélangé',
      groupOrganizations: [partner, otherPartner],
    });
    expect(created.status).toBe(422);
    expect(violationsOf(created)).toEqual([
      `groupOrganizations: « Organisations » : cette organisation n’appartient pas à votre partenaire : « ${await legalname(otherPartner)} ».`,
    ]);
    const patched = await api.send(
      'partenaire',
      'PATCH',
      `/api/access_groups/${own}`,
      { groupOrganizations: [partner, foreignAgency, provider] },
      merge,
    );
    expect(patched.status).toBe(422);
    expect(violationsOf(patched)).toEqual([
      `groupOrganizations: « Organisations » : ces organisations n’appartiennent pas à votre partenaire : ${(
        await Promise.all(
          [foreignAgency, provider]
            .sort((a, b) => a - b)
            .map(async (id) => `« ${await legalname(id)} »`),
        )
      ).join(', ')}.`,
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('gives the operator’s group the partner of its organisations, or none', async () => {
    const agency = await api.one(
      `SELECT id FROM organization WHERE parent_id = ${otherPartner} ORDER BY id LIMIT 1`,
    );
    const created = await api.send('ageo', 'POST', '/api/access_groups', {
      name: 'Groupe opérateur',
      enabled: true,
      groupOrganizations: [agency],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const partnerOf = async () =>
      (await api.rows<Json>(`SELECT partner_id FROM access_group WHERE id = ${created.body.id}`))[0]
        .partner_id;
    expect(await partnerOf()).toBe(otherPartner);
    // Visible to that partner's administrator, not to the demo one.
    expect((await api.get('partenaire', created.location as string)).status).toBe(404);

    const mixed = await api.send(
      'ageo',
      'PATCH',
      created.location as string,
      { groupOrganizations: [agency, partner] },
      merge,
    );
    expect(mixed.status).toBe(422);
    expect(violationsOf(mixed)).toEqual([
      'groupOrganizations: « Organisations » : les organisations d’un groupe appartiennent toutes au même partenaire.',
    ]);
    const moved = await api.send(
      'ageo',
      'PATCH',
      created.location as string,
      { groupOrganizations: [partner] },
      merge,
    );
    expect(moved.status).toBe(200);
    expect(await partnerOf()).toBe(partner);
    expect((await api.get('partenaire', created.location as string)).status).toBe(200);
    const none = await api.send(
      'ageo',
      'PATCH',
      created.location as string,
      { groupOrganizations: [] },
      merge,
    );
    expect(none.body.groupOrganizations).toEqual([]);
    expect(await partnerOf()).toBeNull();
    expect((await api.send('ageo', 'DELETE', created.location as string)).status).toBe(204);
  });

  it('refuses a group still given to users (409), and keeps it', async () => {
    const [id] = await groupsOf(partner);
    const user = await api.one("SELECT id FROM app_user WHERE username = 'vendeur'");
    await api.rows(`UPDATE app_user SET access_group_id = ${id} WHERE id = ${user}`);
    try {
      const refused = await api.send('partenaire', 'DELETE', `/api/access_groups/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body['hydra:description']).toBe(
        'Suppression impossible : des utilisateurs appartiennent à ce groupe.',
      );
      expect(await api.count(`SELECT 1 FROM access_group WHERE id = ${id}`)).toBe(1);
    } finally {
      await api.rows(`UPDATE app_user SET access_group_id = NULL WHERE id = ${user}`);
    }
  });

  it("puts a user only in a group of the user's own partner, even when the operator asks", async () => {
    const user = await api.one("SELECT id FROM app_user WHERE username = 'vendeur'");
    const [own] = await groupsOf(partner);
    const foreign = await api.one(
      `SELECT id FROM access_group WHERE partner_id IS DISTINCT FROM ${partner} ORDER BY id LIMIT 1`,
    );
    const before = await api.rows(`SELECT * FROM app_user WHERE id = ${user}`);
    const refused = await api.send(
      'ageo',
      'PATCH',
      `/api/users/${user}`,
      { accessGroup: `/api/access_groups/${foreign}` },
      merge,
    );
    expect(refused.status).toBe(422);
    expect(violationsOf(refused)).toEqual([
      "accessGroup: Ce groupe partenaire est celui d'un autre partenaire que l'utilisateur.",
    ]);
    expect(await api.rows(`SELECT * FROM app_user WHERE id = ${user}`)).toEqual(before);
    const given = await api.send(
      'ageo',
      'PATCH',
      `/api/users/${user}`,
      { accessGroup: `/api/access_groups/${own}` },
      merge,
    );
    try {
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      // Nor by moving the user to another partner under the group it keeps.
      const placed = await api.rows(`SELECT * FROM app_user WHERE id = ${user}`);
      const moved = await api.send(
        'ageo',
        'PATCH',
        `/api/users/${user}`,
        { partnerId: otherPartner },
        merge,
      );
      expect(moved.status).toBe(422);
      expect(violationsOf(moved)).toEqual([
        "accessGroup: Ce groupe partenaire est celui d'un autre partenaire que l'utilisateur.",
      ]);
      expect(await api.rows(`SELECT * FROM app_user WHERE id = ${user}`)).toEqual(placed);
    } finally {
      await api.rows(`UPDATE app_user SET access_group_id = NULL WHERE id = ${user}`);
    }
  });

  it('refuses malformed bodies: 400 for no object, 422 naming each field at fault', async () => {
    const before = await snapshot();
    const notJson = await api.send('partenaire', 'POST', '/api/access_groups', '{name');
    expect(notJson.status).toBe(400);
    const notObject = await api.send('partenaire', 'POST', '/api/access_groups', [1]);
    expect(notObject.status).toBe(400);
    const bad = await api.send('partenaire', 'POST', '/api/access_groups', {
      name: 'x'.repeat(101),
      enabled: 'oui',
      groupOrganizations: 'Horizon',
      createdBy: { firstname: 'Quelqu’un', lastname: 'D’autre' },
      partner: 3,
    });
    expect(bad.status).toBe(422);
    expect(violationsOf(bad).sort()).toEqual(
      [
        'createdBy: « Créé par » ne peut pas être modifié.',
        'enabled: « Actif » doit valoir vrai ou faux.',
        'groupOrganizations: « Organisations » doit être une liste.',
        'name: « Nom » ne doit pas dépasser 100 caractères.',
        "partner: Ce champ n'existe pas.",
      ].sort(),
    );
    const missing = await api.send('partenaire', 'POST', '/api/access_groups', { enabled: true });
    expect(violationsOf(missing)).toEqual(['name: « Nom » est obligatoire.']);
    const unknown = await api.send('partenaire', 'POST', '/api/access_groups', {
      name: 'Fantômes',
      groupOrganizations: ['/api/organizations/999999'],
    });
    expect(violationsOf(unknown)).toEqual([
      'groupOrganizations: « Organisations » : cet élément n’existe pas (/api/organizations/999999).',
    ]);
    const [seeded] = await api.rows<{ name: string }>(
      `SELECT name FROM access_group WHERE partner_id = ${partner} ORDER BY id LIMIT 1`,
    );
    const duplicate = await api.send('partenaire', 'POST', '/api/access_groups', {
      name: seeded.name.toUpperCase(),
    });
    expect(duplicate.status).toBe(422);
    expect(violationsOf(duplicate)).toEqual(['name: Cette valeur est déjà utilisée.']);
    expect(await snapshot()).toEqual(before);
  });

  it('takes a name another partner’s group has: unique within a partner only, nothing learnt of the other', async () => {
    const [foreign] = await api.rows<{ name: string }>(
      `SELECT name FROM access_group WHERE partner_id IS NOT NULL AND partner_id <> ${partner} ORDER BY id LIMIT 1`,
    );
    const created = await api.send('partenaire', 'POST', '/api/access_groups', {
      name: foreign.name,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api.send('partenaire', 'DELETE', created.location as string)).status).toBe(204);
  });
});
