// The single sign-on directory search (spec administration §7 "sso_search" calls, §9 maximum
// 100000; issue 13) over real HTTP and the real database: the three calls with their answer's
// shape, guards, partner scope, parameters and realms, against the embedded provider's accounts
// (app_user) and against Keycloak's admin REST API, played by a fake Keycloak (node:http)
// answering the client-credentials token endpoint and GET /admin/realms/{realm}/users as
// Keycloak does. The Keycloak directory runs in a second server instance on the same database,
// as a second instance behind a load balancer would.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../scripts/lib/oidcBrowser.ts';
import { buildApp } from '../../server/src/app.ts';
import { ConfigError, loadConfig } from '../../server/src/config.ts';
import { type Account, type Json, ScopedApi } from './support/scopedApi.ts';
import { freePort, startTestServer, type TestServer } from './support/server.ts';

const ENTRY_KEYS = ['email', 'enabled', 'firstName', 'id', 'lastName', 'realm', 'username'];
const UNKNOWN_REALM = "Ce royaume est introuvable dans l'annuaire.";
const UNAVAILABLE = 'Annuaire indisponible, réessayez dans un instant.';
const MAX_MESSAGE = 'Le paramètre « max » doit être un nombre entier de 1 à 100000.';

let server: TestServer;
let api: ScopedApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new ScopedApi(server);
});
afterAll(() => server?.close());

const names = (entries: Json[]) => entries.map((e) => e.username);
/** The server's order: lower-cased user names, byte by byte (COLLATE "C"). */
const byName = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

async function entries(user: Account, path: string, on: ScopedApi = api): Promise<Json[]> {
  const answer = await on.get(user, path);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
  expect(Array.isArray(answer.body), path).toBe(true);
  return answer.body as unknown as Json[];
}

const partnerOf = async (username: string) =>
  (
    await api.rows<{ partner_id: number | null }>(
      `SELECT partner_id FROM app_user WHERE username = '${username}'`,
    )
  )[0].partner_id;

