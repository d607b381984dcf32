// One-time password links for the people an administrator creates (docs/security.md, "Accounts
// an administrator creates"), over real HTTP, the real database and the real mail transport
// (.eml files read back with mailparser): the invitation sets a password the embedded provider
// then accepts; a link works once and for 72 hours; a disabled account's sessions end; a
// disabled account is told so, but only to someone who typed its password.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, OidcBrowser, pkce } from '../../scripts/lib/oidcBrowser.ts';
import { revokeSessions } from '../../server/src/auth/oidc/revoke.ts';
import { hashPassword } from '../../server/src/auth/password.ts';
import {
  INVITATION_SUBJECT,
  RESET_SUBJECT,
  sendInvitationLink,
  sendResetLink,
} from '../../server/src/users/accountMails.ts';
import { issuePasswordLink } from '../../server/src/users/passwordLinks.ts';
import { lastMailTo as lastMailToIn } from './support/outbox.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const GONE = "Ce lien n'est plus valable. Demandez un nouveau lien à votre administrateur.";
const MISMATCH = 'Les deux mots de passe ne sont pas identiques.';
const DISABLED = 'Votre compte est désactivé. Contactez votre administrateur.';
const WRONG = 'Identifiant ou mot de passe incorrect.';
const PASSWORD = 'Printemps2025 au jardin';

let server: TestServer;
let adminId: number;
beforeAll(async () => {
  server = await startTestServer();
  adminId = await userId('ageo');
});
afterAll(() => server?.close());

const db = () => server.database.db;
const browser = () => new OidcBrowser(server.url, server.config.oidc.clientId);

