// The API's 401 and 503 answers for authentication, as application/problem+json with the
// Hydra error vocabulary (the same shape as every other API error, ARCHITECTURE.md).
import type { FastifyReply } from 'fastify';
import { ACCOUNT_REFUSED } from '../../../src/domain/session.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { problem, sendDatabaseUnavailable, sendProblem } from '../http/problem.ts';

export const UNAUTHORIZED_TITLE = 'Authentification requise';

export type Refusal = 'missing' | 'invalid' | 'expired' | 'refused';

const DESCRIPTIONS: Record<Refusal, string> = {
  missing: "Un jeton d'accès est nécessaire : connectez-vous pour continuer.",
  invalid: "Le jeton d'accès est invalide : connectez-vous à nouveau.",
  expired: "Le jeton d'accès a expiré : connectez-vous à nouveau.",
  refused: ACCOUNT_REFUSED,
};

// RFC 6750 §3: no error code when the request carried no token; ASCII descriptions only.
const CHALLENGES: Record<Refusal, string> = {
  missing: 'Bearer',
  invalid: 'Bearer error="invalid_token", error_description="The access token is invalid"',
  expired: 'Bearer error="invalid_token", error_description="The access token expired"',
  refused: 'Bearer error="invalid_token", error_description="The user may not use this API"',
};

export function sendUnauthorized(reply: FastifyReply, refusal: Refusal): FastifyReply {
  reply.header('www-authenticate', CHALLENGES[refusal]).header('cache-control', 'no-store');
  return sendProblem(reply, problem(401, DESCRIPTIONS[refusal], UNAUTHORIZED_TITLE));
}

/**
 * The token could not be checked: the identity provider's keys could not be read, nobody can
 * be authenticated for now. When the cause is the database (the user's row could not be
 * read), it is the whole service that is unavailable, said as every other request says it.
 */
export function sendAuthUnavailable(reply: FastifyReply, cause?: unknown): FastifyReply {
  if (isDatabaseUnavailable(cause)) return sendDatabaseUnavailable(reply);
  reply.header('retry-after', '30');
  return sendProblem(
    reply,
    problem(
      503,
      "Le service d'authentification ne répond pas. Réessayez dans quelques instants.",
      "Service d'authentification indisponible",
    ),
  );
}
