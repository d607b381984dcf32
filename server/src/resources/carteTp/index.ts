// The third-party-payer card (carte TP) of an insured person, spec administration §7, at the
// exact paths of the spec:
//   GET /api/assures/{id}/availables_carte_tp      the card periods, newest first
//   GET /api/assures/{id}/download_carte_tp        the latest card, a PDF to save
//   GET /api/assures/{insuredId}/carte_tp/{debval}/{debfin}/{datenvoi}/{heure}/visu
//                                                  one period's card, a PDF shown inline
//   GET /api/assures/{insuredId}/carte_tp/{debval}/{debfin}/{datenvoi}/{heure}/email/{email}
//                                                  the card sent by e-mail, PDF attached
// Whoever may read insured persons (INSURED_ROLES), for the insured persons of their scope:
// unknown, malformed or out of scope, 404 (Cet assuré est introuvable.) before anything else is
// read, so no answer tells that an out-of-scope person exists or has cards. Then a malformed
// date or time in the path: 400; a period that is not one of this person's cards (in scope):
// 404; an address that is not an e-mail: 422 (ConstraintViolationList), nothing sent.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CarteTpPeriod, periodLabel } from '../../../../src/domain/carteTp.ts';
import { isEmailAddress } from '../../../../src/domain/email.ts';
import { deName } from '../../../../src/domain/format.ts';
import { INSURED_ROLES } from '../../../../src/domain/schema/insured.ts';
import { auditCarteTp } from '../../audit/events.ts';
import { asciiFileName, attachment, rfc5987 } from '../../exports/disposition.ts';
import { httpError } from '../../http/problem.ts';
import { rateLimitsOf } from '../../http/rateLimits.ts';
import { ValidationFailed } from '../../http/violations.ts';
import { type Api, type Ctx, contextOf, type ResourceDeps } from '../framework/context.ts';
import { inScope, parentNotFound } from '../parents.ts';
import { carteTpPdf, frenchDate } from './pdf.ts';
import { type CardData, cardOf, periodsOf } from './source.ts';

const NO_CARD = "Aucune carte de tiers payant n'est disponible pour cet assuré.";
const CARD_NOT_FOUND = 'Cette carte de tiers payant est introuvable pour cet assuré.';
const BAD_EMAIL = "n'est pas une adresse e-mail valide.";

/** The context, once the insured person of the path is known to be in scope (else 404). */
async function insuredContext(
  request: FastifyRequest,
  deps: ResourceDeps,
  param: string,
): Promise<{ ctx: Ctx; insuredId: number }> {
  const ctx = await contextOf(request, deps, INSURED_ROLES);
  let insuredId: number;
  try {
    insuredId = ctx.pathId(param);
  } catch {
    throw parentNotFound('insured');
  }
  if (!(await inScope(ctx, 'insured', insuredId))) throw parentNotFound('insured');
  return { ctx, insuredId };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

function parseDate(name: string, raw: string): string {
  const match = DATE.exec(raw);
  const valid =
    match &&
    (() => {
      const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
      return date.toISOString().slice(0, 10) === raw;
    })();
  if (!valid) {
    throw httpError(400, `Le paramètre « ${name} » doit être une date au format AAAA-MM-JJ.`);
  }
  return raw;
}

function parseTime(raw: string): string {
  if (!TIME.test(raw)) {
    throw httpError(400, 'Le paramètre « heure » doit être une heure au format HH:MM:SS.');
  }
  return raw;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw httpError(400, "L'adresse de la carte de tiers payant est mal formée.");
  }
}

/** debval/debfin/datenvoi/heure/visu or .../email/{email}, read from the raw path. */
function parsePeriodPath(
  request: FastifyRequest,
):
  | { period: CarteTpPeriod; action: 'visu' }
  | { period: CarteTpPeriod; action: 'email'; email: string } {
  const path = request.url.split('?')[0];
  const rest = path.slice(path.indexOf('/carte_tp/') + '/carte_tp/'.length).split('/');
  const [debval, debfin, datenvoi, heure, action, email, ...extra] = rest.map(decode);
  const shape =
    extra.length === 0 &&
    ((action === 'visu' && email === undefined) || (action === 'email' && email !== undefined));
  if (!shape) throw httpError(404, CARD_NOT_FOUND);
  const period = {
    debval: parseDate('debval', debval),
    debfin: parseDate('debfin', debfin),
    datenvoi: parseDate('datenvoi', datenvoi),
    heure: parseTime(heure),
  };
  return action === 'visu' ? { period, action } : { period, action: 'email', email };
}

/**
 * 'carte_tiers_payant_Dupont_Marie_CT-2024-000123_du_01-01-2026_au_31-12-2026.pdf' (accents
 * kept): the contract tells apart two cards of the same person for the same year.
 */
