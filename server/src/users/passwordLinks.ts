// One-time links that let a person an administrator created choose a password (invitation), or
// choose a new one (reset): docs/security.md, "Accounts an administrator creates". The token
// travels in the link only; the table user_token (migration 014) keeps its SHA-256, so reading
// the table gives no usable link. A link works once, for 72 hours, and a newer link of the same
// purpose replaces the older ones; disabling the user ends them all.
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { PASSWORD_MESSAGES, passwordFault } from '../../../src/domain/passwordPolicy.ts';
import { revokeSessions } from '../auth/oidc/revoke.ts';
import { hashPassword } from '../auth/password.ts';
import type { DB } from '../db/schema.ts';
import { type HttpError, httpError } from '../http/problem.ts';
import { ValidationFailed, type Violation } from '../http/violations.ts';

export type LinkPurpose = 'invitation' | 'reset';

/** How long a link works. */
export const LINK_TTL_HOURS = 72;
/** The SPA page that reads the token (src/pages/session/FinaliseAccountPage.tsx). */
export const LINK_PATH = '/finalise-account';

export const LINK_GONE =
  "Ce lien n'est plus valable. Demandez un nouveau lien à votre administrateur.";
export const PASSWORD_MISMATCH = PASSWORD_MESSAGES.mismatch;

/** A token as issued: 32 random bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The answer for an unknown, used or expired link, or one whose user is disabled. */
export const linkGone = (): HttpError => httpError(410, LINK_GONE, 'Lien expiré');

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const isWellFormedToken = (token: unknown): token is string =>
  typeof token === 'string' && TOKEN_SHAPE.test(token);

// The address people reach, per database handle: recorded by the account routes (registered
// with the app's configuration), so that callers holding only `db` build the right links.
const publicUrls = new WeakMap<object, string>();

/** Called once per app (accountRoutes.ts): links issued through `db` start with `publicUrl`. */
export function rememberPublicUrl(db: Kysely<DB>, publicUrl: string): void {
  publicUrls.set(db, publicUrl.replace(/\/+$/, ''));
}

/** The address of the app that owns `db`, for a link or an e-mail built from `db` alone. */
export function publicUrlOf(db: Kysely<DB>): string {
  const publicUrl = publicUrls.get(db);
  if (!publicUrl) throw new Error('the public address of this database handle is unknown');
  return publicUrl;
}

export function linkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${LINK_PATH}?token=${encodeURIComponent(token)}`;
}

// --- Password policy (src/domain/passwordPolicy.ts, shared with the SPA's forms) -------------

/**
 * Its violations (French) on `plainPassword`, and on `repeatPassword` when the copy differs.
 */
export function passwordViolations(plainPassword: unknown, repeatPassword?: unknown): Violation[] {
  const violations: Violation[] = [];
  const fault = passwordFault(plainPassword);
  if (fault) violations.push({ propertyPath: 'plainPassword', message: fault });
  if (repeatPassword !== undefined && repeatPassword !== plainPassword) {
    violations.push({ propertyPath: 'repeatPassword', message: PASSWORD_MISMATCH });
  }
  return violations;
}

// --- Issue ------------------------------------------------------------------------------------

export interface IssuedLink {
  token: string;
  url: string;
  expiresAt: Date;
}

/**
 * A new link for the user: its earlier unused links of the same purpose stop working. Pass the
 * app's database handle (not a transaction) or `publicUrl`, so that the address is known.
 */
export async function issuePasswordLink(
  db: Kysely<DB>,
  options: { userId: number; purpose: LinkPurpose; createdBy: number | null; publicUrl?: string },
): Promise<IssuedLink> {
  const publicUrl = options.publicUrl ?? publicUrlOf(db);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_TTL_HOURS * 3600 * 1000);
  await db.transaction().execute(async (trx) => {
    await expirePasswordLinks(trx, options.userId, options.purpose);
    await trx
      .insertInto('user_token')
      .values({
        user_id: options.userId,
        purpose: options.purpose,
        token_hash: hashOf(token),
        expires_at: expiresAt,
        created_by: options.createdBy,
      })
      .execute();
  });
  return { token, url: linkUrl(publicUrl, token), expiresAt };
}

/**
 * Ends the user's unused links (of one purpose, or all): they expire now. Disabling a user ends
 * them all, so that enabling it again revives no link mailed before.
 */
export async function expirePasswordLinks(
  db: Kysely<DB>,
  userId: number,
  purpose?: LinkPurpose,
): Promise<void> {
  let expire = db
    .updateTable('user_token')
    .set({ expires_at: sql<Date>`least(expires_at, now())` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (purpose) expire = expire.where('purpose', '=', purpose);
  await expire.execute();
}

// --- Read and consume -------------------------------------------------------------------------

export interface LinkInfo {
  userId: number;
  username: string;
  firstname: string;
  purpose: LinkPurpose;
  expiresAt: Date;
}

/** The live link of this token (unused, unexpired, its user enabled), or a 410. */
export async function findPasswordLink(db: Kysely<DB>, token: unknown): Promise<LinkInfo> {
  // A malformed token costs no query.
  if (!isWellFormedToken(token)) throw linkGone();
  const row = await db
    .selectFrom('user_token as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .select([
      't.user_id as userId',
      'u.username',
      'u.firstname',
      't.purpose',
      't.expires_at as expiresAt',
    ])
    .where('t.token_hash', '=', hashOf(token))
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('u.enabled', '=', true)
    .executeTakeFirst();
  if (!row) throw linkGone();
  return row;
}

/**
 * Sets the user's password from a link: 410 for a dead link (unknown, used, expired, user
 * disabled), 422 (ValidationFailed) for a password the policy refuses or a copy that differs,
 * nothing changed in either case. The link is then used, with the user's other unused links,
 * and the user's sessions elsewhere are ended.
 */
export async function consumePasswordLink(
  db: Kysely<DB>,
  token: unknown,
  password: unknown,
  repeatPassword?: unknown,
): Promise<{ userId: number; purpose: LinkPurpose }> {
  // Checked before the password, so that nobody is asked to fix a password for a dead link.
  await findPasswordLink(db, token);
  const violations = passwordViolations(password, repeatPassword);
  if (violations.length > 0) throw new ValidationFailed(violations);
  // Hashed outside the transaction: PGlite runs one transaction at a time.
  const passwordHash = await hashPassword(password as string);
  return db.transaction().execute(async (trx) => {
    // Again, under lock: of two requests with the same link, the second finds it used.
    const link = await trx
      .selectFrom('user_token as t')
      .innerJoin('app_user as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id', 't.purpose'])
      .where('t.token_hash', '=', hashOf(token as string))
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', sql<Date>`now()`)
      .where('u.enabled', '=', true)
      .forUpdate()
      .executeTakeFirst();
    if (!link) throw linkGone();
    await trx
      .updateTable('app_user')
      .set({ password_hash: passwordHash })
      .where('id', '=', link.user_id)
      .execute();
    await trx
      .updateTable('user_token')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', link.user_id)
      .where('used_at', 'is', null)
      .execute();
    // A new password ends the sessions opened with the old one (a reset after a leak).
    await revokeSessions(trx, link.user_id);
    return { userId: link.user_id, purpose: link.purpose };
  });
}
