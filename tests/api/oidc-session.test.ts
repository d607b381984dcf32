// Refresh token rotation and reuse detection, RP-initiated logout, and state kept in the
// database: a second server instance on the same database honours the first one's session,
// refresh tokens and access tokens.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, decodeJwt, formOf, OidcBrowser, pkce } from '../../scripts/lib/oidcBrowser.ts';
import { buildApp } from '../../server/src/app.ts';
import { databaseAdapterFactory } from '../../server/src/auth/oidc/adapter.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
const browser = () => new OidcBrowser(server.url, server.config.oidc.clientId);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const refresh = (client: OidcBrowser, refreshToken: string) =>
  client.token({ grant_type: 'refresh_token', refresh_token: refreshToken });

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new access token and a new refresh token', async () => {
    const client = browser();
    const first = await client.login('vendeur', 'demo');
    const { status, body } = await refresh(client, first.refresh_token ?? '');
    expect(status).toBe(200);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(body.expires_in).toBe(300);
    const access = String(body.access_token);
    const { payload } = decodeJwt(access);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(300);
    expect(payload.roles).toEqual(['PROFILE_SELLER']);
    expect((await callApi(server.url, '/api/me', access)).status).toBe(200);

    // And again from the new one.
    const second = await refresh(client, String(body.refresh_token));
    expect(second.status).toBe(200);
  });

  it('a reused refresh token fails and revokes the grant: the newest one fails too', async () => {
    const client = browser();
    const first = await client.login('manager', 'demo');
    const rotated = await refresh(client, first.refresh_token ?? '');
    expect(rotated.status).toBe(200);

    const reused = await refresh(client, first.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');

    const newest = await refresh(client, String(rotated.body.refresh_token));
    expect(newest.status).toBe(400);
    expect(newest.body.error).toBe('invalid_grant');
  });

  it('two refreshes at once with the same token: one succeeds, the other is a reuse', async () => {
    const client = browser();
    const first = await client.login('ageo', 'demo');
    const answers = await Promise.all([
      refresh(client, first.refresh_token ?? ''),
      refresh(client, first.refresh_token ?? ''),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.error).toBe('invalid_grant');
  });

  it('stop working for a user disabled since, and the API refuses the user at once', async () => {
    const client = browser();
    const tokens = await client.login('partenaire', 'demo');
    await server.database.db
      .updateTable('app_user')
      .set({ enabled: false })
      .where('username', '=', 'partenaire')
      .execute();
    try {
      const refused = await refresh(client, tokens.refresh_token ?? '');
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_grant');
      const me = await callApi(server.url, '/api/me', tokens.access_token);
      expect(me.status).toBe(401);
      expect(me.headers.get('www-authenticate')).toContain('error="invalid_token"');
    } finally {
      await server.database.db
        .updateTable('app_user')
        .set({ enabled: true })
        .where('username', '=', 'partenaire')
        .execute();
    }
  });
});

