// Bearer verification of the protected API (GET /api/me): a valid token passes, everything
// else gets 401 application/problem+json with the French Hydra error.
import { execFile } from 'node:child_process';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let server: TestServer;
let providerKey: { key: CryptoKey | Uint8Array; kid: string };

beforeAll(async () => {
  server = await startTestServer();
  // The embedded provider's own signing key, generated on first start and kept in the database:
  // tokens signed with it differ from real ones only in the claim each test changes.
  const row = await server.database.db
    .selectFrom('oidc_secret')
    .select('value')
    .where('name', '=', 'jwks')
    .executeTakeFirstOrThrow();
  const [jwk] = (row.value as { keys: JWK[] }).keys;
  providerKey = { key: await importJWK(jwk, 'RS256'), kid: String(jwk.kid) };
});
afterAll(() => server?.close());

const now = () => Math.floor(Date.now() / 1000);

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: server.config.oidc.issuer,
    aud: server.config.oidc.audience,
    sub: '4',
    preferred_username: 'vendeur',
    name: 'Victor Morel',
    roles: ['PROFILE_SELLER'],
    iat: now() - 10,
    exp: now() + 290,
    ...overrides,
  };
}

async function sign(
  payload: JWTPayload,
  key: CryptoKey | Uint8Array = providerKey.key,
  header: { alg: string; kid?: string } = { alg: 'RS256', kid: providerKey.kid },
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ ...header, typ: 'at+jwt' }).sign(key);
}

async function expectUnauthorized(response: Response, tokenGiven: boolean): Promise<void> {
  expect(response.status).toBe(401);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const challenge = response.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer/);
  if (tokenGiven) expect(challenge).toContain('error="invalid_token"');
  else expect(challenge).not.toContain('error=');
  const body = await response.json();
  expect(body).toMatchObject({
    '@context': '/api/contexts/Error',
    '@type': 'hydra:Error',
    'hydra:title': 'Authentification requise',
    title: 'Authentification requise',
    status: 401,
  });
  expect(body['hydra:description']).toEqual(expect.any(String));
  expect(body.detail).toBe(body['hydra:description']);
}