async function userId(username: string): Promise<number> {
  const row = await db()
    .selectFrom('app_user')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A seller as the write path creates one: realm partenaires, no password yet. */
async function createSeller(username: string, extra: { password?: string } = {}) {
  const { partner_id, organization_id } = await db()
    .selectFrom('app_user')
    .select(['partner_id', 'organization_id'])
    .where('username', '=', 'vendeur')
    .executeTakeFirstOrThrow();
  const row = await db()
    .insertInto('app_user')
    .values({
      username,
      realm: 'partenaires',
      password_hash: extra.password ? await hashPassword(extra.password) : null,
      email: `${username}@horizon-courtage.fr`,
      civility: 1,
      firstname: 'Camille',
      lastname: 'Durand',
      roles: 'PROFILE_SELLER',
      user_type: 4,
      partner_id,
      organization_id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest message written to the outbox for `to`. */
const lastMailTo = (to: string) => lastMailToIn(server.config.dataDir, to);

const tokenIn = (text: string) =>
  text.match(/\/finalise-account\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';

const readLink = (token: string) =>
  fetch(`${server.url}/api/account/password_link?token=${encodeURIComponent(token)}`);

const choose = (body: Record<string, unknown>) =>
  fetch(`${server.url}/api/account/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const passwordHashOf = async (id: number) =>
  (
    await db()
      .selectFrom('app_user')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).password_hash;

async function expectGone(response: Response) {
  expect(response.status).toBe(410);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect((await response.json())['hydra:description']).toBe(GONE);
}

/** The sign-in page's answer to these credentials (undefined: signed in). */
async function signInPageFor(login: string, password: string): Promise<string | undefined> {
  const client = browser();
  const { page } = await client.startAuthorization({
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  });
  const done = await client.submitSignIn((await page?.text()) ?? '', login, password);
  return done.redirect ? undefined : ((await done.page?.text()) ?? '');
}

describe('the invitation', () => {
  it('mails a one-time link that sets the password the embedded provider then accepts', async () => {
    const id = await createSeller('camille.durand');
    expect(await signInPageFor('camille.durand', PASSWORD)).toContain(WRONG);

    const before = Date.now();
    const { expiresAt } = await sendInvitationLink(db(), server.app.mailer, {
      userId: id,
      createdBy: adminId,
    });
    if (!expiresAt) throw new Error('an invitation of the embedded provider carries a link');
    expect(expiresAt.getTime() - before).toBeGreaterThanOrEqual(72 * 3600 * 1000 - 1000);
    expect(expiresAt.getTime() - before).toBeLessThanOrEqual(72 * 3600 * 1000 + 5000);

    const mail = await lastMailTo('camille.durand@horizon-courtage.fr');
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain('Votre identifiant : camille.durand');
    expect(mail.text).toContain("ne fonctionne qu'une fois et expire après 72 heures");
    expect(mail.text).toContain(`${server.url}/finalise-account?token=`);
    const token = tokenIn(mail.text ?? '');
    expect(token).toHaveLength(43);
    expect(mail.html).toContain(`href="${server.url}/finalise-account?token=${token}"`);

    // Only the token's hash is stored.
    const stored = await db()
      .selectFrom('user_token')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      purpose: 'invitation',
      token_hash: createHash('sha256').update(token).digest('hex'),
      used_at: null,
      created_by: adminId,
    });
    expect(JSON.stringify(stored)).not.toContain(token);

    // Read without any bearer token.
    const read = await readLink(token);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await read.json()).toEqual({
      username: 'camille.durand',
      firstname: 'Camille',
      purpose: 'invitation',
      expiresAt: stored[0].expires_at.toISOString(),
    });

    // A copy that differs: 422 on repeatPassword, nothing changed, the link still good.
    const mismatch = await choose({
      token,
      plainPassword: PASSWORD,
      repeatPassword: `${PASSWORD}!`,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.headers.get('cache-control')).toBe('no-store');
    expect((await mismatch.json()).violations).toEqual([
      { propertyPath: 'repeatPassword', message: MISMATCH },
    ]);
    // The policy: 12 characters, letters and digits.
    for (const [weak, message] of [
      ['court1', 'Le mot de passe doit contenir au moins 12 caractères.'],
      ['seulementdeslettres', 'Le mot de passe doit contenir au moins une lettre et un chiffre.'],
      ['123456789012345', 'Le mot de passe doit contenir au moins une lettre et un chiffre.'],
    ]) {
      const refused = await choose({ token, plainPassword: weak, repeatPassword: weak });
      expect(refused.status).toBe(422);
      expect((await refused.json()).violations).toEqual([
        { propertyPath: 'plainPassword', message },
      ]);
    }
    expect(await passwordHashOf(id)).toBeNull();
    expect((await readLink(token)).status).toBe(200);

    const chosen = await choose({ token, plainPassword: PASSWORD, repeatPassword: PASSWORD });
    expect(chosen.status).toBe(204);
    expect(chosen.headers.get('cache-control')).toBe('no-store');
    expect(await passwordHashOf(id)).toMatch(/^scrypt\$/);

    // The real sign-in flow now lets the seller in.
    const tokens = await browser().login('camille.durand', PASSWORD);
    const me = await callApi(server.url, '/api/me', tokens.access_token);
    expect((await me.json()).username).toBe('camille.durand');

    // Once only.
    await expectGone(
      await choose({
        token,
        plainPassword: 'Autre2025motdepasse',
        repeatPassword: 'Autre2025motdepasse',
      }),
    );
    await expectGone(await readLink(token));
    expect((await browser().login('camille.durand', PASSWORD)).access_token).toBeTruthy();
  });

  it('refuses an expired link, and a link replaced by a newer one', async () => {
    const id = await createSeller('lea.martin');
    const first = await issuePasswordLink(db(), {
      userId: id,
      purpose: 'invitation',
      createdBy: adminId,
    });
    expect(first.url).toBe(`${server.url}/finalise-account?token=${first.token}`);
    const second = await issuePasswordLink(db(), {
      userId: id,
      purpose: 'invitation',
      createdBy: adminId,
    });
    await expectGone(await readLink(first.token));
    await expectGone(
      await choose({ token: first.token, plainPassword: PASSWORD, repeatPassword: PASSWORD }),
    );
    expect((await readLink(second.token)).status).toBe(200);

    await db()
      .updateTable('user_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    await expectGone(await readLink(second.token));
    await expectGone(
      await choose({ token: second.token, plainPassword: PASSWORD, repeatPassword: PASSWORD }),
    );
    expect(await passwordHashOf(id)).toBeNull();
  });

  it('answers 410 to a malformed or unknown token, and to a disabled user', async () => {
    for (const token of ['', 'abc', 'x'.repeat(500), "' OR 1=1 --"]) {
      await expectGone(await readLink(token));
    }
    await expectGone(await fetch(`${server.url}/api/account/password_link`));
    await expectGone(await readLink('A'.repeat(43)));
    await expectGone(await choose({ plainPassword: PASSWORD, repeatPassword: PASSWORD }));
    await expectGone(await choose({ token: ['a'], plainPassword: PASSWORD }));

    const id = await createSeller('paul.roux');
    const link = await issuePasswordLink(db(), {
      userId: id,
      purpose: 'invitation',
      createdBy: null,
    });
    await db().updateTable('app_user').set({ enabled: false }).where('id', '=', id).execute();
    await expectGone(await readLink(link.token));
    await expectGone(
      await choose({ token: link.token, plainPassword: PASSWORD, repeatPassword: PASSWORD }),
    );
    expect(await passwordHashOf(id)).toBeNull();
  });
});

describe('the password reset', () => {
  it('mails a reset link; the new password replaces the old and ends its sessions', async () => {
    const id = await createSeller('ines.petit', { password: 'Ancien2024motdepasse' });
    const client = browser();
    const old = await client.login('ines.petit', 'Ancien2024motdepasse');

    await sendResetLink(db(), server.app.mailer, { userId: id, createdBy: adminId });
    const mail = await lastMailTo('ines.petit@horizon-courtage.fr');
    expect(mail.subject).toBe(RESET_SUBJECT);
    const token = tokenIn(mail.text ?? '');
    expect((await (await readLink(token)).json()).purpose).toBe('reset');
    // Until the link is used, the old password still works.
    expect(await signInPageFor('ines.petit', 'Ancien2024motdepasse')).toBeUndefined();

    expect(
      (await choose({ token, plainPassword: PASSWORD, repeatPassword: PASSWORD })).status,
    ).toBe(204);
    expect(await signInPageFor('ines.petit', 'Ancien2024motdepasse')).toContain(WRONG);
    expect(await signInPageFor('ines.petit', PASSWORD)).toBeUndefined();
    const refreshed = await client.token({
      grant_type: 'refresh_token',
      refresh_token: old.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('refuses a user without an e-mail address, and a disabled one, sending nothing', async () => {
    const noMail = await createSeller('sans.adresse');
    await db().updateTable('app_user').set({ email: null }).where('id', '=', noMail).execute();
    await expect(
      sendResetLink(db(), server.app.mailer, { userId: noMail, createdBy: adminId }),
    ).rejects.toMatchObject({ violations: [{ propertyPath: 'email' }] });
    const disabled = await createSeller('desactive.avant');
    await db().updateTable('app_user').set({ enabled: false }).where('id', '=', disabled).execute();
    await expect(
      sendResetLink(db(), server.app.mailer, { userId: disabled, createdBy: adminId }),
    ).rejects.toMatchObject({ statusCode: 409 });
    const links = await db()
      .selectFrom('user_token')
      .select('id')
      .where('user_id', 'in', [noMail, disabled])
      .execute();
    expect(links).toEqual([]);
  });
});

describe('disabled accounts', () => {
  it('revokeSessions ends the refresh tokens, grants and sessions of that account only', async () => {
    const id = await createSeller('revoque', { password: PASSWORD });
    const client = browser();
    const tokens = await client.login('revoque', PASSWORD);
    const other = await browser().login('vendeur', 'demo');
    const stored = () =>
      db()
        .selectFrom('oidc_payload')
        .select('model')
        .where(sql<string>`payload ->> 'accountId'`, '=', String(id))
        .execute();
    expect((await stored()).map((r) => r.model)).toEqual(
      expect.arrayContaining(['Session', 'Grant', 'RefreshToken']),
    );

    expect(await revokeSessions(db(), id)).toBeGreaterThan(0);
    expect(await stored()).toEqual([]);
    const refused = await client.token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    // The session cookie no longer signs in silently: the sign-in page shows again.
    const again = await client.startAuthorization({
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    expect(again.page?.status).toBe(200);
    expect(again.redirect).toBeUndefined();
    // Someone else's session is untouched.
    const kept = await browser().token({
      grant_type: 'refresh_token',
      refresh_token: other.refresh_token ?? '',
    });
    expect(kept.status).toBe(200);
  });

  it("refuses a disabled user's refresh token once revoked, and says so at sign-in", async () => {
    const id = await createSeller('bientot.parti', { password: PASSWORD });
    const client = browser();
    const tokens = await client.login('bientot.parti', PASSWORD);
    await db().updateTable('app_user').set({ enabled: false }).where('id', '=', id).execute();
    await revokeSessions(db(), id);
    const refused = await client.token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');

    // The right password: told the account is disabled; a wrong one: the usual message.
    const right = await signInPageFor('bientot.parti', PASSWORD);
    expect(right).toContain(DISABLED);
    expect(right).toContain('role="alert"');
    expect(right).not.toContain(WRONG);
    const wrong = await signInPageFor('bientot.parti', 'PasLeBon2025xx');
    expect(wrong).toContain(WRONG);
    expect(wrong).not.toContain('désactivé');
  });
});
