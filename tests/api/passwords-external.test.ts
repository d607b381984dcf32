// With an external identity provider (OIDC_ISSUER, Keycloak in production) the passwords are the
// provider's: nothing here sets, resets or asks for one, and the people told where it lives
// (docs/identity.md, "Passwords"). The provider here is another real server's embedded one,
// reached over HTTP as Keycloak would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_OPENED_SUBJECT } from '../../server/src/users/accountMails.ts';
import { issuePasswordLink } from '../../server/src/users/passwordLinks.ts';
import { lastMailTo, mailsTo } from './support/outbox.ts';
import { type Json, ScopedApi, violationsOf } from './support/scopedApi.ts';
import { startTestServer, type TestServer } from './support/server.ts';

let issuer: TestServer;
let server: TestServer;
let api: ScopedApi;
const ACCOUNT_PAGE = 'https://sso.exemple.fr/realms/partenaires/account';
const ELSEWHERE = `Les mots de passe sont gérés par le fournisseur d'identité : chacun change le sien sur ${ACCOUNT_PAGE}.`;

beforeAll(async () => {
  issuer = await startTestServer();
  server = await startTestServer({
    OIDC_ISSUER: issuer.config.oidc.issuer,
    OIDC_AUDIENCE: issuer.config.oidc.audience,
    OIDC_ACCOUNT_URL: ACCOUNT_PAGE,
  });
  api = new ScopedApi(server, issuer);
});
afterAll(async () => {
  await server?.close();
  await issuer?.close();
});

const newUser = (username: string, extra: Json = {}): Json => ({
  civility: 2,
  firstname: 'Hugo',
  lastname: 'Lambert',
  username,
  email: `${username}@exemple.fr`,
  typeSelected: 'PROFILE_SELLER',
  roles: [],
  ...extra,
});

