import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, decodeJwt, OidcBrowser, pkce } from '../../scripts/lib/oidcBrowser.ts';
import { userSaveBody } from '../../src/domain/userForm.ts';
import { lastMailTo as lastMailToIn } from './support/outbox.ts';
import { type Json, ScopedApi, violationsOf } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let api: ScopedApi;
let partnerId: number;
let ownOrganization: number;
let foreignOrganization: number;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
  partnerId = await api.one("SELECT partner_id AS id FROM app_user WHERE username = 'partenaire'");
  ownOrganization = await api.one(
    `SELECT id FROM organization WHERE parent_id = ${partnerId} ORDER BY id LIMIT 1`,
  );
  foreignOrganization = await api.one(
    `SELECT id FROM organization WHERE type_id = 2 AND id <> ${partnerId} ORDER BY id LIMIT 1`,
  );
});
afterAll(() => server?.close());

const members = (body: Json) => body['hydra:member'] as Json[];
let serial = 0;
/** A new user's body, as the SPA's form sends it after its save rules (§5). */
const newUser = (extra: Json = {}): Json => {
  serial += 1;
  return {
    civility: 1,
    firstname: 'Camille',
    lastname: `Essai${serial}`,
    username: `camille.essai${serial}`,
    email: `camille.essai${serial}@exemple.fr`,
    typeSelected: 'PROFILE_SELLER',
    roles: [],
    plainPassword: 'motdepasse2026',
    repeatPassword: 'motdepasse2026',
    ...extra,
  };
};
const snapshot = () => api.rows('SELECT * FROM app_user ORDER BY id');

