// Creating sellers (POST /api/brokers) and managers (POST /api/supervisors) over real HTTP:
// 201 with the member as GET shows it, then visible in the lists; every invalid field a 422
// ConstraintViolationList naming it, with nothing saved; who may create whom (docs/security.md).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { type Account, type Json, ScopedApi } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { subscribe } from './support/sse.ts';

let server: TestServer;
let api: ScopedApi;
beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  type: string;
  location: string | null;
  etag: string | null;
  body: Json;
}

async function post(
  user: Account,
  path: string,
  body: unknown,
  contentType = 'application/ld+json',
): Promise<Answer> {
  const response = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await api.token(user)}`,
      'content-type': contentType,
      accept: 'application/ld+json',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    location: response.headers.get('location'),
    etag: response.headers.get('etag'),
    body: (await response.json()) as Json,
  };
}

const one = async <T = Json>(query: string) => (await api.rows<T>(query))[0];
const idOf = async (username: string) =>
  Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = '${username}'`)).id);
const userCount = async () =>
  Number((await one<{ n: number }>('SELECT count(*) AS n FROM app_user')).n);

/** Ids of the demo partner (partenaire's), another partner, a business provider, managers. */
const world = {} as {
  partner: number;
  otherPartner: number;
  provider: number;
  manager: number;
  otherManager: number;
  seller: number;
};
beforeAll(async () => {
  world.partner = Number(
    (
      await one<{ id: number }>(
        "SELECT partner_id AS id FROM app_user WHERE username = 'partenaire'",
      )
    ).id,
  );
  world.otherPartner = Number(
    (
      await one<{ id: number }>(
        `SELECT id FROM organization WHERE type_id = 2 AND id <> ${world.partner} ORDER BY id LIMIT 1`,
      )
    ).id,
  );
  world.provider = Number(
    (await one<{ id: number }>('SELECT id FROM organization WHERE type_id = 3 ORDER BY id LIMIT 1'))
      .id,
  );
  world.manager = await idOf('manager');
  world.otherManager = Number(
    (
      await one<{ id: number }>(
        `SELECT id FROM app_user WHERE user_type = 3 AND partner_id = ${world.otherPartner} LIMIT 1`,
      )
    ).id,
  );
  world.seller = await idOf('vendeur');
});

let serial = 0;
/** A valid seller body, unique each time. */
function sellerBody(overrides: Json = {}, employee: Json = {}): Json {
  serial += 1;
  return {
    username: `claire.martin${serial}`,
    email: `claire.martin${serial}@horizon-courtage.fr`,
    enabled: true,
    sellerCode: `NV${String(serial).padStart(4, '0')}`,
    ...overrides,
    employee: {
      civility: 1,
      firstname: 'Claire',
      lastname: 'Martin',
      jobFunction: 'Conseillère commerciale',
      organization: `/api/organizations/${world.partner}`,
      managedBy: `/api/supervisors/${world.manager}`,
      ...employee,
    },
  };
}

