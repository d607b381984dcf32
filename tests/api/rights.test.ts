// Rights administration (issue 14; spec administration §7) over real HTTP and the real database:
// the calls of §7 with their guards, profiles owning realms and roles through link tables, the
// roles tree's operations and their refusals, the history of every change, and rights read from
// the same rows: a role taken from a profile leaves its users at their next token.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { TREE_CHANGED_ELSEWHERE, treeVersion } from '../../src/domain/rolesTree.ts';
import { type Account, type Json, ScopedApi, violationsOf } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

const members = (body: Json) => body['hydra:member'] as Json[];
const idOf = async (table: string, name: string) =>
  api.one(`SELECT id FROM ${table} WHERE name = '${name.replaceAll("'", "''")}'`);
const roleIri = async (name: string) => `/api/roles/${await idOf('role', name)}`;
/** A merge-patch, as HydraAdmin sends an edit. */
const patch = (account: Account, path: string, body: Json) =>
  api.send(account, 'PATCH', path, body, { 'content-type': 'application/merge-patch+json' });
const treeSnapshot = () => api.rows('SELECT id, parent_id, list_order FROM role ORDER BY id');

/** A fresh sign-in's roles, as the API sees them (GET /api/me). */
async function rolesAtSignIn(username: string): Promise<string[]> {
  const browser = new OidcBrowser(server.url, server.config.oidc.clientId);
  const tokens = await browser.login(username, 'demo');
  const me = (await (await callApi(server.url, '/api/me', tokens.access_token)).json()) as Json;
  return me.givenRoles;
}