describe('the list and its lookups', () => {
  it('lists users by id ascending, 10 per page, with their type, profile and organisation', async () => {
    const page = await api.list('ageo', '/api/users');
    const list = members(page);
    expect(list).toHaveLength(10);
    expect(list.map((u) => u.id)).toEqual([...list.map((u) => u.id)].sort((a, b) => a - b));
    const ageo = list.find((u) => u.username === 'ageo') as Json;
    expect(ageo.userType).toMatchObject({ id: 1, role: 'PROFILE_ADMIN_AGEO' });
    expect(ageo.profileRealm.profile.name).toBe('Administrateur AGEO');
    expect(ageo).not.toHaveProperty('plainPassword');
    expect(ageo).not.toHaveProperty('password_hash');
    expect(page['hydra:totalItems']).toBe(await api.count('SELECT id FROM app_user'));
  });

  it("shows the seeded sellers' and managers' poles", async () => {
    const seller = await api.one("SELECT id FROM app_user WHERE username = 'vendeur'");
    const user = (await api.get('ageo', `/api/users/${seller}`)).body;
    expect(user.pole?.label).toMatch(/^Pôle /);
    expect(
      await api.count('SELECT id FROM app_user WHERE user_type IN (3, 4) AND pole_id IS NULL'),
    ).toBe(0);
  });

  it('sorts by last sign-in with the users never signed in last, both ways', async () => {
    // Two users signed in at known moments; most of the others never did.
    await api.rows(`UPDATE app_user SET last_logged = '2026-11-20T08:00:00Z'
      WHERE username = 'manager'`);
    await api.rows(`UPDATE app_user SET last_logged = '2026-11-21T08:00:00Z'
      WHERE username = 'vendeur'`);
    expect(await api.count('SELECT id FROM app_user WHERE last_logged IS NULL')).toBeGreaterThan(
      10,
    );
    for (const direction of ['desc', 'asc'] as const) {
      const page = members(
        await api.list('ageo', `/api/users?order[lastLogged]=${direction}&itemsPerPage=30`),
      );
      const expected = await api.ids(`SELECT id FROM app_user
        ORDER BY last_logged ${direction} NULLS LAST, id ${direction} LIMIT 30`);
      expect(
        page.map((u) => u.id),
        direction,
      ).toEqual(expected);
      // The ones who signed in come first, whichever the direction.
      expect(page[0].lastLogged, direction).not.toBeNull();
    }
  });

  it('finds one account by exact username and realm, and nothing for a near miss', async () => {
    const found = members(
      await api.list('ageo', '/api/users?exact_username=VENDEUR&realm=partenaires'),
    );
    expect(found.map((u) => u.username)).toEqual(['vendeur']);
    expect(
      members(await api.list('ageo', '/api/users?exact_username=vendeu&realm=partenaires')),
    ).toEqual([]);
    expect(members(await api.list('ageo', '/api/users?exact_username=vendeur&realm=ageo'))).toEqual(
      [],
    );
  });

  it('autocompletes on lastname and employee.lastname, and filters by profile and enabled', async () => {
    const lastname = (
      await api.rows<{ lastname: string }>(
        "SELECT lastname FROM app_user WHERE username = 'vendeur'",
      )
    )[0].lastname;
    const prefix = lastname.slice(0, 3).toLowerCase();
    for (const name of ['lastname', 'employee.lastname']) {
      const list = members(await api.list('ageo', `/api/users?${name}=${prefix}`));
      expect(list.length).toBeGreaterThan(0);
      for (const u of list) expect(u.lastname.toLowerCase()).toContain(prefix);
    }
    const seller = await api.one("SELECT id FROM profile WHERE name = 'Vendeur'");
    const sellers = await api.all('ageo', `/api/users?profile=${seller}`);
    expect(sellers.length).toBe(
      await api.count(
        `SELECT u.id FROM app_user u JOIN profile_realm pr ON pr.id = u.profile_realm_id WHERE pr.profile_id = ${seller}`,
      ),
    );
    const disabled = await api.all('ageo', '/api/users?enabled=false');
    for (const u of disabled) expect(u.enabled).toBe(false);
  });

  it('shows a partner administrator only its partner users', async () => {
    const seen = await api.all('partenaire', '/api/users');
    expect(seen.length).toBe(
      await api.count(`SELECT id FROM app_user WHERE partner_id = ${partnerId}`),
    );
    const ageoId = await api.one("SELECT id FROM app_user WHERE username = 'ageo'");
    expect((await api.get('partenaire', `/api/users/${ageoId}`)).status).toBe(404);
  });

  it('refuses whoever lacks USERS_MANAGEMENT (403), and answers 400 on a malformed filter', async () => {
    for (const account of ['manager', 'vendeur'] as const) {
      expect((await api.get(account, '/api/users')).status).toBe(403);
      expect((await api.send(account, 'POST', '/api/users/create', newUser())).status).toBe(403);
    }
    expect((await api.get('ageo', '/api/users?profile=abc')).status).toBe(400);
    expect((await api.get('ageo', '/api/users/999999')).status).toBe(404);
  });
});