describe('POST /api/brokers: creation', () => {
  it('answers 201, the member as GET shows it and its Location; the list then holds it', async () => {
    // Created on the framework's write path: its hub topic hears of it, its ETag is GET's.
    const hub = await subscribe(server.url, ['brokers'], await api.token('ageo'));
    expect(hub.status).toBe(200);
    const body = sellerBody();
    const answer = await post('ageo', '/api/brokers', body);
    expect(answer.status).toBe(201);
    try {
      const [event] = await hub.waitForEvents(1);
      expect(JSON.parse(event.data)).toEqual({ changed: 'brokers' });
    } finally {
      hub.close();
    }
    expect(answer.type).toMatch(/^application\/ld\+json/);
    const id = answer.body.id as number;
    expect(answer.location).toBe(`/api/brokers/${id}`);
    expect(answer.body).toMatchObject({
      '@context': '/api/contexts/Broker',
      '@id': `/api/brokers/${id}`,
      '@type': 'Broker',
      username: body.username,
      email: body.email,
      enabled: true,
      roles: ['PROFILE_SELLER'],
      userType: { id: 4, label: 'Vendeur' },
      sellerCode: body.sellerCode,
      partnerId: world.partner,
      employee: {
        civility: 1,
        firstname: 'Claire',
        lastname: 'Martin',
        jobFunction: 'Conseillère commerciale',
        organization: { id: world.partner, legalname: 'Horizon Courtage' },
        managedBy: { '@id': `/api/supervisors/${world.manager}`, id: world.manager },
      },
    });

    const item = await api.get('ageo', `/api/brokers/${id}`);
    expect(item.status).toBe(200);
    expect(item.body).toEqual(answer.body);
    const read = await fetch(new URL(`/api/brokers/${id}`, server.url), {
      headers: { authorization: `Bearer ${await api.token('ageo')}` },
    });
    expect(answer.etag).toBe(read.headers.get('etag'));
    const list = await api.get('ageo', `/api/brokers?username=${body.username}`);
    expect(list.body['hydra:member'].map((m: Json) => m.id)).toEqual([id]);
    // The manager it is given, and the partner administrator of its partner, see it too.
    expect((await api.get('manager', `/api/brokers/${id}`)).status).toBe(200);
    expect((await api.get('partenaire', `/api/brokers/${id}`)).status).toBe(200);
  });

  it('stores an identity-provider account like the seeded ones, without a password', async () => {
    const body = sellerBody();
    expect((await post('ageo', '/api/brokers', body)).status).toBe(201);
    const row = await one(
      `SELECT realm, password_hash, roles, user_type FROM app_user WHERE username = '${body.username}'`,
    );
    expect(row).toEqual({
      realm: 'partenaires',
      password_hash: null,
      roles: 'PROFILE_SELLER',
      user_type: 4,
    });
    // No sign-in until the invitation flow lets its owner choose a password.
    const browser = new OidcBrowser(server.url, server.config.oidc.clientId);
    await expect(browser.login(body.username, 'demo')).rejects.toThrow(/did not end with a code/);
  });

  it('invites a created seller or manager to choose a password, by e-mail', async () => {
    for (const [path, body] of [
      ['/api/brokers', sellerBody()],
      // A manager's body: no seller code, no manager.
      [
        '/api/supervisors',
        (({ sellerCode: _, ...body }) => body)(sellerBody({}, { managedBy: undefined })),
      ],
    ] as const) {
      const created = await post('ageo', path, body);
      expect(created.status).toBe(201);
      const link = await one(
        `SELECT t.purpose FROM user_token t JOIN app_user u ON u.id = t.user_id WHERE u.username = '${body.username}'`,
      );
      expect(link).toEqual({ purpose: 'invitation' });
      const outbox = join(server.config.dataDir, 'outbox');
      const mails = await Promise.all(
        (await readdir(outbox)).map((file) => readFile(join(outbox, file), 'utf8')),
      );
      expect(mails.some((mail) => mail.includes(body.email))).toBe(true);
    }
  });

  it('takes plain application/json, references as ids, and string civilities', async () => {
    const body = sellerBody({}, { civility: '2', organization: world.partner, managedBy: null });
    const answer = await post('ageo', '/api/brokers', body, 'application/json');
    expect(answer.status).toBe(201);
    expect(answer.body.employee).toMatchObject({ civility: 2, managedBy: null });
  });

  it('refuses a body that is not JSON with a 400, and saves nothing', async () => {
    const before = await userCount();
    const answer = await post('ageo', '/api/brokers', '{"username":', 'application/ld+json');
    expect(answer.status).toBe(400);
    expect(answer.body['hydra:description']).toMatch(/JSON/);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/brokers: validation (422, nothing saved)', () => {
  const cases: Array<[string, () => Json, string, RegExp]> = [
    ['username missing', () => sellerBody({ username: undefined }), 'username', /obligatoire/],
    ['username blank', () => sellerBody({ username: '   ' }), 'username', /obligatoire/],
    ['username taken', () => sellerBody({ username: 'vendeur' }), 'username', /déjà utilisé/],
    ['username taken, other case', () => sellerBody({ username: 'VENDEUR' }), 'username', /déjà/],
    ['username with a space', () => sellerBody({ username: 'a b' }), 'username', /caractères/],
    // The limits and forms of the User class (src/domain/schema/user.ts): a member created here
    // can be saved again from the administration's user form.
    ['username from a dot', () => sellerBody({ username: '.vd' }), 'username', /commence par/],
    [
      'seller code over 40',
      () => sellerBody({ sellerCode: 'V'.repeat(41) }),
      'sellerCode',
      /40 caractères/,
    ],
    [
      'job function over 100',
      () => sellerBody({}, { jobFunction: 'x'.repeat(101) }),
      'employee.jobFunction',
      /100 caractères/,
    ],
    ['e-mail missing', () => sellerBody({ email: null }), 'email', /obligatoire/],
    ['e-mail invalid', () => sellerBody({ email: 'claire.martin' }), 'email', /pas valide/],
    [
      'e-mail taken',
      () => sellerBody({ email: 'Victor.Morel@horizon-courtage.fr' }),
      'email',
      /déjà utilisée/,
    ],
    ['seller code missing', () => sellerBody({ sellerCode: '' }), 'sellerCode', /obligatoire/],
    [
      'seller code taken',
      () => sellerBody({ sellerCode: 'vd0001' }),
      'sellerCode',
      /déjà attribué/,
    ],
    ['enabled not a boolean', () => sellerBody({ enabled: 'oui' }), 'enabled', /vrai ou faux/],
    ['civility 3', () => sellerBody({}, { civility: 3 }), 'employee.civility', /1 \(Mme\) ou 2/],
    [
      'civility missing',
      () => sellerBody({}, { civility: null }),
      'employee.civility',
      /obligatoire/,
    ],
    ['first name blank', () => sellerBody({}, { firstname: ' ' }), 'employee.firstname', /prénom/],
    [
      'last name missing',
      () => sellerBody({}, { lastname: undefined }),
      'employee.lastname',
      /nom/,
    ],
    [
      'organisation missing',
      () => sellerBody({}, { organization: null }),
      'employee.organization',
      /obligatoire/,
    ],
    [
      'organisation malformed',
      () => sellerBody({}, { organization: 'Horizon' }),
      'employee.organization',
      /IRI/,
    ],
    [
      'organisation unknown',
      () => sellerBody({}, { organization: '/api/organizations/999999' }),
      'employee.organization',
      /n'existe pas/,
    ],
    [
      'organisation not a partner',
      () => sellerBody({}, { organization: `/api/organizations/${world.provider}` }),
      'employee.organization',
      /partenaire/,
    ],
    [
      'manager unknown',
      () => sellerBody({}, { managedBy: '/api/supervisors/999999' }),
      'employee.managedBy',
      /introuvable/,
    ],
    [
      'manager who is a seller',
      () => sellerBody({}, { managedBy: `/api/supervisors/${world.seller}` }),
      'employee.managedBy',
      /introuvable/,
    ],
    [
      "manager of another partner than the seller's organisation",
      () => sellerBody({}, { managedBy: `/api/supervisors/${world.otherManager}` }),
      'employee.managedBy',
      /même partenaire/,
    ],
    [
      'partner other than the organisation',
      () => sellerBody({ partnerId: world.otherPartner }),
      'partnerId',
      /organisation choisie/,
    ],
    [
      'forged role',
      () => sellerBody({ roles: ['PROFILE_SELLER', 'PROFILE_ADMIN_AGEO'] }),
      'roles',
      /PROFILE_ADMIN_AGEO/,
    ],
  ];

  it.each(cases)('%s: 422 naming %s', async (_name, body, path, message) => {
    const before = await userCount();
    const answer = await post('ageo', '/api/brokers', body());
    expect(answer.status).toBe(422);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      '@context': '/api/contexts/ConstraintViolationList',
      '@type': 'ConstraintViolationList',
      status: 422,
    });
    const violations = answer.body.violations as Array<{ propertyPath: string; message: string }>;
    expect(violations.map((v) => v.propertyPath)).toEqual([path]);
    expect(violations[0].message).toMatch(message);
    expect(answer.body['hydra:description']).toBe(`${path}: ${violations[0].message}`);
    expect(await userCount()).toBe(before);
  });

  it('names every field at fault in one answer', async () => {
    const before = await userCount();
    const answer = await post('ageo', '/api/brokers', {});
    expect(answer.status).toBe(422);
    expect(answer.body.violations.map((v: Json) => v.propertyPath).sort()).toEqual([
      'email',
      'employee.civility',
      'employee.firstname',
      'employee.lastname',
      'employee.organization',
      'sellerCode',
      'username',
    ]);
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/supervisors', () => {
  const managerBody = (overrides: Json = {}, employee: Json = {}) => {
    const { sellerCode: _, ...body } = sellerBody(overrides, { managedBy: undefined, ...employee });
    return body;
  };

  it('creates a manager with the profile of the seeded ones', async () => {
    const body = managerBody();
    const answer = await post('ageo', '/api/supervisors', body);
    expect(answer.status).toBe(201);
    expect(answer.location).toBe(`/api/supervisors/${answer.body.id}`);
    expect(answer.body).toMatchObject({
      '@type': 'Supervisor',
      // Its type's role, and its profile's (Manageur).
      roles: ['PROFILE_MANAGER', 'VIEW_COMMISSIONS', 'VIEW_SELLER'],
      userType: { id: 3, label: 'Manageur' },
      sellerCode: null,
      employee: { managedBy: null },
    });
    const item = await api.get('partenaire', answer.location as string);
    expect(item.body).toEqual(answer.body);
  });

  it('refuses a role a manager may not be given, and saves nothing', async () => {
    const before = await userCount();
    const answer = await post(
      'ageo',
      '/api/supervisors',
      managerBody({ roles: ['USERS_MANAGEMENT'] }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.violations).toEqual([
      {
        propertyPath: 'roles',
        message: 'Le rôle « USERS_MANAGEMENT » ne peut pas être attribué à un manager.',
      },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('lets a partner administrator create in its own partner only', async () => {
    const own = await post('partenaire', '/api/supervisors', managerBody());
    expect(own.status).toBe(201);
    const before = await userCount();
    const other = await post(
      'partenaire',
      '/api/supervisors',
      managerBody({}, { organization: `/api/organizations/${world.otherPartner}` }),
    );
    expect(other.status).toBe(422);
    expect(other.body.violations.map((v: Json) => v.propertyPath)).toEqual([
      'employee.organization',
    ]);
    expect(await userCount()).toBe(before);
  });
});

describe('who may create (docs/security.md)', () => {
  it('a partner administrator: its own partner by default, no other partner', async () => {
    const created = await post(
      'partenaire',
      '/api/brokers',
      sellerBody({}, { organization: undefined }),
    );
    expect(created.status).toBe(201);
    expect(created.body.employee.organization.id).toBe(world.partner);

    const before = await userCount();
    const elsewhere = await post(
      'partenaire',
      '/api/brokers',
      sellerBody({}, { organization: world.otherPartner, managedBy: world.otherManager }),
    );
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.violations.map((v: Json) => v.propertyPath).sort()).toEqual([
      'employee.managedBy',
      'employee.organization',
    ]);
    // Another partner's manager is "not found", as that partner's rows are to it.
    expect(
      elsewhere.body.violations.find((v: Json) => v.propertyPath === 'employee.managedBy'),
    ).toMatchObject({ message: 'Ce manager est introuvable.' });
    const forged = await post(
      'partenaire',
      '/api/brokers',
      sellerBody({ roles: ['PROFILE_ADMIN_PARTNER'] }),
    );
    expect(forged.status).toBe(422);
    expect(forged.body.violations.map((v: Json) => v.propertyPath)).toEqual(['roles']);
    expect(await userCount()).toBe(before);
  });

  it('a manager: a seller it manages, visible at once in its list', async () => {
    const created = await post(
      'manager',
      '/api/brokers',
      sellerBody({}, { organization: undefined, managedBy: undefined }),
    );
    expect(created.status).toBe(201);
    expect(created.body.employee.managedBy.id).toBe(world.manager);
    const team = await api.all('manager', '/api/brokers');
    expect(team.map((m) => m.id)).toContain(created.body.id);

    const before = await userCount();
    const forOther = await post(
      'manager',
      '/api/brokers',
      sellerBody({}, { managedBy: `/api/supervisors/${world.otherManager}` }),
    );
    expect(forOther.status).toBe(422);
    expect(forOther.body.violations).toEqual([
      {
        propertyPath: 'employee.managedBy',
        message: "Un manager ne peut créer que des vendeurs qu'il encadre.",
      },
    ]);
    expect((await post('manager', '/api/supervisors', sellerBody())).status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['vendeur', '/api/brokers'],
    ['vendeur', '/api/supervisors'],
  ] as const)('%s POST %s: 403, nothing saved', async (user, path) => {
    const before = await userCount();
    const answer = await post(user, path, sellerBody());
    expect(answer.status).toBe(403);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(answer.body['hydra:description']).toBeTruthy();
    expect(await userCount()).toBe(before);
  });

  it('401 without a token', async () => {
    const response = await fetch(new URL('/api/brokers', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/ld+json' },
      body: JSON.stringify(sellerBody()),
    });
    expect(response.status).toBe(401);
  });
});
