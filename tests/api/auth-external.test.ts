// An API configured with an external issuer (OIDC_ISSUER, as with Keycloak) finds the issuer's
// keys through its discovery document. The external issuer here is another real server's
// embedded provider, reached over HTTP like Keycloak would be.
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, OidcBrowser } from '../../scripts/lib/oidcBrowser.ts';
import { hashPassword } from '../../server/src/auth/password.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let issuer: TestServer;
let api: TestServer;

beforeAll(async () => {
  issuer = await startTestServer();
  api = await startTestServer({
    OIDC_ISSUER: issuer.config.oidc.issuer,
    OIDC_AUDIENCE: issuer.config.oidc.audience,
  });
  // Known to the identity provider only, not to the API's database.
  await issuer.database.db
    .insertInto('app_user')
    .values({
      username: 'externe',
      realm: 'partenaires',
      password_hash: await hashPassword('demo'),
      firstname: 'Estelle',
      lastname: 'Xavier',
      roles: 'PROFILE_SELLER,VIEW_COMMISSIONS',
      user_type: 4,
    })
    .execute();
});
afterAll(async () => {
  await api?.close();
  await issuer?.close();
});

describe('an external issuer', () => {
  it('is not mounted locally', async () => {
    expect(api.config.oidc.embedded).toBe(false);
    const response = await fetch(`${api.url}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(404);
  });

  it("signs users in, and the API verifies their tokens with the issuer's published keys", async () => {
    const tokens = await new OidcBrowser(issuer.url, issuer.config.oidc.clientId).login(
      'manager',
      'demo',
    );
    const response = await callApi(api.url, '/api/me', tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      username: 'manager',
      givenRoles: ['PROFILE_MANAGER', 'VIEW_COMMISSIONS', 'VIEW_SELLER'],
    });
  });

  it('lets in a user the API database does not know', async () => {
    const tokens = await new OidcBrowser(issuer.url, issuer.config.oidc.clientId).login(
      'externe',
      'demo',
    );
    const response = await callApi(api.url, '/api/me', tokens.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      username: 'externe',
      name: 'Estelle Xavier',
      givenRoles: ['PROFILE_SELLER', 'VIEW_COMMISSIONS'],
    });
  });

  it('refuses a token the issuer did not sign', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ preferred_username: 'ageo', roles: ['PROFILE_ADMIN_AGEO'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(api.config.oidc.issuer)
      .setAudience(api.config.oidc.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    const response = await callApi(api.url, '/api/me', forged);
    expect(response.status).toBe(401);
  });
});

describe('an unreachable issuer', () => {
  let offline: TestServer;
  beforeAll(async () => {
    offline = await startTestServer({ OIDC_ISSUER: 'http://127.0.0.1:9/realms/partenaires' });
  });
  afterAll(() => offline?.close());

  it('answers 503: the token cannot be checked, which is not the caller fault', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ preferred_username: 'vendeur' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer(offline.config.oidc.issuer)
      .setAudience(offline.config.oidc.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    const response = await callApi(offline.url, '/api/me', token);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await response.json())['hydra:title']).toBe("Service d'authentification indisponible");
  });
});