describe('creation', () => {
  it('creates a seller with a password: its type role alone, its type profile, its partner', async () => {
    const body = newUser({ organization: `/api/organizations/${ownOrganization}` });
    const created = await api.send('partenaire', 'POST', '/api/users/create', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.roles).toEqual(['PROFILE_SELLER']);
    expect(created.body.profileRealm.profile.name).toBe('Vendeur');
    expect(created.body.partnerId).toBe(partnerId);
    expect(created.body.enabled).toBe(true);
    // It can sign in with that password through the real provider.
    const browser = new OidcBrowser(server.url, server.config.oidc.clientId);
    const tokens = await browser.login(body.username, body.plainPassword);
    const me = (await (await callApi(server.url, '/api/me', tokens.access_token)).json()) as Json;
    expect(me.roles).toContain('PROFILE_SELLER');
    expect(me.roles).not.toContain('USERS_MANAGEMENT');
  });

  it("attaches a partner administrator's new user given no organisation to the administrator's own", async () => {
    const own = await api.one(
      "SELECT organization_id AS id FROM app_user WHERE username = 'partenaire'",
    );
    const created = await api.send('partenaire', 'POST', '/api/users/create', newUser());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.organization?.id).toBe(own);
    expect(created.body.partnerId).toBe(partnerId);
    // The operator's own staff belong to no organisation unless one is chosen.
    const staff = await api.send('ageo', 'POST', '/api/users/create', newUser());
    expect(staff.status).toBe(201);
    expect(staff.body.organization).toBeNull();
  });

  it('never stores PROFILE_* roles nor extra rights from a new user body', async () => {
    const created = await api.send(
      'ageo',
      'POST',
      '/api/users',
      newUser({ roles: ['PROFILE_ADMIN_AGEO', 'VIEW_ADMIN'] }),
    );
    expect(created.status).toBe(201);
    const [row] = await api.rows<{ roles: string }>(
      `SELECT roles FROM app_user WHERE id = ${created.body.id}`,
    );
    expect(row.roles).toBe('PROFILE_SELLER');
  });

  it('without a password, writes an invitation with a one-time link to the outbox', async () => {
    const body = newUser({ plainPassword: null, repeatPassword: null });
    const created = await api.send('ageo', 'POST', '/api/users/create', body);
    expect(created.status).toBe(201);
    const mail = await lastMailTo(body.email);
    expect(mail.subject).toMatch(/mot de passe/i);
    expect(mail.text).toMatch(/finalise-account\?token=/);
    const [link] = await api.rows<{ purpose: string; hours: number }>(
      `SELECT purpose, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM user_token WHERE user_id = ${created.body.id}`,
    );
    expect(link).toEqual({ purpose: 'invitation', hours: 72 });
  });

  it('refuses a username already used in the realm, whatever its case: 409 in French, nothing written', async () => {
    const before = await snapshot();
    const answer = await api.send(
      'ageo',
      'POST',
      '/api/users/create',
      newUser({ username: 'VENDEUR' }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toMatch(/déjà utilisé dans ce royaume/);
    // Named as a violation of the field too, so that the form shows it under the username.
    expect(violationsOf(answer)).toEqual([`username: ${answer.body.detail}`]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses, with the embedded provider, an account of another realm: it could never sign in', async () => {
    const before = await snapshot();
    const answer = await api.send(
      'ageo',
      'POST',
      '/api/users/create',
      newUser({ realm: 'ageo', plainPassword: null, repeatPassword: null }),
    );
    expect(answer.status).toBe(422);
    expect(violationsOf(answer)).toEqual([
      "realm: Le fournisseur d'identité intégré ne connecte que les comptes du royaume « partenaires » : un compte d'un autre royaume ne pourrait pas se connecter.",
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('links one directory account to one user only (422 on idSso), nothing written', async () => {
    const [first, second] = await api.ids(
      "SELECT id FROM app_user WHERE username IN ('vendeur', 'manager') ORDER BY username DESC",
    );
    const patch = (user: number, idSso: string) =>
      api.send(
        'ageo',
        'PATCH',
        `/api/users/${user}`,
        { idSso },
        {
          'content-type': 'application/merge-patch+json',
        },
      );
    expect((await patch(first, 'sso-4f1c')).status).toBe(200);
    // Saving the same user again keeps its own link.
    expect((await patch(first, 'sso-4f1c')).status).toBe(200);
    const before = await snapshot();
    const taken = await patch(second, 'sso-4f1c');
    expect(taken.status).toBe(422);
    expect(violationsOf(taken)).toEqual([
      'idSso: Ce compte de l’annuaire est déjà relié à un autre utilisateur.',
    ]);
    expect(await snapshot()).toEqual(before);
    expect((await patch(first, '')).status).toBe(200);
  });

  it('refuses a seller code with a space or an accent, as a seller’s creation does (422), nothing written', async () => {
    const before = await snapshot();
    for (const sellerCode of ['V 042', 'VÉ42']) {
      const answer = await api.send('ageo', 'POST', '/api/users/create', newUser({ sellerCode }));
      expect(answer.status).toBe(422);
      expect(violationsOf(answer)).toEqual([
        'sellerCode: « Code vendeur » ne peut contenir que des lettres sans accent, des chiffres, - et _.',
      ]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses escalation by a partner administrator (422 on the field), nothing written', async () => {
    const ageoProfile = await api.one(
      "SELECT pr.id FROM profile_realm pr JOIN profile p ON p.id = pr.profile_id JOIN realm r ON r.id = pr.realm_id WHERE p.name = 'Administrateur AGEO' AND r.name = 'partenaires'",
    );
    const before = await snapshot();
    const attempts: Array<[Json, string]> = [
      [{ typeSelected: 'PROFILE_ADMIN_AGEO' }, 'typeSelected'],
      [{ profileRealm: `/api/profileRealms/${ageoProfile}` }, 'profileRealm'],
      [{ organization: `/api/organizations/${foreignOrganization}` }, 'organization'],
      [{ partnerId: foreignOrganization }, 'partnerId'],
      [{ realm: 'ageo' }, 'realm'],
      [{ password_hash: 'x' }, 'password_hash'],
    ];
    for (const [extra, field] of attempts) {
      const answer = await api.send('partenaire', 'POST', '/api/users/create', newUser(extra));
      expect(answer.status, JSON.stringify(extra)).toBe(422);
      expect(
        violationsOf(answer).some((v) => v.startsWith(`${field}:`)),
        violationsOf(answer).join(),
      ).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('checks every field at once, in French', async () => {
    const answer = await api.send('ageo', 'POST', '/api/users/create', {
      firstname: '',
      lastname: 'X',
      username: 'avec espace',
      email: 'pas-un-email',
      civility: 7,
      plainPassword: 'court',
      repeatPassword: 'autre',
      roles: ['NO_SUCH_RIGHT'],
    });
    expect(answer.status).toBe(422);
    const fields = violationsOf(answer).map((v) => v.split(':')[0]);
    expect(new Set(fields)).toEqual(
      new Set([
        'firstname',
        'username',
        'email',
        'civility',
        'plainPassword',
        'repeatPassword',
        'roles',
      ]),
    );
  });
});

describe('update', () => {
  const create = async () => {
    const created = await api.send('partenaire', 'POST', '/api/users/create', newUser());
    expect(created.status).toBe(201);
    return created.body;
  };

  it('updates a user the way the form sends it, and answers the new record', async () => {
    const user = await create();
    const answer = await api.send(
      'partenaire',
      'PUT',
      `/api/users/${user.id}`,
      userSaveBody(
        {
          ...user,
          jobFunction: 'Chargée de clientèle',
          roles: ['VIEW_COMMISSIONS'],
        },
        'update',
      ),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.jobFunction).toBe('Chargée de clientèle');
    expect(answer.body.roles).toEqual(['PROFILE_SELLER', 'VIEW_COMMISSIONS']);
  });

  it('keeps managedBy, and refuses rights the partner administrator does not hold', async () => {
    const manager = await api.one(
      `SELECT id FROM app_user WHERE user_type = 3 AND partner_id = ${partnerId} ORDER BY id LIMIT 1`,
    );
    const other = await api.one(
      `SELECT id FROM app_user WHERE user_type = 3 AND partner_id = ${partnerId} ORDER BY id DESC LIMIT 1`,
    );
    const created = await api.send(
      'partenaire',
      'POST',
      '/api/users/create',
      newUser({ managedBy: `/api/supervisors/${manager}` }),
    );
    expect(created.body.managedBy.id).toBe(manager);
    const moved = await api.send(
      'partenaire',
      'PUT',
      `/api/users/${created.body.id}`,
      // A client that does not follow §5 sends it anyway: the server keeps the first manager.
      { ...userSaveBody(created.body, 'update'), managedBy: `/api/supervisors/${other}` },
    );
    expect(other).not.toBe(manager);
    expect(moved.status).toBe(200);
    expect(moved.body.managedBy.id).toBe(manager);

    const before = await snapshot();
    const forged = await api.send(
      'partenaire',
      'PUT',
      `/api/users/${created.body.id}`,
      userSaveBody(
        {
          ...created.body,
          roles: ['VIEW_ADMIN'],
        },
        'update',
      ),
    );
    expect(forged.status).toBe(422);
    expect(violationsOf(forged).join()).toMatch(/« Accès à l'administration » \(VIEW_ADMIN\)/);
    expect(await snapshot()).toEqual(before);
  });

  it('lets a partner administrator save its managers as the form sends them, disabling one', async () => {
    // A manager's profile gives VIEW_SELLER, which a partner administrator does not hold: the
    // profile comes with the manager type, which it may grant, and an update that leaves the
    // profile as it is does not judge it again.
    const manager = await api.one(
      `SELECT id FROM app_user WHERE user_type = 3 AND partner_id = ${partnerId} ORDER BY id LIMIT 1`,
    );
    const { body } = await api.send('partenaire', 'GET', `/api/users/${manager}`);
    const saved = await api.send(
      'partenaire',
      'PUT',
      `/api/users/${manager}`,
      userSaveBody({ ...body, enabled: false }, 'update'),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.enabled).toBe(false);
    const back = await api.send(
      'partenaire',
      'PUT',
      `/api/users/${manager}`,
      userSaveBody({ ...saved.body, enabled: true }, 'update'),
    );
    expect(back.status).toBe(200);

    // The manager type's own profile, chosen by hand, is what a creation without one gets.
    const managerProfile = await api.one(
      "SELECT pr.id FROM profile_realm pr JOIN profile p ON p.id = pr.profile_id JOIN realm r ON r.id = pr.realm_id WHERE p.name = 'Manageur' AND r.name = 'partenaires'",
    );
    for (const profileRealm of [`/api/profileRealms/${managerProfile}`, null]) {
      const created = await api.send(
        'partenaire',
        'POST',
        '/api/users/create',
        newUser({ typeSelected: 'PROFILE_MANAGER', profileRealm }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.profileRealm.id).toBe(managerProfile);
    }
    // Another type's profile giving the same right stays refused: the seller's type with it.
    const refused = await api.send(
      'partenaire',
      'POST',
      '/api/users/create',
      newUser({ profileRealm: `/api/profileRealms/${managerProfile}` }),
    );
    expect(refused.status).toBe(422);
    expect(violationsOf(refused).join()).toMatch(
      /profileRealm: .*ne détenez pas : « Voir les vendeurs » \(VIEW_SELLER\)\./,
    );
  });

  it('refuses a partner administrator on an account of another partner (404) or above its type (403)', async () => {
    const foreign = await api.one(
      `SELECT id FROM app_user WHERE partner_id <> ${partnerId} ORDER BY id LIMIT 1`,
    );
    expect(
      (await api.send('partenaire', 'PUT', `/api/users/${foreign}`, { enabled: false })).status,
    ).toBe(404);
    const user = await create();
    // The operator turns it into an operator administrator: the partner can no longer touch it.
    const raised = await api.send(
      'ageo',
      'PATCH',
      `/api/users/${user.id}`,
      { typeSelected: 'PROFILE_ADMIN_AGEO' },
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const answer = await api.send(
      'partenaire',
      'PUT',
      `/api/users/${user.id}`,
      userSaveBody(
        {
          ...raised.body,
          jobFunction: 'x',
        },
        'update',
      ),
    );
    expect(answer.status).toBe(403);
  });

  it('disables a user: its refresh token stops working and its next sign-in is refused', async () => {
    const body = newUser();
    const created = await api.send('partenaire', 'POST', '/api/users/create', body);
    const browser = new OidcBrowser(server.url, server.config.oidc.clientId);
    const tokens = await browser.login(body.username, body.plainPassword);
    expect(tokens.refresh_token).toBeTruthy();
    const off = await api.send(
      'partenaire',
      'PUT',
      `/api/users/${created.body.id}`,
      userSaveBody(
        {
          ...created.body,
          enabled: false,
        },
        'update',
      ),
    );
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    const refreshed = await browser.token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
    });
    expect(refreshed.status).toBe(400);
    await expect(
      new OidcBrowser(server.url, server.config.oidc.clientId).login(
        body.username,
        body.plainPassword,
      ),
    ).rejects.toThrow();
  });

  it("gives the new type's profile to an account whose type changes and profile does not", async () => {
    const created = await api.send('partenaire', 'POST', '/api/users/create', newUser());
    expect(created.body.profileRealm.profile.name).toBe('Vendeur');
    // The form sends the account's own profile beside the new type.
    const promoted = await api.send(
      'partenaire',
      'PUT',
      `/api/users/${created.body.id}`,
      userSaveBody({ ...created.body, typeSelected: 'PROFILE_MANAGER' }, 'update'),
    );
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.userType.role).toBe('PROFILE_MANAGER');
    expect(promoted.body.profileRealm.profile.name).toBe('Manageur');
    // A profile chosen with the new type is the one kept (the operator may give any).
    const sellerProfile = created.body.profileRealm.id;
    const chosen = await api.send(
      'ageo',
      'PUT',
      `/api/users/${created.body.id}`,
      userSaveBody(
        {
          ...promoted.body,
          typeSelected: 'PROFILE_ADMIN_PARTNER',
          profileRealm: { id: sellerProfile },
        },
        'update',
      ),
    );
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.userType.role).toBe('PROFILE_ADMIN_PARTNER');
    expect(chosen.body.profileRealm.id).toBe(sellerProfile);
  });

  it('judges a signed-in account by its rows at the commit: demoted, disabled, enabled again', async () => {
    // Issued before each change, the same access token is judged by the rows as they are now,
    // not as they were when it was issued, nor as a cache of the last call kept them.
    const body = newUser({ typeSelected: 'PROFILE_ADMIN_PARTNER' });
    const created = await api.send('partenaire', 'POST', '/api/users/create', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const signIn = () =>
      new OidcBrowser(server.url, server.config.oidc.clientId).login(
        body.username,
        body.plainPassword,
      );
    const { access_token: token } = await signIn();
    expect((await callApi(server.url, '/api/users', token)).status).toBe(200);

    const managerProfile = await api.one(
      "SELECT pr.id FROM profile_realm pr JOIN profile p ON p.id = pr.profile_id JOIN realm r ON r.id = pr.realm_id WHERE p.name = 'Manageur' AND r.name = 'partenaires'",
    );
    const update = async (change: Json) => {
      const { body: current } = await api.send('partenaire', 'GET', `/api/users/${id}`);
      const saved = await api.send(
        'partenaire',
        'PUT',
        `/api/users/${id}`,
        userSaveBody({ ...current, ...change }, 'update'),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await update({
      typeSelected: 'PROFILE_MANAGER',
      profileRealm: { id: managerProfile, '@id': `/api/profileRealms/${managerProfile}` },
    });
    expect((await callApi(server.url, '/api/users', token)).status).toBe(403);
    expect((await callApi(server.url, '/api/me', token)).status).toBe(200);

    await update({ enabled: false });
    expect((await callApi(server.url, '/api/me', token)).status).toBe(401);

    await update({ enabled: true });
    const again = await signIn();
    expect((await callApi(server.url, '/api/me', again.access_token)).status).toBe(200);
  });

  it('ends the links mailed before a user is disabled: enabled again, it needs a new one', async () => {
    const user = await create();
    await api.send('partenaire', 'POST', `/api/users/${user.id}/reset_password`);
    const token = (await lastMailTo(user.email)).text?.match(/token=([\w-]+)/)?.[1];
    const link = () => fetch(`${server.url}/api/account/password_link?token=${token}`);
    expect((await link()).status).toBe(200);
    for (const enabled of [false, true]) {
      const { body: current } = await api.send('partenaire', 'GET', `/api/users/${user.id}`);
      const saved = await api.send(
        'partenaire',
        'PUT',
        `/api/users/${user.id}`,
        userSaveBody({ ...current, enabled }, 'update'),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    expect((await link()).status).toBe(410);
  });

  it('sends a reset link on request (202) to a user in scope only', async () => {
    const user = await create();
    const sent = await api.send('partenaire', 'POST', `/api/users/${user.id}/reset_password`);
    expect(sent.status).toBe(202);
    expect((await lastMailTo(user.email)).text).toMatch(/finalise-account\?token=/);
    const ageoId = await api.one("SELECT id FROM app_user WHERE username = 'ageo'");
    expect(
      (await api.send('partenaire', 'POST', `/api/users/${ageoId}/reset_password`)).status,
    ).toBe(404);
    expect((await api.send('vendeur', 'POST', `/api/users/${user.id}/reset_password`)).status).toBe(
      403,
    );
    // A malformed id reads as an unknown one, in the same words.
    const malformed = await api.send('partenaire', 'POST', '/api/users/abc/reset_password');
    expect(malformed.status).toBe(404);
    expect(malformed.body.detail).toBe('Cet utilisateur est introuvable.');
  });
});

describe('own profile', () => {
  it('reads and changes one’s names and job, never one’s roles', async () => {
    const profile = await api.get('vendeur', '/api/user/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe('vendeur');
    // Each right with the words of the rights tree, as the administration screens show it.
    expect(profile.body.rights).toContainEqual({ code: 'PROFILE_SELLER', label: 'Vendeur' });
    expect(profile.body.rights.map((r: Json) => r.code)).toEqual(profile.body.roles);
    const changed = await api.send('vendeur', 'PUT', '/api/user/profile', {
      ...profile.body,
      jobFunction: 'Conseiller senior',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.jobFunction).toBe('Conseiller senior');
    const before = await snapshot();
    const forged = await api.send('vendeur', 'PUT', '/api/user/profile', {
      ...profile.body,
      roles: ['PROFILE_ADMIN_AGEO'],
    });
    expect(forged.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('changes one’s password only with the current one, ending one’s other sessions', async () => {
    const body = newUser();
    await api.send('ageo', 'POST', '/api/users/create', body);
    const browser = new OidcBrowser(server.url, server.config.oidc.clientId);
    const tokens = await browser.login(body.username, body.plainPassword);
    // The same person signed in on another computer.
    const elsewhere = new OidcBrowser(server.url, server.config.oidc.clientId);
    const other = await elsewhere.login(body.username, body.plainPassword);
    expect(decodeJwt(tokens.access_token).payload.sid).toEqual(expect.any(String));
    expect(decodeJwt(tokens.access_token).payload.sid).not.toBe(
      decodeJwt(other.access_token).payload.sid,
    );
    const refresh = (client: OidcBrowser, refreshToken?: string) =>
      client.token({ grant_type: 'refresh_token', refresh_token: refreshToken ?? '' });
    const change = (currentPassword: string) =>
      fetch(new URL('/api/user/password', server.url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          currentPassword,
          plainPassword: 'nouveau2027abc',
          repeatPassword: 'nouveau2027abc',
        }),
      });
    expect((await change('faux')).status).toBe(422);
    // A refused change ends nothing: the other session still refreshes.
    const stillThere = await refresh(elsewhere, other.refresh_token);
    expect(stillThere.status).toBe(200);
    expect((await change(body.plainPassword)).status).toBe(204);
    // The session the change was made in goes on; the other one must sign in again.
    expect((await refresh(browser, tokens.refresh_token)).status).toBe(200);
    const ended = await refresh(elsewhere, String(stillThere.body.refresh_token));
    expect(ended.status).toBe(400);
    expect(ended.body.error).toBe('invalid_grant');
    // Its sign-in session went too: the provider shows the sign-in page, no silent sign-in.
    const again = await elsewhere.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    expect(again.redirect).toBeUndefined();
    expect(again.page?.status).toBe(200);
    // The session that made the change still signs in silently.
    const kept = await browser.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    expect(kept.redirect?.searchParams.get('code')).toEqual(expect.any(String));
    await new OidcBrowser(server.url, server.config.oidc.clientId).login(
      body.username,
      'nouveau2027abc',
    );
  });
});

const lastMailTo = (address: string) => lastMailToIn(server.config.dataDir, address);