describe('RP-initiated logout', () => {
  it('signs out on the application request (id_token_hint) and ends the session and its tokens', async () => {
    const client = browser();
    const tokens = await client.login('vendeur', 'demo');
    const url = new URL('/oidc/session/end', server.url);
    url.searchParams.set('id_token_hint', tokens.id_token ?? '');
    url.searchParams.set('post_logout_redirect_uri', `${server.url}/`);
    url.searchParams.set('state', 'au-revoir');
    const page = await client.request(url.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Se déconnecter');
    // Submitted by the page itself: the person already chose to sign out in the application.
    expect(html).toMatch(/<script>[^<]*submit\(\)/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'sha256-/);

    const { action, fields } = formOf(html);
    const confirm = await client.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${server.url}/?state=au-revoir`);

    // The refresh token died with the session; the next authorization asks to sign in again.
    const refused = await refresh(client, tokens.refresh_token ?? '');
    expect(refused.body.error).toBe('invalid_grant');
    const again = await client.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    expect(again.page?.status).toBe(200);
    expect(await again.page?.text()).toContain('Connexion à votre espace partenaire');
  });

  it('asks for confirmation without id_token_hint, then shows a French farewell page', async () => {
    const client = browser();
    await client.login('ageo', 'demo');
    const page = await client.request(`${server.url}/oidc/session/end`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Voulez-vous vous déconnecter de votre espace partenaire ?');
    expect(html).toContain('Rester connecté');
    expect(html).not.toContain('<script>');

    const { action, fields } = formOf(html);
    const confirm = await client.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    const success = await client.request(confirm.headers.get('location') ?? '');
    expect(success.status).toBe(200);
    expect(await success.text()).toContain('Vous êtes déconnecté');
  });

  it('refuses a post-logout redirect the client does not list', async () => {
    const client = browser();
    const tokens = await client.login('manager', 'demo');
    const url = new URL('/oidc/session/end', server.url);
    url.searchParams.set('id_token_hint', tokens.id_token ?? '');
    url.searchParams.set('post_logout_redirect_uri', 'https://evil.example/');
    const page = await client.request(url.href, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    const html = await page.text();
    expect(html).toContain('Déconnexion impossible');
    expect(html).toContain('post_logout_redirect_uri not registered');
  });
});

describe('state kept in the database', () => {
  let second: FastifyInstance;
  let secondUrl: string;

  beforeAll(async () => {
    // Another instance of the server on the same database (a restart, or a second replica).
    second = await buildApp({ config: server.config, database: server.database });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const { port } = second.server.address() as { port: number };
    secondUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(() => second?.close());

  it('shares sessions, refresh tokens and signing keys between instances', async () => {
    const client = browser();
    const tokens = await client.login('vendeur', 'demo');

    // The other instance verifies the first one's access token (same keys from the database).
    expect((await callApi(secondUrl, '/api/me', tokens.access_token)).status).toBe(200);

    // It rotates the first one's refresh token (same grants and tokens)...
    const onSecond = new OidcBrowser(secondUrl, server.config.oidc.clientId, client.redirectUri);
    const rotated = await refresh(onSecond, tokens.refresh_token ?? '');
    expect(rotated.status).toBe(200);
    expect((await callApi(server.url, '/api/me', String(rotated.body.access_token))).status).toBe(
      200,
    );

    // ...and recognises the browser's session cookie (same cookie keys and sessions).
    const url = new URL(
      client.authorizeUrl({ code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
    );
    const response = await fetch(new URL(url.pathname + url.search, secondUrl), {
      headers: { cookie: client.jar.header() },
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location') ?? '', secondUrl);
    expect(location.href.startsWith(client.redirectUri)).toBe(true);
    expect(location.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('refuses a second consumption atomically and revokes the grant (concurrent replay)', async () => {
    const adapter = databaseAdapterFactory(server.database.db);
    const tokens = adapter('RefreshToken');
    const grants = adapter('Grant');
    await grants.upsert('grant-1', { jti: 'grant-1', kind: 'Grant' }, 300);
    await tokens.upsert('rt-1', { jti: 'rt-1', kind: 'RefreshToken', grantId: 'grant-1' }, 300);
    await tokens.upsert('rt-2', { jti: 'rt-2', kind: 'RefreshToken', grantId: 'grant-1' }, 300);
    await tokens.consume('rt-1');
    expect((await tokens.find('rt-1'))?.consumed).toEqual(expect.any(Number));
    await expect(tokens.consume('rt-1')).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await tokens.find('rt-2')).toBeUndefined();
    expect(await grants.find('grant-1')).toBeUndefined();
  });

  it('keeps one signing key and one cookie key set, created on the first start', async () => {
    const secrets = await server.database.db
      .selectFrom('oidc_secret')
      .select('name')
      .orderBy('name')
      .execute();
    expect(secrets.map((s) => s.name)).toEqual(['cookie_keys', 'jwks']);
  });
});