describe('the embedded directory (app_user)', () => {
  it("lists a realm's accounts in Keycloak's shape, the default realm being 'partenaires'", async () => {
    const all = await entries('ageo', '/api/users/sso_search');
    const rows = await api.rows<{ id: number; username: string; email: string | null }>(
      "SELECT id, username, email FROM app_user WHERE realm = 'partenaires'",
    );
    expect(all).toHaveLength(rows.length);
    expect(names(all)).toEqual(rows.map((r) => r.username).sort(byName));
    for (const entry of all) expect(Object.keys(entry).sort()).toEqual(ENTRY_KEYS);
    const vendeur = all.find((e) => e.username === 'vendeur') as Json;
    const row = rows.find((r) => r.username === 'vendeur') as { id: number; email: string };
    expect(vendeur).toEqual({
      id: String(row.id),
      username: 'vendeur',
      firstName: 'Victor',
      lastName: 'Morel',
      email: row.email,
      enabled: true,
      realm: 'partenaires',
    });
    // Named explicitly, the same realm answers the same.
    expect(await entries('ageo', '/api/users/sso_search?realm=partenaires')).toEqual(all);
  });

  it('keeps the accounts whose user name contains the text, at most max', async () => {
    const found = await entries('ageo', '/api/users/sso_search?username=VEND&realm=partenaires');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.username.toLowerCase().includes('vend'))).toBe(true);
    expect(names(found)).toContain('vendeur');
    // % and _ are letters here, not LIKE's wildcards.
    expect(await entries('ageo', '/api/users/sso_search?username=%25')).toEqual([]);
    const two = await entries('ageo', '/api/users/sso_search?max=2');
    expect(two).toHaveLength(2);
    const all = await entries('ageo', '/api/users/sso_search?max=100000');
    expect(names(two)).toEqual(names(all).slice(0, 2));
  });

  it('finds one account by its exact user name or e-mail, whatever the case', async () => {
    const [one, ...rest] = await entries(
      'ageo',
      '/api/users/sso_search_by_username?username=VenDeur&realm=partenaires',
    );
    expect(rest).toEqual([]);
    expect(one).toMatchObject({ username: 'vendeur', firstName: 'Victor' });
    // Contained is not exact.
    expect(await entries('ageo', '/api/users/sso_search_by_username?username=vend')).toEqual([]);

    const email = (one.email as string).toUpperCase();
    const byEmail = await entries(
      'ageo',
      `/api/users/sso_search_by_email?email=${encodeURIComponent(email)}&realm=partenaires`,
    );
    expect(byEmail).toEqual([one]);
    expect(
      await entries('ageo', '/api/users/sso_search_by_email?email=personne@nulle.part'),
    ).toEqual([]);
  });

  it("answers an account's id_sso as its id when it has one", async () => {
    await api.rows("UPDATE app_user SET id_sso = 'sso-manager-1' WHERE username = 'manager'");
    try {
      const [manager] = await entries('ageo', '/api/users/sso_search_by_username?username=manager');
      expect(manager.id).toBe('sso-manager-1');
    } finally {
      await api.rows("UPDATE app_user SET id_sso = NULL WHERE username = 'manager'");
    }
  });

  it('answers an empty list for a realm of the Admin area without accounts, 404 for others', async () => {
    expect(await entries('ageo', '/api/users/sso_search?realm=ageo')).toEqual([]);
    for (const realm of ['inconnu', 'master', '..', 'a%2Fb', 'x'.repeat(61)]) {
      for (const path of [
        `/api/users/sso_search?realm=${realm}`,
        `/api/users/sso_search_by_username?username=vendeur&realm=${realm}`,
        `/api/users/sso_search_by_email?email=a@b.fr&realm=${realm}`,
      ]) {
        const answer = await api.get('ageo', path);
        expect(answer.status, path).toBe(404);
        expect(answer.type).toMatch(/^application\/problem\+json/);
        expect(answer.body.detail).toBe(UNKNOWN_REALM);
        expect(answer.body['hydra:description']).toBe(UNKNOWN_REALM);
      }
    }
  });

  it('refuses a max that is not a whole number from 1 to 100000, in French', async () => {
    for (const max of ['0', '100001', 'abc', '-1', '1.5', '1e3', '99999999']) {
      const answer = await api.get('ageo', `/api/users/sso_search?max=${max}&realm=partenaires`);
      expect(answer.status, max).toBe(400);
      expect(answer.body.detail, max).toBe(MAX_MESSAGE);
    }
    // Checked before the realm: a bad max in an unknown realm is still a 400.
    expect((await api.get('ageo', '/api/users/sso_search?max=0&realm=inconnu')).status).toBe(400);
    const twice = await api.get('ageo', '/api/users/sso_search?max=1&max=2');
    expect(twice.status).toBe(400);
  });

  it('requires the user name or the e-mail of the exact searches', async () => {
    const noName = await api.get('ageo', '/api/users/sso_search_by_username?realm=partenaires');
    expect(noName.status).toBe(400);
    expect(noName.body.detail).toBe('Le paramètre « username » est obligatoire.');
    const noEmail = await api.get('ageo', '/api/users/sso_search_by_email?email=');
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.detail).toBe('Le paramètre « email » est obligatoire.');
    const long = await api.get(
      'ageo',
      `/api/users/sso_search_by_username?username=${'a'.repeat(256)}`,
    );
    expect(long.status).toBe(400);
  });

  it('is for whoever manages users: 401 without a token, 403 for sellers and managers', async () => {
    const paths = [
      '/api/users/sso_search',
      '/api/users/sso_search_by_username?username=vendeur',
      '/api/users/sso_search_by_email?email=a@b.fr',
    ];
    for (const path of paths) {
      expect((await callApi(server.url, path)).status, path).toBe(401);
      for (const user of ['vendeur', 'manager'] as const) {
        const answer = await api.get(user, path);
        expect(answer.status, `${user} ${path}`).toBe(403);
        expect(answer.body['hydra:title']).toBe('Accès refusé');
      }
    }
  });

  it("shows a partner administrator its own partner's accounts only", async () => {
    const partner = await partnerOf('partenaire');
    const own = await api.rows<{ username: string }>(
      `SELECT username FROM app_user WHERE realm = 'partenaires' AND partner_id = ${partner}`,
    );
    const seen = await entries('partenaire', '/api/users/sso_search');
    expect(names(seen)).toEqual(own.map((r) => r.username).sort(byName));
    expect(names(seen)).not.toContain('ageo');
    const [other] = await api.rows<{ username: string; email: string }>(
      `SELECT username, email FROM app_user
       WHERE realm = 'partenaires' AND partner_id <> ${partner} ORDER BY id LIMIT 1`,
    );
    expect(other).toBeDefined();
    for (const path of [
      `/api/users/sso_search_by_username?username=${other.username}`,
      `/api/users/sso_search_by_email?email=${encodeURIComponent(other.email)}`,
      `/api/users/sso_search?username=${other.username}`,
      '/api/users/sso_search_by_username?username=ageo',
    ]) {
      expect(await entries('partenaire', path), path).toEqual([]);
      // The operator sees them.
      expect((await entries('ageo', path)).length, path).toBeGreaterThan(0);
    }
    expect(
      names(await entries('partenaire', '/api/users/sso_search_by_username?username=vendeur')),
    ).toEqual(['vendeur']);
  });

  it('wins over /api/users/:id whatever the order of registration (static segments first)', async () => {
    expect(server.app.hasRoute({ method: 'GET', url: '/api/users/:id' })).toBe(true);
    for (const path of [
      '/api/users/sso_search',
      '/api/users/sso_search_by_username?username=vendeur',
      '/api/users/sso_search_by_email?email=a@b.fr',
    ]) {
      expect(Array.isArray((await api.get('ageo', path)).body), path).toBe(true);
    }
    // The item route still answers its own paths.
    const ageo = await api.one("SELECT id FROM app_user WHERE username = 'ageo'");
    const item = await api.get('ageo', `/api/users/${ageo}`);
    expect(item.status).toBe(200);
    expect(item.body.username).toBe('ageo');
    expect((await api.get('ageo', '/api/users/sso_other')).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// A fake Keycloak: the client-credentials token endpoint of the admin realm and the admin users
// endpoint, with Keycloak's bodies (UserRepresentation, brief; {"error": ...} on refusals).

interface KeycloakUser {
  id: string;
  username: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  enabled: boolean;
}

class FakeKeycloak {
  readonly server: Server;
  url = '';
  readonly realms = new Map<string, KeycloakUser[]>();
  readonly tokens = new Set<string>();
  /** Every token request (form fields) and every users request (realm, query, bearer). */
  readonly tokenRequests: Record<string, string>[] = [];
  readonly userRequests: Array<{ realm: string; query: URLSearchParams; bearer: string }> = [];
  /** 'ok'; 'error': 503 to everything; 'drop': the connection is cut without an answer. */
  mode: 'ok' | 'error' | 'drop' = 'ok';
  #issued = 0;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Keycloak restarted: every token it gave is refused from now on. */
  forgetTokens(): void {
    this.tokens.clear();
  }

  #json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (this.mode === 'drop') {
      req.socket.destroy();
      return;
    }
    if (this.mode === 'error') {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
      return;
    }
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'POST' && url.pathname === '/realms/master/protocol/openid-connect/token') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      this.tokenRequests.push(form);
      if (form.grant_type !== 'client_credentials') {
        return this.#json(res, 400, { error: 'unsupported_grant_type' });
      }
      if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret) {
        return this.#json(res, 401, {
          error: 'unauthorized_client',
          error_description: 'Invalid client or Invalid client credentials',
        });
      }
      const token = `eyJ.fake-admin-token-${++this.#issued}`;
      this.tokens.add(token);
      return this.#json(res, 200, {
        access_token: token,
        expires_in: 300,
        refresh_expires_in: 0,
        token_type: 'Bearer',
        'not-before-policy': 0,
        scope: 'profile email',
      });
    }
    const match = /^\/admin\/realms\/([^/]+)\/users$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const realm = decodeURIComponent(match[1]);
      this.userRequests.push({ realm, query: url.searchParams, bearer });
      if (!this.tokens.has(bearer)) return this.#json(res, 401, { error: 'HTTP 401 Unauthorized' });
      const users = this.realms.get(realm);
      if (!users) return this.#json(res, 404, { error: 'Realm not found.' });
      const q = url.searchParams;
      const exact = q.get('exact') === 'true';
      const matches = (value: string | undefined, wanted: string | null) =>
        wanted === null ||
        (value !== undefined &&
          (exact
            ? value.toLowerCase() === wanted.toLowerCase()
            : value.toLowerCase().includes(wanted.toLowerCase())));
      const found = users
        .filter((u) => matches(u.username, q.get('username')) && matches(u.email, q.get('email')))
        .slice(0, Number(q.get('max') ?? 100));
      // A brief representation, as Keycloak writes it.
      return this.#json(
        res,
        200,
        found.map((u) => ({
          id: u.id,
          username: u.username,
          ...(u.firstName ? { firstName: u.firstName } : {}),
          ...(u.lastName ? { lastName: u.lastName } : {}),
          ...(u.email ? { email: u.email } : {}),
          emailVerified: false,
          createdTimestamp: 1718000000000,
          enabled: u.enabled,
          totp: false,
          disableableCredentialTypes: [],
          requiredActions: [],
          notBefore: 0,
        })),
      );
    }
    return this.#json(res, 404, { error: 'Unable to find matching target resource method' });
  }
}