describe('passwords held by an external provider', () => {
  it("gives the SPA the provider's page, for the screens that would ask for a password", async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as Json;
    expect(config.oidc.accountUrl).toBe(ACCOUNT_PAGE);
    const embedded = (await (await fetch(`${issuer.url}/api/config`)).json()) as Json;
    expect(embedded.oidc).not.toHaveProperty('accountUrl');
    // The embedded provider signs in one realm's accounts; Keycloak any realm it holds.
    expect(embedded.oidc.onlyRealm).toBe('partenaires');
    expect(config.oidc).not.toHaveProperty('onlyRealm');
  });

  it('tells a created user where to sign in, with no link to choose a password', async () => {
    const created = await api.send('ageo', 'POST', '/api/users/create', newUser('hugo.lambert'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mail = await lastMailTo(server.config.dataDir, 'hugo.lambert@exemple.fr');
    expect(mail.subject).toBe(ACCESS_OPENED_SUBJECT);
    expect(mail.text).toContain('Bonjour Hugo,');
    expect(mail.text).toContain(server.url);
    expect(mail.text).toContain(
      `Votre mot de passe se change sur la page de votre compte : ${ACCOUNT_PAGE}`,
    );
    expect(mail.text).toContain('Votre identifiant : hugo.lambert');
    expect(mail.text).not.toContain('finalise-account');
    expect(mail.html).toContain(`href="${server.url}"`);
    const tokens = await api.rows(
      `SELECT t.id FROM user_token t JOIN app_user u ON u.id = t.user_id WHERE u.username = 'hugo.lambert'`,
    );
    expect(tokens).toEqual([]);
  });

  it('tells each imported user where to sign in, with no link either', async () => {
    const organization = await api.one(
      `SELECT o.id FROM organization o JOIN app_user u ON o.parent_id = u.partner_id
       WHERE u.username = 'partenaire' ORDER BY o.id LIMIT 1`,
    );
    const file = [
      'civilite;nom;prenom;email;identifiant;organisation;cle_regroupement;type;profil',
      `Mme;Roux;Inès;ines.roux@exemple.fr;ines.roux;${organization};;;`,
    ].join('\r\n');
    const form = new FormData();
    form.set('sendMailImmediatly', 'true');
    form.set('uuid', crypto.randomUUID());
    form.set('file', new Blob([file], { type: 'text/csv' }), 'utilisateurs.csv');
    const started = await fetch(new URL('/api/user_import_logs', server.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await api.token('partenaire')}`,
        accept: 'application/ld+json',
      },
      body: form,
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const { id } = (await started.json()) as Json;
    await expect
      .poll(
        async () => (await api.get('partenaire', `/api/user_import_logs/${id}`)).body.processStatus,
        {
          timeout: 60_000,
        },
      )
      .not.toBe('started');
    const mail = await lastMailTo(server.config.dataDir, 'ines.roux@exemple.fr');
    expect(mail.subject).toBe(ACCESS_OPENED_SUBJECT);
    expect(mail.text).not.toContain('finalise-account');
    const [row] = await api.rows(
      `SELECT email_sent FROM user_import_history WHERE import_log_id = ${id}`,
    );
    expect(row).toEqual({ email_sent: true });
  });

  it('refuses a password given to a user, writing nothing', async () => {
    const refused = await api.send(
      'ageo',
      'POST',
      '/api/users/create',
      newUser('lea.moreau', { plainPassword: 'motdepasse2026', repeatPassword: 'motdepasse2026' }),
    );
    expect(refused.status).toBe(422);
    expect(violationsOf(refused)).toContain(`plainPassword: ${ELSEWHERE}`);
    expect(await api.rows(`SELECT id FROM app_user WHERE username = 'lea.moreau'`)).toEqual([]);
  });

  it('sends no reset link, and records none', async () => {
    const id = await api.one(`SELECT id FROM app_user WHERE username = 'hugo.lambert'`);
    const before = (await mailsTo(server.config.dataDir, 'hugo.lambert@exemple.fr')).length;
    const reset = await api.send('ageo', 'POST', `/api/users/${id}/reset_password`);
    expect(reset.status).toBe(409);
    expect(reset.body.detail).toBe(ELSEWHERE);
    expect((await mailsTo(server.config.dataDir, 'hugo.lambert@exemple.fr')).length).toBe(before);
    expect(
      await api.rows(
        `SELECT id FROM audit_event WHERE action = 'user.reset_link' AND target_id = '${id}'`,
      ),
    ).toEqual([]);
  });

  it("sends one to the provider's page to change one's own, and refuses a change here", async () => {
    const profile = await api.get('vendeur', '/api/user/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ hasPassword: false, passwordPage: ACCOUNT_PAGE });
    const change = await api.send('vendeur', 'POST', '/api/user/password', {
      currentPassword: 'demo',
      plainPassword: 'nouveau2027abc',
      repeatPassword: 'nouveau2027abc',
    });
    expect(change.status).toBe(409);
    expect(change.body.detail).toBe(ELSEWHERE);
  });

  it('refuses a one-time link issued before the provider took the passwords over', async () => {
    const id = await api.one(`SELECT id FROM app_user WHERE username = 'hugo.lambert'`);
    const link = await issuePasswordLink(server.database.db, {
      userId: id,
      purpose: 'invitation',
      createdBy: null,
      publicUrl: server.url,
    });
    const read = await fetch(
      `${server.url}/api/account/password_link?token=${encodeURIComponent(link.token)}`,
    );
    expect(read.status).toBe(409);
    expect(((await read.json()) as Json).detail).toBe(ELSEWHERE);
    const chosen = await fetch(`${server.url}/api/account/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link.token, plainPassword: 'motdepasse2026' }),
    });
    expect(chosen.status).toBe(409);
    const hash = await api.rows(`SELECT password_hash FROM app_user WHERE id = ${id}`);
    expect(hash).toEqual([{ password_hash: null }]);
  });
});