describe('the calls of §7', () => {
  it('lists user types, realms, role themes and profiles with their realms and roles', async () => {
    const types = await api.list('ageo', '/api/userTypes');
    expect(members(types).map((t) => [t.id, t.name, t.role])).toEqual([
      [1, 'Administrateur AGEO', 'PROFILE_ADMIN_AGEO'],
      [2, 'Administrateur partenaire', 'PROFILE_ADMIN_PARTNER'],
      [3, 'Manageur', 'PROFILE_MANAGER'],
      [4, 'Vendeur', 'PROFILE_SELLER'],
    ]);
    const realms = members(await api.list('ageo', '/api/realms')).map((r) => r.name);
    expect(realms).toEqual(['partenaires', 'ageo']);
    const themes = members(await api.list('ageo', '/api/role_themes'));
    expect(themes).toHaveLength(5);

    const profiles = members(await api.list('ageo', '/api/profiles'));
    // Spec administration §9: other lists by ID ascending.
    for (const list of [themes, profiles]) {
      const ids = list.map((m) => m.id as number);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    const manager = profiles.find((p) => p.name === 'Manageur') as Json;
    expect(manager.realms).toEqual([`/api/realms/${await idOf('realm', 'partenaires')}`]);
    expect(manager.roles.sort()).toEqual(
      [await roleIri('VIEW_COMMISSIONS'), await roleIri('VIEW_SELLER')].sort(),
    );
  });

  it('answers profiles per realm ordered by profile name, filtered by realm', async () => {
    const ageo = await idOf('realm', 'ageo');
    const all = members(await api.list('ageo', '/api/profileRealms?order[profile.name]=asc'));
    expect(all.map((m) => m.profileName)).toEqual([
      'Administrateur AGEO',
      'Administrateur AGEO',
      'Administrateur partenaire',
      'Manageur',
      'Vendeur',
    ]);
    const inAgeo = members(
      await api.list('ageo', `/api/profileRealms?order[profile.name]=desc&realm=${ageo}`),
    );
    expect(inAgeo.map((m) => [m.profileName, m.realm])).toEqual([
      ['Administrateur AGEO', `/api/realms/${ageo}`],
    ]);
    // What the user form offers a partner administrator: no profile reserved to the operator.
    const offered = members(
      await api.list('partenaire', '/api/profileRealms?order[profile.name]=asc&isRestricted=false'),
    );
    expect(offered.map((m) => m.profileName)).toEqual([
      'Administrateur partenaire',
      'Manageur',
      'Vendeur',
    ]);
  });

  it('answers the roles of a profile in a realm, and the roles filtered by profile', async () => {
    const partner = await idOf('profile', 'Administrateur partenaire');
    const realm = await idOf('realm', 'partenaires');
    const byProfile = members(
      await api.list(
        'ageo',
        `/api/roles_by_profile?profiles.profile=${partner}&realms.realm=${realm}`,
      ),
    );
    expect(byProfile.map((r) => r.name).sort()).toEqual(['USERS_MANAGEMENT', 'VIEW_COMMISSIONS']);
    const roles = members(
      await api.list('ageo', `/api/roles?profiles.profile=/api/profiles/${partner}`),
    );
    expect(roles.map((r) => r.name).sort()).toEqual(['USERS_MANAGEMENT', 'VIEW_COMMISSIONS']);
    const folder = members(await api.list('ageo', '/api/roles?name=Équipes'))[0];
    expect(folder).toMatchObject({ isFolder: true, parent: null, realms: [], profiles: [] });
    expect(folder.children).toEqual([await roleIri('VIEW_SELLER'), await roleIri('VIEW_MANAGER')]);
  });

  it('lets whoever manages users read the rights, and only the operator change them', async () => {
    expect((await api.get('partenaire', '/api/profiles')).status).toBe(200);
    expect((await api.get('partenaire', '/api/roles')).status).toBe(200);
    for (const user of ['manager', 'vendeur'] as const) {
      for (const path of ['/api/profiles', '/api/roles', '/api/userTypes', '/api/realms']) {
        expect((await api.get(user, path)).status, `${user} ${path}`).toBe(403);
      }
    }
    const before = await api.rows('SELECT * FROM profile ORDER BY id');
    const forged = await api.send('partenaire', 'POST', '/api/profiles', { name: 'Pirate' });
    expect(forged.status).toBe(403);
    const grant = await patch('partenaire', '/api/roles/1', { profiles: [] });
    expect(grant.status).toBe(403);
    expect(await api.rows('SELECT * FROM profile ORDER BY id')).toEqual(before);
    expect((await api.get('partenaire', '/api/rights_changes')).status).toBe(403);
  });
});

describe('writing profiles, user types and roles', () => {
  it('creates a profile with realms and roles given as §7 says, then replaces them', async () => {
    const realm = await idOf('realm', 'partenaires');
    const created = await api.send('ageo', 'POST', '/api/profiles', {
      name: 'Vendeur senior',
      description: 'Vendeurs qui voient les commissions',
      isRestricted: false,
      realms: [{ realm: `/api/realms/${realm}` }],
      roles: [{ role: await roleIri('VIEW_COMMISSIONS') }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Vendeur senior',
      realms: [`/api/realms/${realm}`],
      roles: [await roleIri('VIEW_COMMISSIONS')],
    });
    const replaced = await api.send(
      'ageo',
      'PUT',
      created.location as string,
      { ...created.body, roles: [await roleIri('VIEW_SELLER'), await roleIri('VIEW_MANAGER')] },
      { 'if-match': created.etag as string },
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.roles.sort()).toEqual(
      [await roleIri('VIEW_SELLER'), await roleIri('VIEW_MANAGER')].sort(),
    );
    expect(replaced.body.realms).toEqual([`/api/realms/${realm}`]);
    expect((await api.send('ageo', 'DELETE', created.location as string)).status).toBe(204);
    expect(await api.count("SELECT 1 FROM profile WHERE name = 'Vendeur senior'")).toBe(0);
  });

  it('refuses unknown references, duplicate names and a profile still in use, changing nothing', async () => {
    const before = await api.rows('SELECT * FROM profile_role ORDER BY 1, 2');
    const seller = await idOf('profile', 'Vendeur');
    const unknown = await patch('ageo', `/api/profiles/${seller}`, {
      roles: ['/api/roles/999999', await roleIri('VIEW_SELLER')],
    });
    expect(unknown.status).toBe(422);
    expect(violationsOf(unknown)).toEqual([
      'roles: « Droits » : cet élément n’existe pas (/api/roles/999999).',
    ]);
    // A folder arranges the tree and gives nothing: it is no profile's right.
    const folder = await api.one('SELECT id FROM role WHERE is_folder ORDER BY id LIMIT 1');
    const folderGiven = await patch('ageo', `/api/profiles/${seller}`, {
      roles: [`/api/roles/${folder}`, await roleIri('VIEW_SELLER')],
    });
    expect(folderGiven.status).toBe(422);
    expect(violationsOf(folderGiven)).toEqual([
      'roles: Un dossier ne se donne pas : choisissez des droits, pas des dossiers.',
    ]);
    const malformed = await patch('ageo', `/api/profiles/${seller}`, {
      realms: 'partenaires',
    });
    expect(violationsOf(malformed)).toEqual(['realms: « Royaumes » doit être une liste.']);
    const duplicate = await api.send('ageo', 'POST', '/api/profiles', { name: 'manageur' });
    expect(duplicate.status).toBe(422);
    expect(violationsOf(duplicate)).toEqual(['name: Cette valeur est déjà utilisée.']);
    const inUse = await api.send('ageo', 'DELETE', `/api/profiles/${seller}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body['hydra:description']).toBe(
      'Suppression impossible : des utilisateurs ont ce profil.',
    );
    const realmInUse = await patch('ageo', `/api/profiles/${seller}`, { realms: [] });
    expect(realmInUse.status).toBe(409);
    expect(realmInUse.body['hydra:description']).toMatch(/^Modification impossible/);
    expect(await api.count(`SELECT 1 FROM profile_realm WHERE profile_id = ${seller}`)).toBe(1);
    const typeInUse = await api.send('ageo', 'DELETE', '/api/userTypes/4');
    expect(typeInUse.status).toBe(409);
    const hierarchy =
      'role: « Rôle du profil » doit être un rôle de profil de la hiérarchie : PROFILE_ADMIN_AGEO, PROFILE_ADMIN_PARTNER, PROFILE_GROUP, PROFILE_MANAGER, PROFILE_SELLER.';
    // Neither a role outside the profiles, nor a PROFILE_* code the hierarchy does not know
    // (its users would hold nothing below it).
    for (const role of ['ROLE_ADMIN', 'PROFILE_SUPERADMIN']) {
      const badType = await api.send('ageo', 'POST', '/api/userTypes', { name: 'Stagiaire', role });
      expect(violationsOf(badType)).toEqual([hierarchy]);
    }
    // One type per role: two could not be told apart in the user form.
    const twin = await api.send('ageo', 'POST', '/api/userTypes', {
      name: 'Vendeur bis',
      role: 'PROFILE_SELLER',
    });
    expect(twin.status).toBe(422);
    expect(violationsOf(twin)).toEqual(['role: Cette valeur est déjà utilisée.']);
    expect(await api.rows('SELECT * FROM profile_role ORDER BY 1, 2')).toEqual(before);
    expect(
      await api.count("SELECT 1 FROM user_type WHERE name IN ('Stagiaire', 'Vendeur bis')"),
    ).toBe(0);
  });

  it('saves a folder role with no realms nor profiles, and deleteWarning without hasWarning', async () => {
    const created = await api.send('ageo', 'POST', '/api/roles', {
      name: 'Dossier de test',
      description: 'Dossier de test',
      isFolder: true,
      hasWarning: true,
      deleteWarning: true,
      realms: [`/api/realms/${await idOf('realm', 'ageo')}`],
      profiles: [`/api/profiles/${await idOf('profile', 'Vendeur')}`],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      isFolder: true,
      hasWarning: false,
      deleteWarning: true,
      realms: [],
      profiles: [],
      children: [],
    });
    // Named for a role already a folder, realms or profiles are refused, not silently dropped.
    const given = await patch('ageo', created.location as string, {
      profiles: [`/api/profiles/${await idOf('profile', 'Vendeur')}`],
    });
    expect(violationsOf(given)).toEqual([
      'profiles: Un dossier n’a ni royaumes ni profils : ils se donnent à ses droits.',
    ]);
    const underARight = await patch('ageo', created.location as string, {
      parent: await roleIri('VIEW_ADMIN'),
    });
    expect(violationsOf(underARight)).toEqual([
      'parent: Un droit ne se range que dans un dossier.',
    ]);
    const inItself = await patch('ageo', created.location as string, {
      parent: created.location,
    });
    expect(violationsOf(inItself)).toEqual([
      'parent: Un dossier ne peut pas être rangé en lui-même ni dans son propre contenu.',
    ]);
    expect((await api.send('ageo', 'DELETE', created.location as string)).status).toBe(204);
  });

  it('names a realm as Keycloak does: no space, no accent (422), changing nothing', async () => {
    const before = await api.rows('SELECT * FROM realm ORDER BY id');
    for (const name of ['qa realm', 'réseau', '..', 'a/b']) {
      const answer = await api.send('ageo', 'POST', '/api/realms', { name });
      expect(answer.status, name).toBe(422);
      expect(violationsOf(answer)).toEqual([
        'name: « Nom » s’écrit en lettres sans accent, chiffres, « . », « - » et « _ », sans espace.',
      ]);
    }
    expect(await api.rows('SELECT * FROM realm ORDER BY id')).toEqual(before);
    const created = await api.send('ageo', 'POST', '/api/realms', { name: 'agents-2026_b.sud' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api.send('ageo', 'DELETE', created.location as string)).status).toBe(204);
  });

  it('refuses a right whose code no user could hold (a space, an accent, a comma), changing nothing', async () => {
    const before = await api.rows('SELECT * FROM role ORDER BY id');
    for (const name of ['nom avec espaces é', 'TEST,VIEW_ADMIN', 'view_admin']) {
      const answer = await api.send('ageo', 'POST', '/api/roles', {
        name,
        description: 'Droit mal formé',
        isFolder: false,
      });
      expect(answer.status, name).toBe(422);
      expect(violationsOf(answer)[0]).toMatch(/^name: « Code » : le code d’un droit s’écrit/);
    }
    const renamed = await patch('ageo', await roleIri('VIEW_ADMIN'), { name: 'VIEW ADMIN' });
    expect(renamed.status).toBe(422);
    // An order past what the column holds is an integer, too large: the message says so.
    const farAway = await patch('ageo', await roleIri('VIEW_ADMIN'), { listOrder: 99_999_999_999 });
    expect(violationsOf(farAway)).toEqual([
      'listOrder: « Ordre » doit être un nombre entier entre 0 et 2147483647.',
    ]);
    // An order is never negative (the tree sorts by it).
    const negative = await patch('ageo', await roleIri('VIEW_ADMIN'), { listOrder: -1 });
    expect(violationsOf(negative)).toEqual([
      'listOrder: « Ordre » ne peut pas être inférieur à 0.',
    ]);
    expect(await api.rows('SELECT * FROM role ORDER BY id')).toEqual(before);
    // A folder is named freely.
    const folder = await api.send('ageo', 'POST', '/api/roles', {
      name: 'Équipes régionales',
      description: 'Équipes régionales',
      isFolder: true,
    });
    expect(folder.status).toBe(201);
    expect((await api.send('ageo', 'DELETE', folder.location as string)).status).toBe(204);
  });
});

describe('the rights the product reads', () => {
  it('are never deleted nor renamed; a right an administrator added is', async () => {
    const before = await api.rows('SELECT * FROM role ORDER BY id');
    const links = await api.rows('SELECT * FROM profile_role ORDER BY 1, 2');
    for (const code of ['PROFILE_GROUP', 'VIEW_COMMISSIONS', 'VIEW_ADMIN', 'USERS_MANAGEMENT']) {
      const deleted = await api.send('ageo', 'DELETE', await roleIri(code));
      expect(deleted.status, code).toBe(409);
      expect(deleted.body.detail).toBe(
        `Suppression impossible : l’application s’appuie sur le droit ${code}. Retirez-le des profils qui ne doivent plus l’avoir.`,
      );
    }
    const renamed = await patch('ageo', await roleIri('VIEW_COMMISSIONS'), {
      name: 'VIEW_COMMISSIONS_OLD',
    });
    expect(violationsOf(renamed)).toEqual([
      'name: Code non modifiable : l’application lit le droit VIEW_COMMISSIONS sous ce code. Changez plutôt son libellé.',
    ]);
    // Made a folder, it would leave every profile (a folder is given to none).
    const folded = await patch('ageo', await roleIri('VIEW_SELLER'), { isFolder: true });
    expect(violationsOf(folded)).toEqual([
      'isFolder: Le droit VIEW_SELLER ne peut pas devenir un dossier : l’application s’appuie sur lui, et un dossier ne se donne à aucun profil.',
    ]);

    expect(await api.rows('SELECT * FROM role ORDER BY id')).toEqual(before);
    expect(await api.rows('SELECT * FROM profile_role ORDER BY 1, 2')).toEqual(links);
    // Its label is still the operator's to change.
    const relabelled = await patch('ageo', await roleIri('VIEW_SELLER'), {
      description: 'Voir les vendeurs de l’équipe',
    });
    expect(relabelled.status).toBe(200);

    const added = await api.send('ageo', 'POST', '/api/roles', {
      name: 'VIEW_REPORTS',
      description: 'Voir les rapports',
      isFolder: false,
    });
    expect(added.status).toBe(201);
    const again = await patch('ageo', added.location as string, { name: 'VIEW_REPORTS_2' });
    expect(again.status).toBe(200);
    expect((await api.send('ageo', 'DELETE', added.location as string)).status).toBe(204);
  });
});

describe('the roles tree', () => {
  it('moves and reorders roles in one transaction', async () => {
    const teams = await idOf('role', 'Équipes');
    const admin = await idOf('role', 'Administration');
    const seller = await idOf('role', 'VIEW_SELLER');
    const manager = await idOf('role', 'VIEW_MANAGER');
    const moved = await api.send('ageo', 'POST', '/api/roles/updateRolesTree', [
      { id: teams, listOrder: 3, children: [{ id: manager, listOrder: 0 }] },
      { id: admin, listOrder: 1, children: [{ id: seller, listOrder: 5 }] },
    ]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(204);
    expect(
      await api.rows(
        `SELECT id, parent_id, list_order FROM role WHERE id IN (${seller}, ${manager}) ORDER BY id`,
      ),
    ).toEqual([
      { id: seller, parent_id: admin, list_order: 5 },
      { id: manager, parent_id: teams, list_order: 0 },
    ]);
    const reordered = await api.send('ageo', 'POST', '/api/roles/updateOrderRoles', [
      { id: manager, listOrder: 1 },
    ]);
    expect(reordered.status).toBe(204);
    expect(await api.one(`SELECT list_order AS id FROM role WHERE id = ${manager}`)).toBe(1);
    // Back where the seed put it.
    await api.send('ageo', 'POST', '/api/roles/updateRolesTree', [
      {
        id: teams,
        listOrder: 3,
        children: [
          { id: seller, listOrder: 0 },
          { id: manager, listOrder: 1 },
        ],
      },
    ]);
    const folder = members(await api.list('ageo', '/api/roles?name=Équipes'))[0];
    expect(folder.children).toEqual([`/api/roles/${seller}`, `/api/roles/${manager}`]);
  });

  it('refuses, with a 412, a tree saved from a version another session changed since', async () => {
    const teams = await idOf('role', 'Équipes');
    const seller = await idOf('role', 'VIEW_SELLER');
    const manager = await idOf('role', 'VIEW_MANAGER');
    const placed = async () =>
      (
        await api.rows<{ id: number; parent_id: number | null; list_order: number }>(
          `SELECT id, parent_id, list_order FROM role WHERE id IN (${teams}, ${seller}, ${manager})`,
        )
      ).map((r) => ({ id: r.id, parent: r.parent_id, listOrder: r.list_order }));
    const tree = (first: number, second: number) => [
      {
        id: teams,
        listOrder: 3,
        children: [
          { id: first, listOrder: 0 },
          { id: second, listOrder: 1 },
        ],
      },
    ];
    // Two administrators load the same tree.
    const loaded = treeVersion(await placed());
    const a = await api.send('ageo', 'POST', '/api/roles/updateRolesTree', tree(manager, seller), {
      'If-Match': loaded,
    });
    expect(a.status, JSON.stringify(a.body)).toBe(204);
    const afterA = await treeSnapshot();
    // The second saves from what it loaded: refused, and A's order stays.
    const b = await api.send('ageo', 'POST', '/api/roles/updateRolesTree', tree(seller, manager), {
      'If-Match': loaded,
    });
    expect(b.status).toBe(412);
    expect(b.body.detail).toBe(TREE_CHANGED_ELSEWHERE);
    expect(await treeSnapshot()).toEqual(afterA);
    // Reloaded, it saves.
    const c = await api.send('ageo', 'POST', '/api/roles/updateRolesTree', tree(seller, manager), {
      'If-Match': treeVersion(await placed()),
    });
    expect(c.status).toBe(204);
    expect(
      await api.rows(
        `SELECT id, list_order FROM role WHERE id IN (${seller}, ${manager}) ORDER BY list_order`,
      ),
    ).toEqual([
      { id: seller, list_order: 0 },
      { id: manager, list_order: 1 },
    ]);
  });

  it('refuses a cycle, an unknown or repeated id, a role under a right, and changes nothing', async () => {
    const teams = await idOf('role', 'Équipes');
    const admin = await idOf('role', 'Administration');
    const seller = await idOf('role', 'VIEW_SELLER');
    const before = await treeSnapshot();
    const refused = async (body: unknown) => {
      const answer = await api.send('ageo', 'POST', '/api/roles/updateRolesTree', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return violationsOf(answer);
    };
    expect(
      await refused([{ id: teams, children: [{ id: admin, children: [{ id: teams }] }] }]),
    ).toEqual([
      `[0].children[0].children[0].id: Le droit ${teams} est placé dans son propre contenu : l'arbre ferait une boucle.`,
    ]);
    expect(await refused([{ id: teams }, { id: 999999 }])).toEqual([
      "[1].id: Le droit 999999 n'existe pas.",
    ]);
    expect(await refused([{ id: teams, children: [{ id: seller }] }, { id: seller }])).toEqual([
      `[1].id: Le droit ${seller} figure deux fois dans l'arbre (déjà en [0].children[0]).`,
    ]);
    expect(await refused([{ id: seller, children: [{ id: teams }] }])).toEqual([
      "[0].children[0].id: « VIEW_SELLER » n'est pas un dossier : un droit ne se range que dans un dossier.",
    ]);
    expect(await refused([{ id: 'x' }])).toEqual(['[0].id: Identifiant de droit invalide.']);
    const notAList = await api.send('ageo', 'POST', '/api/roles/updateRolesTree', { id: teams });
    expect(notAList.status).toBe(400);
    const forged = await api.send('partenaire', 'POST', '/api/roles/updateRolesTree', [
      { id: seller, listOrder: 0 },
    ]);
    expect(forged.status).toBe(403);
    expect(await treeSnapshot()).toEqual(before);
  });
});

describe('rights come from the data', () => {
  it('gives a profile’s role to its users at their next sign-in, and takes it back', async () => {
    const seller = await idOf('profile', 'Vendeur');
    expect(await rolesAtSignIn('vendeur')).toEqual(['PROFILE_SELLER']);
    const grant = await patch('ageo', `/api/profiles/${seller}`, {
      roles: [await roleIri('VIEW_COMMISSIONS')],
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    expect(await rolesAtSignIn('vendeur')).toEqual(['PROFILE_SELLER', 'VIEW_COMMISSIONS']);
    const revoke = await patch('ageo', `/api/profiles/${seller}`, { roles: [] });
    expect(revoke.status).toBe(200);
    expect(await rolesAtSignIn('vendeur')).toEqual(['PROFILE_SELLER']);
  });

  it('reaches a signed-in user at the next token refresh', async () => {
    const manager = await idOf('profile', 'Manageur');
    const browser = new OidcBrowser(server.url, server.config.oidc.clientId);
    const first = await browser.login('manager', 'demo');
    const rolesOf = async (accessToken: string) =>
      ((await (await callApi(server.url, '/api/me', accessToken)).json()) as Json).givenRoles;
    expect(await rolesOf(first.access_token)).toContain('VIEW_SELLER');
    const taken = await patch('ageo', `/api/profiles/${manager}`, {
      roles: [await roleIri('VIEW_COMMISSIONS')],
    });
    expect(taken.status).toBe(200);
    const refreshed = await browser.token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);
    expect(await rolesOf(refreshed.body.access_token as string)).toEqual([
      'PROFILE_MANAGER',
      'VIEW_COMMISSIONS',
    ]);
    // Put back.
    await patch('ageo', `/api/profiles/${manager}`, {
      roles: [await roleIri('VIEW_COMMISSIONS'), await roleIri('VIEW_SELLER')],
    });
  });

  it('keeps the demo accounts’ roles exactly', async () => {
    expect(await rolesAtSignIn('ageo')).toEqual([
      'PROFILE_ADMIN_AGEO',
      'VIEW_ADMIN',
      'USERS_MANAGEMENT',
      'VIEW_COMMISSIONS',
      'VIEW_SELLER',
      'VIEW_MANAGER',
    ]);
    expect(await rolesAtSignIn('manager')).toEqual([
      'PROFILE_MANAGER',
      'VIEW_COMMISSIONS',
      'VIEW_SELLER',
    ]);
  });
});

describe('the history of rights', () => {
  it('starts with what the installation gave each profile, its rights named as every later entry names them', async () => {
    const installed = members(
      await api.list('ageo', '/api/rights_changes?actor=installation&itemsPerPage=100'),
    );
    const given = installed.flatMap((entry) => entry.after.roles as string[]);
    expect(installed.length).toBeGreaterThan(0);
    expect(given.length).toBeGreaterThan(0);
    const iris = new Set(
      (await api.rows<{ id: number }>('SELECT id FROM role')).map((r) => `/api/roles/${r.id}`),
    );
    expect(given.filter((role) => !iris.has(role))).toEqual([]);
  });

  it('records who changed what, before and after, for the operator to read', async () => {
    const theme = await api.send('ageo', 'POST', '/api/role_themes', { name: 'Thème historisé' });
    expect(theme.status).toBe(201);
    const renamed = await patch('ageo', theme.location as string, {
      name: 'Thème renommé',
    });
    expect(renamed.status).toBe(200);
    const history = members(
      await api.list('ageo', `/api/rights_changes?className=RoleTheme&targetId=${theme.body.id}`),
    );
    expect(history.map((h) => [h.action, h.actor, h.before?.name ?? null, h.after?.name])).toEqual([
      ['update', 'ageo', 'Thème historisé', 'Thème renommé'],
      ['create', 'ageo', null, 'Thème historisé'],
    ]);
    // A right deleted: its deletion keeps the profiles that held it (the screen names them).
    const seller = `/api/profiles/${await idOf('profile', 'Vendeur')}`;
    const right = await api.send('ageo', 'POST', '/api/roles', {
      name: 'DROIT_HISTORISE',
      description: 'Droit historisé',
      isFolder: false,
      profiles: [seller],
    });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    expect((await api.send('ageo', 'DELETE', right.location as string)).status).toBe(204);
    const [deleted] = members(
      await api.list('ageo', `/api/rights_changes?className=Role&targetId=${right.body.id}`),
    );
    expect([deleted.action, deleted.before?.profiles, deleted.after]).toEqual([
      'delete',
      [seller],
      null,
    ]);
    const tree = members(await api.list('ageo', '/api/rights_changes?action=tree'));
    expect(tree.length).toBeGreaterThan(0);
    expect(tree[0].after[0]).toHaveProperty('parent');
  });
});