describe('the Keycloak directory (admin REST API)', () => {
  const keycloak = new FakeKeycloak('espace-partenaire-admin', 'k3ycl0ak-s3cret');
  let second: TestServer;
  let kc: ScopedApi;
  let otherPartnerUser: { username: string; id_sso: string };

  beforeAll(async () => {
    await keycloak.start();
    // A second instance on the same database, with the Keycloak directory.
    const port = await freePort();
    const shared = server.config.database;
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PAGE_CACHE_SECONDS: '0',
      DATA_DIR: server.config.dataDir,
      DATABASE_URL: shared.kind === 'postgres' ? shared.url : '',
      KEYCLOAK_ADMIN_URL: `${keycloak.url}/`,
      KEYCLOAK_ADMIN_CLIENT_ID: keycloak.clientId,
      KEYCLOAK_ADMIN_CLIENT_SECRET: keycloak.clientSecret,
    });
    const app = await buildApp({ config, database: server.database });
    await app.listen({ port, host: '127.0.0.1' });
    second = {
      url: config.publicUrl,
      app,
      config,
      database: server.database,
      close: () => app.close(),
    };
    kc = new ScopedApi(second);

    const [row] = await api.rows<{ username: string }>(
      `SELECT username FROM app_user WHERE realm = 'partenaires'
       AND partner_id <> ${await partnerOf('partenaire')} ORDER BY id LIMIT 1`,
    );
    otherPartnerUser = { username: row.username, id_sso: 'kc-autre-partenaire' };
    await api.rows(
      `UPDATE app_user SET id_sso = '${otherPartnerUser.id_sso}' WHERE username = '${row.username}'`,
    );
    keycloak.realms.set('partenaires', [
      {
        id: 'kc-vendeur',
        username: 'vendeur',
        firstName: 'Victor',
        lastName: 'Morel',
        email: 'victor.morel@exemple.fr',
        enabled: true,
      },
      {
        id: 'kc-nouveau',
        username: 'nouveau.compte',
        firstName: 'Nina',
        lastName: 'Nouveau',
        email: 'nina@exemple.fr',
        enabled: false,
      },
      // Linked by user name to the operator's administrator (no partner).
      { id: 'kc-ageo', username: 'ageo', email: 'aurelie.garnier@ageo.fr', enabled: true },
      // Linked by id_sso to a user of another partner, under another user name.
      {
        id: otherPartnerUser.id_sso,
        username: 'nom.change',
        email: 'change@exemple.fr',
        enabled: true,
      },
      // No names at all.
      { id: 'kc-sans-nom', username: 'vendeur.sans.nom', enabled: true },
    ]);
    keycloak.realms.set('master', [{ id: 'kc-admin', username: 'admin', enabled: true }]);
  });
  afterAll(async () => {
    await second?.close();
    await keycloak.stop();
    await api.rows('UPDATE app_user SET id_sso = NULL WHERE id_sso IS NOT NULL');
  });

  it("reads the configuration: address, client, admin realm 'master' by default", () => {
    expect(second.config.directory).toEqual({
      defaultRealm: 'partenaires',
      keycloak: {
        url: keycloak.url,
        realm: 'master',
        clientId: 'espace-partenaire-admin',
        clientSecret: 'k3ycl0ak-s3cret',
      },
    });
  });

  it("answers Keycloak's users of the default realm in the same shape, asking as documented", async () => {
    const all = await entries('ageo', '/api/users/sso_search?max=50', kc);
    expect(names(all)).toEqual([
      'vendeur',
      'nouveau.compte',
      'ageo',
      'nom.change',
      'vendeur.sans.nom',
    ]);
    expect(all[1]).toEqual({
      id: 'kc-nouveau',
      username: 'nouveau.compte',
      firstName: 'Nina',
      lastName: 'Nouveau',
      email: 'nina@exemple.fr',
      enabled: false,
      realm: 'partenaires',
    });
    expect(all[4]).toEqual({
      id: 'kc-sans-nom',
      username: 'vendeur.sans.nom',
      firstName: null,
      lastName: null,
      email: null,
      enabled: true,
      realm: 'partenaires',
    });
    const last = keycloak.userRequests.at(-1);
    expect(last?.realm).toBe('partenaires');
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      max: '50',
      briefRepresentation: 'true',
    });

    const contains = await entries('ageo', '/api/users/sso_search?username=vend', kc);
    expect(names(contains)).toEqual(['vendeur', 'vendeur.sans.nom']);
    expect(Object.fromEntries(keycloak.userRequests.at(-1)?.query ?? [])).toEqual({
      max: '100000',
      username: 'vend',
      briefRepresentation: 'true',
    });
  });

  it('finds one user by exact user name or e-mail (lower-cased, exact=true)', async () => {
    const [one, ...rest] = await entries(
      'ageo',
      '/api/users/sso_search_by_username?username=VENDEUR&realm=partenaires',
      kc,
    );
    expect(rest).toEqual([]);
    expect(one).toMatchObject({ id: 'kc-vendeur', username: 'vendeur' });
    expect(Object.fromEntries(keycloak.userRequests.at(-1)?.query ?? [])).toEqual({
      username: 'vendeur',
      exact: 'true',
      briefRepresentation: 'true',
    });
    const byEmail = await entries(
      'ageo',
      '/api/users/sso_search_by_email?email=Nina@Exemple.fr',
      kc,
    );
    expect(names(byEmail)).toEqual(['nouveau.compte']);
    expect(Object.fromEntries(keycloak.userRequests.at(-1)?.query ?? [])).toEqual({
      email: 'nina@exemple.fr',
      exact: 'true',
      briefRepresentation: 'true',
    });
    expect(await entries('ageo', '/api/users/sso_search_by_username?username=vend', kc)).toEqual(
      [],
    );
  });

  it('signs in once with the client credentials and reuses the token', async () => {
    for (let i = 0; i < 3; i++) await entries('ageo', '/api/users/sso_search?max=1', kc);
    expect(keycloak.tokenRequests).toEqual([
      {
        grant_type: 'client_credentials',
        client_id: 'espace-partenaire-admin',
        client_secret: 'k3ycl0ak-s3cret',
      },
    ]);
    const bearers = new Set(keycloak.userRequests.map((r) => r.bearer));
    expect(bearers.size).toBe(1);
  });

  it('asks for a new token once when Keycloak refuses the one it holds', async () => {
    keycloak.forgetTokens();
    const before = keycloak.tokenRequests.length;
    expect(names(await entries('ageo', '/api/users/sso_search?username=nouveau', kc))).toEqual([
      'nouveau.compte',
    ]);
    expect(keycloak.tokenRequests.length).toBe(before + 1);
  });

  it("hides from a partner administrator the users linked to another partner's or the operator's rows", async () => {
    // vendeur: its own partner's; nouveau.compte and vendeur.sans.nom: linked to no row;
    // ageo (by user name) and nom.change (by id_sso) are hidden.
    const seen = await entries('partenaire', '/api/users/sso_search', kc);
    expect(names(seen)).toEqual(['vendeur', 'nouveau.compte', 'vendeur.sans.nom']);
    expect(
      await entries('partenaire', '/api/users/sso_search_by_email?email=change@exemple.fr', kc),
    ).toEqual([]);
    expect(
      await entries('partenaire', '/api/users/sso_search_by_username?username=ageo', kc),
    ).toEqual([]);
    expect(
      names(await entries('ageo', '/api/users/sso_search_by_username?username=ageo', kc)),
    ).toEqual(['ageo']);
    for (const user of ['vendeur', 'manager'] as const) {
      expect((await kc.get(user, '/api/users/sso_search')).status).toBe(403);
    }
  });

  it("answers 404 for a realm Keycloak does not know, and never searches realms that are not the application's", async () => {
    // 'ageo' is a realm of the Admin area that this Keycloak does not have.
    const unknown = await kc.get('ageo', '/api/users/sso_search?realm=ageo');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(UNKNOWN_REALM);
    expect(keycloak.userRequests.at(-1)?.realm).toBe('ageo');
    // Keycloak's master realm is not the application's: refused before asking.
    const asked = keycloak.userRequests.length;
    const master = await kc.get('ageo', '/api/users/sso_search?realm=master');
    expect(master.status).toBe(404);
    expect(master.body.detail).toBe(UNKNOWN_REALM);
    expect(keycloak.userRequests.length).toBe(asked);
    expect((await kc.get('ageo', '/api/users/sso_search?max=0')).status).toBe(400);
  });

  it('answers 503 with Retry-After when Keycloak fails, cuts the connection or is gone', async () => {
    const expectUnavailable = async () => {
      const response = await fetch(
        new URL('/api/users/sso_search_by_username?username=vendeur', second.url),
        {
          headers: {
            authorization: `Bearer ${await kc.token('ageo')}`,
            accept: 'application/json',
          },
        },
      );
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('10');
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const body = (await response.json()) as Json;
      expect(body.detail).toBe(UNAVAILABLE);
      expect(body['hydra:description']).toBe(UNAVAILABLE);
    };
    keycloak.mode = 'error';
    await expectUnavailable();
    keycloak.forgetTokens();
    await expectUnavailable(); // the token endpoint fails too
    keycloak.mode = 'drop';
    await expectUnavailable();
    keycloak.mode = 'ok';
    expect(
      await entries('ageo', '/api/users/sso_search_by_username?username=vendeur', kc),
    ).toHaveLength(1);
    await keycloak.stop();
    keycloak.forgetTokens();
    await expectUnavailable();
  });
});

