// The account e-mails of the people an administrator creates (docs/security.md, "Accounts an
// administrator creates"): the invitation to choose a password and the password reset, each a
// one-time link valid 72 hours (passwordLinks.ts). French, plain text and simple HTML, sent
// through the one mail transport (app.mailer).
import type { Kysely } from 'kysely';
import { escapeHtml } from '../auth/oidc/pages.ts';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { httpError } from '../http/problem.ts';
import { ValidationFailed } from '../http/violations.ts';
import type { Mailer, SentMail } from '../mail/index.ts';
import {
  issuePasswordLink,
  LINK_TTL_HOURS,
  type LinkPurpose,
  publicUrlOf,
} from './passwordLinks.ts';

export const BRAND_NAME = 'Espace partenaire';

export interface MailRecipient {
  email: string;
  username: string;
  firstname?: string | null;
}

export const INVITATION_SUBJECT = `${BRAND_NAME} : créez votre mot de passe`;
export const RESET_SUBJECT = `${BRAND_NAME} : réinitialisation de votre mot de passe`;

interface Wording {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

const INVITATION: Wording = {
  subject: INVITATION_SUBJECT,
  intro: `Un compte a été créé pour vous sur l'${BRAND_NAME}. Pour l'activer, choisissez votre mot de passe en ouvrant le lien ci-dessous.`,
  action: 'Créer mon mot de passe',
  outro:
    "Si vous n'attendiez pas ce message, ignorez-le : aucun compte ne sera utilisable sans ce mot de passe.",
};

const RESET: Wording = {
  subject: RESET_SUBJECT,
  intro: `Votre administrateur a demandé la réinitialisation de votre mot de passe de l'${BRAND_NAME}. Choisissez-en un nouveau en ouvrant le lien ci-dessous.`,
  action: 'Choisir un nouveau mot de passe',
  outro:
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message et prévenez votre administrateur : votre mot de passe actuel reste valable tant que le lien n'est pas utilisé.",
};

const validity = `Ce lien ne fonctionne qu'une fois et expire après ${LINK_TTL_HOURS} heures. Passé ce délai, demandez un nouveau lien à votre administrateur.`;

export const ACCESS_OPENED_SUBJECT = `${BRAND_NAME} : votre accès est ouvert`;

/** The refusal of anything about a password when the identity provider holds them. */
export const passwordsElsewhere = (accountUrl: string) =>
  `Les mots de passe sont gérés par le fournisseur d'identité : chacun change le sien sur ${accountUrl}.`;

/** One account e-mail: paragraphs, an optional button to a link, the user name. */
interface MailBody {
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  after: string[];
}

function compose(body: MailBody, user: MailRecipient) {
  const firstname = user.firstname?.trim();
  const hello = firstname ? `Bonjour ${firstname},` : 'Bonjour,';
  const identifier = `Votre identifiant : ${user.username}`;
  const text = [
    hello,
    ...body.paragraphs,
    ...(body.button ? [body.button.url] : []),
    identifier,
    ...body.after,
    `L'équipe ${BRAND_NAME}`,
  ]
    .flatMap((line) => ['', line])
    .slice(1)
    .concat('')
    .join('\n');
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const button = body.button
    ? `<p><a href="${escapeHtml(body.button.url)}" style="display:inline-block;padding:10px 16px;background:#1d4f91;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(body.button.label)}</a></p>
<p>Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(body.button.url)}</p>
`
    : '';
  const html = `<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1d1d1f;line-height:1.5">
<p style="font-weight:700">${escapeHtml(BRAND_NAME)}</p>
${p(hello)}
${body.paragraphs.map(p).join('\n')}
${button}<p>Votre identifiant : <strong>${escapeHtml(user.username)}</strong></p>
${body.after.map(p).join('\n')}
<p>L'équipe ${escapeHtml(BRAND_NAME)}</p>
</body>
</html>`;
  return { to: user.email, subject: body.subject, text, html };
}

/** A one-time link's e-mail: the wording, the link as a button, its validity. */
const linkMail = (wording: Wording, url: string): MailBody => ({
  subject: wording.subject,
  paragraphs: [wording.intro],
  button: { label: wording.action, url },
  after: [validity, wording.outro],
});

/** The invitation of a created account: choose a password through `url`. */
export function sendInvitation(
  mailer: Mailer,
  user: MailRecipient,
  url: string,
): Promise<SentMail> {
  return mailer.send(compose(linkMail(INVITATION, url), user));
}

/** A password reset an administrator asked for: choose a new password through `url`. */
export function sendPasswordReset(
  mailer: Mailer,
  user: MailRecipient,
  url: string,
): Promise<SentMail> {
  return mailer.send(compose(linkMail(RESET, url), user));
}

/**
 * The invitation when the identity provider holds the passwords: the person already has an
 * account there, so the mail says where to sign in and where its password is changed; no link
 * to choose a password here, which nothing would ever read.
 */
export function sendAccessOpened(
  mailer: Mailer,
  user: MailRecipient,
  where: { publicUrl: string; accountUrl: string },
): Promise<SentMail> {
  return mailer.send(
    compose(
      {
        subject: ACCESS_OPENED_SUBJECT,
        paragraphs: [
          `Un accès à l'${BRAND_NAME} a été ouvert pour vous. Connectez-vous avec le compte et le mot de passe de votre organisation en ouvrant le lien ci-dessous.`,
        ],
        button: { label: "Ouvrir l'Espace partenaire", url: where.publicUrl },
        after: [
          `Votre mot de passe se change sur la page de votre compte : ${where.accountUrl}`,
          "Si vous n'attendiez pas ce message, prévenez votre administrateur.",
        ],
      },
      user,
    ),
  );
}

// --- Issue and send: what the users resource calls ---------------------------------------------

/** Where the mails point: the product, and the provider's account page when it holds passwords. */
export interface AccountAddresses {
  /** The product's address; by default the one of the app that owns `db` (PUBLIC_URL). */
  publicUrl?: string;
  /**
   * The external identity provider's account page when it holds the passwords
   * (config.oidc.accountUrl): an invitation then says where to sign in, with no link.
   */
  accountUrl?: string;
}

/** The addresses of the app's configuration, for every caller of the invitation. */
export const accountAddresses = (config: Config): AccountAddresses => ({
  publicUrl: config.publicUrl,
  accountUrl: config.oidc.accountUrl,
});

export interface LinkRequest extends AccountAddresses {
  userId: number;
  /** The administrator who asks (user_token.created_by). */
  createdBy: number | null;
}

/** The user a mail goes to: 404 unknown, 409 disabled, 422 without an e-mail address. */
async function recipientOf(db: Kysely<DB>, userId: number): Promise<MailRecipient> {
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'username', 'firstname', 'email', 'enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw httpError(404, 'Utilisateur introuvable.');
  if (!user.enabled) {
    throw httpError(409, 'Ce compte est désactivé : réactivez-le avant de lui envoyer un lien.');
  }
  const email = user.email?.trim();
  if (!email) {
    throw new ValidationFailed([
      {
        propertyPath: 'email',
        message: "Cet utilisateur n'a pas d'adresse e-mail : aucun lien ne peut lui être envoyé.",
      },
    ]);
  }
  return { email, username: user.username, firstname: user.firstname };
}

async function issueAndSend(
  db: Kysely<DB>,
  mailer: Mailer,
  purpose: LinkPurpose,
  request: Omit<LinkRequest, 'accountUrl'>,
): Promise<{ expiresAt: Date }> {
  const recipient = await recipientOf(db, request.userId);
  const link = await issuePasswordLink(db, { ...request, purpose });
  if (purpose === 'invitation') await sendInvitation(mailer, recipient, link.url);
  else await sendPasswordReset(mailer, recipient, link.url);
  return { expiresAt: link.expiresAt };
}

/**
 * POST /api/users/{id}/reset_password: a new reset link for the user, sent by e-mail; earlier
 * unused reset links stop working. 404 unknown user, 409 disabled, 422 no e-mail address.
 * Passwords held here only: the route refuses it (409) where the identity provider holds them.
 */
export function sendResetLink(
  db: Kysely<DB>,
  mailer: Mailer,
  request: Omit<LinkRequest, 'accountUrl'>,
): Promise<{ expiresAt: Date }> {
  return issueAndSend(db, mailer, 'reset', request);
}

/**
 * The invitation of a created user, sent by e-mail, same refusals: a link to choose a first
 * password, or, where the identity provider holds them, where to sign in (no link: null).
 */
export async function sendInvitationLink(
  db: Kysely<DB>,
  mailer: Mailer,
  request: LinkRequest,
): Promise<{ expiresAt: Date | null }> {
  const { accountUrl, ...linkRequest } = request;
  if (!accountUrl) return issueAndSend(db, mailer, 'invitation', linkRequest);
  await sendAccessOpened(mailer, await recipientOf(db, request.userId), {
    publicUrl: request.publicUrl ?? publicUrlOf(db),
    accountUrl,
  });
  return { expiresAt: null };
}
