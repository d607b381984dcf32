// The account e-mails of the people an administrator creates (docs/security.md, "Accounts an
// administrator creates"): the invitation to choose a password and the password reset, each a
// one-time link valid 72 hours (passwordLinks.ts). French, plain text and simple HTML, sent
// through the one mail transport (app.mailer).
import type { Kysely } from 'kysely';
import { escapeHtml } from '../auth/oidc/pages.ts';
import type { DB } from '../db/schema.ts';
import { httpError } from '../http/problem.ts';
import { ValidationFailed } from '../http/violations.ts';
import type { Mailer, SentMail } from '../mail/index.ts';
import { issuePasswordLink, LINK_TTL_HOURS, type LinkPurpose } from './passwordLinks.ts';

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

function compose(wording: Wording, user: MailRecipient, url: string) {
  const firstname = user.firstname?.trim();
  const hello = firstname ? `Bonjour ${firstname},` : 'Bonjour,';
  const text = [
    hello,
    '',
    wording.intro,
    '',
    url,
    '',
    `Votre identifiant : ${user.username}`,
    '',
    validity,
    '',
    wording.outro,
    '',
    `L'équipe ${BRAND_NAME}`,
    '',
  ].join('\n');
  const html = `<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(wording.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1d1d1f;line-height:1.5">
<p style="font-weight:700">${escapeHtml(BRAND_NAME)}</p>
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(wording.intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#1d4f91;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(wording.action)}</a></p>
<p>Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(url)}</p>
<p>Votre identifiant : <strong>${escapeHtml(user.username)}</strong></p>
<p>${escapeHtml(validity)}</p>
<p>${escapeHtml(wording.outro)}</p>
<p>L'équipe ${escapeHtml(BRAND_NAME)}</p>
</body>
</html>`;
  return { to: user.email, subject: wording.subject, text, html };
}

/** The invitation of a created account: choose a password through `url`. */
export function sendInvitation(
  mailer: Mailer,
  user: MailRecipient,
  url: string,
): Promise<SentMail> {
  return mailer.send(compose(INVITATION, user, url));
}

/** A password reset an administrator asked for: choose a new password through `url`. */
export function sendPasswordReset(
  mailer: Mailer,
  user: MailRecipient,
  url: string,
): Promise<SentMail> {
  return mailer.send(compose(RESET, user, url));
}

// --- Issue and send: what the users resource calls ---------------------------------------------

export interface LinkRequest {
  userId: number;
  /** The administrator who asks (user_token.created_by). */
  createdBy: number | null;
  /** The product's address; by default the one of the app that owns `db` (PUBLIC_URL). */
  publicUrl?: string;
}

async function issueAndSend(
  db: Kysely<DB>,
  mailer: Mailer,
  purpose: LinkPurpose,
  request: LinkRequest,
): Promise<{ expiresAt: Date }> {
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'username', 'firstname', 'email', 'enabled'])
    .where('id', '=', request.userId)
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
  const link = await issuePasswordLink(db, { ...request, purpose });
  const recipient = { email, username: user.username, firstname: user.firstname };
  if (purpose === 'invitation') await sendInvitation(mailer, recipient, link.url);
  else await sendPasswordReset(mailer, recipient, link.url);
  return { expiresAt: link.expiresAt };
}

/**
 * POST /api/users/{id}/reset_password: a new reset link for the user, sent by e-mail; earlier
 * unused reset links stop working. 404 unknown user, 409 disabled, 422 no e-mail address.
 */
export function sendResetLink(
  db: Kysely<DB>,
  mailer: Mailer,
  request: LinkRequest,
): Promise<{ expiresAt: Date }> {
  return issueAndSend(db, mailer, 'reset', request);
}

/** The invitation of a created user (choose a first password), sent by e-mail; same refusals. */
export function sendInvitationLink(
  db: Kysely<DB>,
  mailer: Mailer,
  request: LinkRequest,
): Promise<{ expiresAt: Date }> {
  return issueAndSend(db, mailer, 'invitation', request);
}