describe('the directory settings', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it("default to the embedded accounts of 'partenaires', or the realm of a Keycloak issuer", () => {
    expect(loadConfig({}).directory).toEqual({ defaultRealm: 'partenaires' });
    expect(
      loadConfig({ OIDC_ISSUER: 'https://sso.example.fr/realms/interne/' }).directory.defaultRealm,
    ).toBe('interne');
    expect(
      loadConfig({ OIDC_ISSUER: 'https://sso.example.fr/realms/interne', SSO_DEFAULT_REALM: 'x' })
        .directory.defaultRealm,
    ).toBe('x');
    expect(
      loadConfig({
        KEYCLOAK_ADMIN_URL: 'https://sso.example.fr/',
        KEYCLOAK_ADMIN_REALM: 'admins',
        KEYCLOAK_ADMIN_CLIENT_ID: 'annuaire',
        KEYCLOAK_ADMIN_CLIENT_SECRET: 'secret',
      }).directory.keycloak,
    ).toEqual({
      url: 'https://sso.example.fr',
      realm: 'admins',
      clientId: 'annuaire',
      clientSecret: 'secret',
    });
  });

  it('refuse an incomplete Keycloak client without echoing its secret', () => {
    expect(refusal({ KEYCLOAK_ADMIN_URL: 'https://sso.example.fr' })).toContain(
      'KEYCLOAK_ADMIN_CLIENT_ID="": must be set when KEYCLOAK_ADMIN_URL is set',
    );
    const orphan = refusal({ KEYCLOAK_ADMIN_CLIENT_SECRET: 'tres-secret' });
    expect(orphan).toContain('KEYCLOAK_ADMIN_URL="": must be set when');
    expect(orphan).not.toContain('tres-secret');
    expect(refusal({ KEYCLOAK_ADMIN_URL: 'sso.example.fr' })).toContain(
      'KEYCLOAK_ADMIN_URL="sso.example.fr": must be a URL such as https://sso.example.fr',
    );
    expect(refusal({ SSO_DEFAULT_REALM: 'a/b' })).toContain(
      'SSO_DEFAULT_REALM="a/b": must be a realm name',
    );
  });
});