describe('the protected API', () => {
  it('accepts a token of the embedded provider (control for the cases below)', async () => {
    const response = await callApi(server.url, '/api/me', await sign(claims()));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: 'vendeur' });
  });

  it('accepts a token signed through the real sign-in', async () => {
    const tokens = await new OidcBrowser(server.url, server.config.oidc.clientId).login(
      'vendeur',
      'demo',
    );
    expect((await callApi(server.url, '/api/me', tokens.access_token)).status).toBe(200);
  });

  it('npm run token prints a token of that sign-in, and says in French when it is refused', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((done) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/token.ts', ...args],
          { env: { ...process.env, BASE_URL: server.url } },
          (error, out, err) => done({ code: error ? (error.code as number) : 0, out, err }),
        );
      });
    const signedIn = await run('vendeur');
    expect(signedIn.code).toBe(0);
    const me = await callApi(server.url, '/api/me', signedIn.out.trim());
    expect(await me.json()).toMatchObject({ username: 'vendeur' });
    const refused = await run('vendeur', 'mauvais');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('identifiant ou mot de passe incorrect');
  });

  it('answers 401 without a token', async () => {
    await expectUnauthorized(await callApi(server.url, '/api/me'), false);
  });

  it('answers 401 for another authorization scheme', async () => {
    const response = await fetch(`${server.url}/api/me`, {
      headers: { authorization: 'Basic dmVuZGV1cjpkZW1v' },
    });
    await expectUnauthorized(response, false);
  });

  it('answers 401 for an empty bearer token', async () => {
    const response = await fetch(`${server.url}/api/me`, { headers: { authorization: 'Bearer ' } });
    await expectUnauthorized(response, true);
  });

  it('answers 401 for an expired token', async () => {
    const token = await sign(claims({ iat: now() - 400, exp: now() - 100 }));
    const response = await callApi(server.url, '/api/me', token);
    await expectUnauthorized(response.clone(), true);
    expect(response.headers.get('www-authenticate')).toContain('expired');
    expect((await response.json()).detail).toContain('expiré');
  });

  it('answers 401 for a token signed by another key, even with the same kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await sign(claims(), privateKey, { alg: 'RS256', kid: providerKey.kid });
    await expectUnauthorized(await callApi(server.url, '/api/me', token), true);
    const unknownKid = await sign(claims(), privateKey, { alg: 'RS256', kid: 'autre' });
    await expectUnauthorized(await callApi(server.url, '/api/me', unknownKid), true);
  });

  it('answers 401 for a token signed with a shared secret or not signed', async () => {
    const hs = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'HS256', kid: providerKey.kid })
      .sign(new TextEncoder().encode('a-secret-anyone-could-guess-0123456789'));
    await expectUnauthorized(await callApi(server.url, '/api/me', hs), true);
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const none = `${encode({ alg: 'none' })}.${encode(claims())}.`;
    await expectUnauthorized(await callApi(server.url, '/api/me', none), true);
  });

  it('answers 401 for a wrong audience, such as an ID token', async () => {
    const token = await sign(claims({ aud: server.config.oidc.clientId }));
    await expectUnauthorized(await callApi(server.url, '/api/me', token), true);
    const tokens = await new OidcBrowser(server.url, server.config.oidc.clientId).login(
      'vendeur',
      'demo',
    );
    await expectUnauthorized(await callApi(server.url, '/api/me', tokens.id_token), true);
  });

  it('answers 401 for a token that is not an access token', async () => {
    const plainJwt = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'RS256', kid: providerKey.kid, typ: 'JWT' })
      .sign(providerKey.key);
    await expectUnauthorized(await callApi(server.url, '/api/me', plainJwt), true);
    // Keycloak marks its ID and refresh tokens with a typ claim.
    const idToken = await sign(claims({ typ: 'ID' }));
    await expectUnauthorized(await callApi(server.url, '/api/me', idToken), true);
  });

  it('answers 401 for a wrong issuer', async () => {
    const token = await sign(claims({ iss: 'https://sso.example.fr/realms/partners' }));
    await expectUnauthorized(await callApi(server.url, '/api/me', token), true);
  });

  it('answers 401 for a garbage token', async () => {
    for (const garbage of ['abc', 'a.b.c', 'eyJhbGciOiJSUzI1NiJ9.e30.', '....']) {
      await expectUnauthorized(await callApi(server.url, '/api/me', garbage), true);
    }
  });

  it('answers 401 for a valid token naming no user', async () => {
    const token = await sign(claims({ preferred_username: undefined, sub: undefined }));
    await expectUnauthorized(await callApi(server.url, '/api/me', token), true);
  });

  it('expands the roles the token gives a user the database does not know', async () => {
    const token = await sign(
      claims({ preferred_username: 'inconnu', roles: ['PROFILE_MANAGER', 'ROLE_COMMISSION'] }),
    );
    const response = await callApi(server.url, '/api/me', token);
    expect(response.status).toBe(200);
    const me = await response.json();
    expect(me.givenRoles).toEqual(['PROFILE_MANAGER', 'ROLE_COMMISSION']);
    expect(me.roles).toEqual(
      expect.arrayContaining(['PROFILE_SELLER', 'ROLE_USER', 'VIEW_COMMISSIONS']),
    );
  });

  it("reads a known user's roles from its rows, whatever the token says (embedded provider)", async () => {
    // A token issued before a demotion states roles the rows no longer give: the rows count.
    const token = await sign(claims({ roles: ['PROFILE_ADMIN_AGEO'] }));
    const me = await (await callApi(server.url, '/api/me', token)).json();
    expect(me.givenRoles).toContain('PROFILE_SELLER');
    expect(me.givenRoles).not.toContain('PROFILE_ADMIN_AGEO');
    expect(me.roles).not.toContain('USERS_MANAGEMENT');
  });

  it('keeps the published key set free of private parts', async () => {
    const { keys } = await (await fetch(`${server.url}/oidc/jwks`)).json();
    const exported = await exportJWK((await generateKeyPair('RS256')).publicKey);
    expect(Object.keys(keys[0]).sort()).toEqual(
      [...Object.keys(exported), 'kid', 'alg', 'use'].sort(),
    );
  });
});
