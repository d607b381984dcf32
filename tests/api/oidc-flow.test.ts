// The embedded identity provider over real HTTP: discovery, the French sign-in page, the
// authorization code flow with PKCE S256, the tokens it issues and what the API makes of them.
import providerStorage from 'oidc-provider/lib/helpers/als.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, decodeJwt, OidcBrowser, pkce } from '../../scripts/lib/oidcBrowser.ts';
import { hashPassword } from '../../server/src/auth/password.ts';
import { BRAND_COLOURS } from '../../src/domain/brands.ts';
import { expandRoles } from '../../src/domain/roles.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
const browser = () => new OidcBrowser(server.url, server.config.oidc.clientId);

beforeAll(async () => {
  server = await startTestServer();
  // A disabled account with a valid password: it must not get in.
  await server.database.db
    .insertInto('app_user')
    .values({
      username: 'ancien',
      realm: 'partenaires',
      password_hash: await hashPassword('demo'),
      firstname: 'Anne',
      lastname: 'Cien',
      roles: 'PROFILE_SELLER',
      user_type: 4,
      enabled: false,
    })
    .execute();
});
afterAll(() => server?.close());

describe('discovery', () => {
  it('advertises the /oidc endpoints, the issuer of the configuration and S256 only', async () => {
    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.issuer).toBe(server.config.oidc.issuer);
    expect(document.issuer).toBe(`${server.url}/oidc`);
    expect(document.authorization_endpoint).toBe(`${server.url}/oidc/auth`);
    expect(document.token_endpoint).toBe(`${server.url}/oidc/token`);
    expect(document.userinfo_endpoint).toBe(`${server.url}/oidc/me`);
    expect(document.jwks_uri).toBe(`${server.url}/oidc/jwks`);
    expect(document.end_session_endpoint).toBe(`${server.url}/oidc/session/end`);
    expect(document.code_challenge_methods_supported).toEqual(['S256']);
    expect(document.response_types_supported).toEqual(['code']);
    expect(document.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'roles']),
    );
    expect(document.claims_supported).toEqual(
      expect.arrayContaining(['roles', 'preferred_username', 'name', 'email']),
    );
  });

  it('ignores forwarding headers from a client that is no trusted proxy (TRUST_PROXY)', async () => {
    // Behind a proxy named in TRUST_PROXY they are followed: tests/api/forwarded-headers.test.ts.
    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'partenaires.example.fr' },
    });
    const document = await response.json();
    expect(document.authorization_endpoint).toBe(`${server.url}/oidc/auth`);
  });

  it('publishes the public signing key only', async () => {
    const { keys } = await (await fetch(`${server.url}/oidc/jwks`)).json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0].d).toBeUndefined();
  });

  it('lets the SPA origins, and no other, call the token endpoint from a browser', async () => {
    // Preflights are answered for any origin (the client is not known yet); the call itself
    // is refused for an origin the client does not list (clientBasedCORS).
    const call = (origin: string) =>
      fetch(`${server.url}/oidc/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: server.config.oidc.clientId,
          grant_type: 'refresh_token',
          refresh_token: 'inconnu',
        }).toString(),
      });
    const dev = await call('http://localhost:5173');
    expect(dev.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await dev.json()).error).toBe('invalid_grant');
    const own = await call(server.url);
    expect(own.headers.get('access-control-allow-origin')).toBe(server.url);
    const evil = await call('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(await evil.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('sign-in page', () => {
  it('is French, accessible, self-contained and in the brand colours', async () => {
    const { page } = await browser().startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    expect(page?.status).toBe(200);
    expect(page?.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page?.headers.get('cache-control')).toBe('no-store');
    expect(page?.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = (await page?.text()) ?? '';
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Connexion à votre espace partenaire</h1>');
    expect(html).toMatch(/<label for="login">Identifiant<\/label>/);
    expect(html).toMatch(/<input id="login" name="login"[^>]*autocomplete="username"/);
    expect(html).toMatch(/<label for="password">Mot de passe<\/label>/);
    expect(html).toMatch(
      /<input id="password" name="password" type="password"[^>]*autocomplete="current-password"/,
    );
    expect(html).toContain('<button type="submit">Se connecter</button>');
    expect(html).toContain(BRAND_COLOURS[server.config.brand].primary);
    // No external font, image, style sheet or script.
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toMatch(/@import|url\(/);
  });
});

describe('authorization code flow with PKCE S256', () => {
  it('signs the demo seller in and the API knows who calls', async () => {
    const client = browser();
    const { code, pkce: challenge, redirect } = await client.signIn('vendeur', 'demo');
    expect(redirect.origin + redirect.pathname).toBe(`${server.url}/callback`);
    expect(redirect.searchParams.get('iss')).toBe(server.config.oidc.issuer);
    const tokens = await client.exchange(code, challenge.verifier);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(300);
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const me = await callApi(server.url, '/api/me', tokens.access_token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      username: 'vendeur',
      name: 'Victor Morel',
      givenRoles: ['PROFILE_SELLER'],
      roles: expandRoles(['PROFILE_SELLER']),
    });
    expect(expandRoles(['PROFILE_SELLER'])).toEqual([
      'PROFILE_SELLER',
      'ROLE_PARTNER',
      'ROLE_USER',
    ]);

    const user = await server.database.db
      .selectFrom('app_user')
      .select('last_logged')
      .where('username', '=', 'vendeur')
      .executeTakeFirstOrThrow();
    expect(user.last_logged).toBeInstanceOf(Date);
  });

  it("switches the provider's request storage off once its requests are answered", async () => {
    // Left on, it keeps V8's promise hooks on for every API request (requestStorage.ts).
    const tokens = await browser().login('vendeur', 'demo');
    expect(tokens.access_token).toEqual(expect.any(String));
    expect((providerStorage as unknown as { enabled: boolean }).enabled).toBe(false);
    const me = await callApi(server.url, '/api/me', tokens.access_token);
    expect(me.status).toBe(200);
  });

  it('issues a JWT access token for the API, valid 300 s, with the user and roles as given', async () => {
    const tokens = await browser().login('ageo', 'demo');
    const { header, payload } = decodeJwt(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(payload.iss).toBe(server.config.oidc.issuer);
    expect(payload.aud).toBe(server.config.oidc.audience);
    expect(payload.client_id).toBe(server.config.oidc.clientId);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(300);
    expect(payload.preferred_username).toBe('ageo');
    expect(payload.name).toBe('Aurélie Garnier');
    expect(payload.roles).toEqual([
      'PROFILE_ADMIN_AGEO',
      'VIEW_ADMIN',
      'USERS_MANAGEMENT',
      'VIEW_COMMISSIONS',
      'VIEW_SELLER',
      'VIEW_MANAGER',
    ]);
  });

  it('puts the profile and the roles in the ID token', async () => {
    const tokens = await browser().login('manager', 'demo');
    const { payload } = decodeJwt(tokens.id_token ?? '');
    const { email } = await server.database.db
      .selectFrom('app_user')
      .select('email')
      .where('username', '=', 'manager')
      .executeTakeFirstOrThrow();
    expect(payload.aud).toBe(server.config.oidc.clientId);
    expect(payload).toMatchObject({
      preferred_username: 'manager',
      name: 'Mathilde Roux',
      given_name: 'Mathilde',
      family_name: 'Roux',
      email,
      roles: ['PROFILE_MANAGER', 'VIEW_COMMISSIONS', 'VIEW_SELLER'],
    });
  });

  it('does not sign in again a browser that holds a session', async () => {
    const client = browser();
    await client.login('partenaire', 'demo');
    const again = await client.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    expect(again.redirect?.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('refuses a code exchanged with another verifier', async () => {
    const client = browser();
    const { code } = await client.signIn('vendeur', 'demo');
    const wrong = await client.token({
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce().verifier,
      redirect_uri: client.redirectUri,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('accepts an authorization code once', async () => {
    const client = browser();
    const { code, pkce: challenge } = await client.signIn('vendeur', 'demo');
    const exchange = () =>
      client.token({
        grant_type: 'authorization_code',
        code,
        code_verifier: challenge.verifier,
        redirect_uri: client.redirectUri,
      });
    expect((await exchange()).status).toBe(200);
    const replay = await exchange();
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });
});

describe('refusals', () => {
  it('shows the French error on a wrong password, issues no code, then accepts the right one', async () => {
    const client = browser();
    const { page } = await client.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const signInHtml = (await page?.text()) ?? '';
    const failed = await client.submitSignIn(signInHtml, 'vendeur', 'mauvais');
    expect(failed.redirect).toBeUndefined();
    expect(failed.page?.status).toBe(200);
    const html = (await failed.page?.text()) ?? '';
    expect(html).toContain('Identifiant ou mot de passe incorrect.');
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="vendeur"');
    expect(html).toContain('aria-invalid="true"');

    const retried = await client.submitSignIn(html, 'vendeur', 'demo');
    expect(retried.redirect?.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('refuses an unknown user with the same message', async () => {
    const client = browser();
    const { page } = await client.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const failed = await client.submitSignIn((await page?.text()) ?? '', 'personne', 'demo');
    expect(failed.redirect).toBeUndefined();
    expect(await failed.page?.text()).toContain('Identifiant ou mot de passe incorrect.');
  });

  it('refuses a disabled user, even with the right password, and says so only then', async () => {
    const client = browser();
    const { page } = await client.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const failed = await client.submitSignIn((await page?.text()) ?? '', 'ancien', 'demo');
    expect(failed.redirect).toBeUndefined();
    const html = (await failed.page?.text()) ?? '';
    expect(html).toContain('Votre compte est désactivé. Contactez votre administrateur.');
    const wrong = await client.submitSignIn(html, 'ancien', 'pas-le-bon');
    expect(await wrong.page?.text()).toContain('Identifiant ou mot de passe incorrect.');
  });

  it('refuses PKCE "plain"', async () => {
    const { verifier } = pkce();
    const { redirect, page } = await browser().startAuthorization({
      code_challenge: verifier,
      code_challenge_method: 'plain',
    });
    expect(page).toBeUndefined();
    expect(redirect?.searchParams.get('error')).toBe('invalid_request');
    expect(redirect?.searchParams.get('code')).toBeNull();
  });

  it('refuses an authorization request without code_challenge', async () => {
    const { redirect, page } = await browser().startAuthorization({});
    expect(page).toBeUndefined();
    expect(redirect?.searchParams.get('error')).toBe('invalid_request');
    expect(redirect?.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(redirect?.searchParams.get('code')).toBeNull();
  });

  it('refuses an unregistered redirect URI with a French page, without redirecting', async () => {
    const client = new OidcBrowser(server.url, server.config.oidc.clientId);
    const response = await client.request(
      client.authorizeUrl({
        redirect_uri: 'https://evil.example/callback',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Connexion impossible');
  });

  it('sends a sign-in page that is over back to the application, and refuses its form in French', async () => {
    // The browser's Back after signing in, an old tab: the application signs in again if it must.
    const page = await fetch(`${server.url}/oidc/interaction/inconnue`, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`${server.config.publicUrl}/`);
    // Its form sent anyway: nothing signs in, and the page says why.
    const sent = await fetch(`${server.url}/oidc/interaction/inconnue/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'login=vendeur&password=x',
      redirect: 'manual',
    });
    expect(sent.status).toBe(400);
    expect(await sent.text()).toContain('Demande de connexion expirée');
  });
});