export function cardFileName(card: CardData): string {
  const part = (value: string) => value.trim().replace(/[\s/\\:*?"<>|]+/g, '-');
  const day = (value: string) => frenchDate(value).replaceAll('/', '-');
  return `carte_tiers_payant_${part(card.insured.lastname)}_${part(card.insured.firstname)}_${part(card.contract.lbContrat)}_du_${day(card.period.debval)}_au_${day(card.period.debfin)}.pdf`;
}

const inline = (name: string) =>
  `inline; filename="${asciiFileName(name)}"; filename*=UTF-8''${rfc5987(name)}`;

async function sendPdf(
  reply: FastifyReply,
  deps: ResourceDeps,
  card: CardData,
  disposition: 'inline' | 'attachment',
) {
  const pdf = await carteTpPdf(card, deps.config.brand);
  const name = cardFileName(card);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', disposition === 'inline' ? inline(name) : attachment(name))
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));
}

export function register(api: Api, deps: ResourceDeps): void {
  const limits = rateLimitsOf(api, deps.config);
  api.get('/api/assures/:id/availables_carte_tp', async (request, reply) => {
    const { ctx, insuredId } = await insuredContext(request, deps, 'id');
    const periods = await periodsOf(ctx, insuredId);
    const path = `/api/assures/${insuredId}/availables_carte_tp`;
    return reply.header('cache-control', 'private, no-store').send({
      '@context': '/api/contexts/CarteTpPeriod',
      '@id': path,
      '@type': 'hydra:Collection',
      'hydra:totalItems': periods.length,
      'hydra:member': periods.map((p) => ({
        '@type': 'CarteTpPeriod',
        ...p,
        label: periodLabel(p),
      })),
      'hydra:view': { '@id': path, '@type': 'hydra:PartialCollectionView' },
    });
  });

  api.get('/api/assures/:id/download_carte_tp', async (request, reply) => {
    const { ctx, insuredId } = await insuredContext(request, deps, 'id');
    const [latest] = await periodsOf(ctx, insuredId);
    if (!latest) throw httpError(404, NO_CARD);
    const card = await cardOf(ctx, insuredId, latest);
    if (!card) throw httpError(404, NO_CARD);
    await auditCarteTp(ctx, insuredId, card.period, 'attachment');
    return sendPdf(reply, deps, card, 'attachment');
  });

  // One wildcard route for visu and email: the e-mail address may be longer than a path
  // parameter may (100 characters) and the parts are decoded here, one by one. No HEAD route:
  // a HEAD must never send a mail.
  api.route({
    method: 'GET',
    url: '/api/assures/:insuredId/carte_tp/*',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const { ctx, insuredId } = await insuredContext(request, deps, 'insuredId');
      const asked = parsePeriodPath(request);
      const email = asked.action === 'email' ? asked.email.trim() : '';
      if (asked.action === 'email' && !isEmailAddress(email)) {
        throw new ValidationFailed([{ propertyPath: 'email', message: BAD_EMAIL }]);
      }
      const card = await cardOf(ctx, insuredId, asked.period);
      if (!card) throw httpError(404, CARD_NOT_FOUND);
      await auditCarteTp(ctx, insuredId, card.period, email ? { email } : 'inline');
      if (asked.action === 'visu') return sendPdf(reply, deps, card, 'inline');
      // The card goes to any address typed: a script must not make a mail relay of it.
      await limits.use('mails', ctx.principal.username, reply);

      const pdf = await carteTpPdf(card, deps.config.brand);
      const holder = `${card.insured.firstname} ${card.insured.lastname}`;
      const period = `du ${frenchDate(card.period.debval)} au ${frenchDate(card.period.debfin)}`;
      await api.mailer.send({
        to: email,
        subject: `Votre carte de tiers payant ${period}`,
        text: [
          'Bonjour,',
          '',
          `Vous trouverez ci-joint la carte de tiers payant ${deName(holder)}, valable ${period}, pour le contrat ${card.contract.lbContrat} (${card.contract.lbProduit}) auprès ${deName(card.insurer.legalname)}.`,
          '',
          'Présentez-la avec votre carte Vitale à vos professionnels de santé pour ne pas avancer les frais couverts.',
          '',
          'Cordialement,',
          "L'équipe de l'espace partenaire",
          '',
          'Ce message est envoyé automatiquement, merci de ne pas y répondre.',
        ].join('\n'),
        attachments: [
          {
            filename: cardFileName(card),
            content: Buffer.from(pdf),
            contentType: 'application/pdf',
          },
        ],
      });
      return reply.code(200).header('cache-control', 'no-store').send({
        '@type': 'CarteTpEmail',
        email,
        debval: card.period.debval,
        debfin: card.period.debfin,
        sent: true,
      });
    },
  });
}
