// Every error and not-found answer is one shape: an RFC 7807 problem in the Hydra dialect of
// API Platform (both `hydra:*` and plain keys), in French, so the SPA and @api-platform/admin
// read the message from `hydra:description` or `detail` wherever it came from.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE,
  DATABASE_UNAVAILABLE_TITLE,
  isDatabaseUnavailable,
} from '../db/unavailable.ts';
import { describeValidation, descriptionFor, titleFor } from './problemTexts.ts';
import { sendViolations, ValidationFailed } from './violations.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** An error meant for the client: its description is French and safe to show, even for 5xx. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly title: string;
  /** The field the refusal is about, when it is one (a conflict on a unique value). */
  field?: string;

  constructor(statusCode: number, description?: string, title?: string) {
    super(description ?? descriptionFor(statusCode));
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.title = title ?? titleFor(statusCode);
  }
}

/** `throw httpError(404, 'Contrat introuvable')` from any route or hook. */
export function httpError(status: number, description?: string, title?: string): HttpError {
  return new HttpError(status, description, title);
}

/**
 * A 409 about one field (a username already taken): the problem also lists it as a violation
 * of that field, as a 422 would, so that a form shows the message under the field.
 */
export function conflictOn(field: string, description: string): HttpError {
  const error = new HttpError(409, description);
  error.field = field;
  return error;
}

export interface Problem {
  '@context': string;
  '@type': 'hydra:Error';
  'hydra:title': string;
  'hydra:description': string;
  title: string;
  detail: string;
  status: number;
  type: string;
  /** A conflict on one field (conflictOn), listed as a 422 lists its violations. */
  violations?: { propertyPath: string; message: string }[];
}

export function problem(status: number, description?: string, title?: string): Problem {
  const t = title ?? titleFor(status);
  const detail = description ?? descriptionFor(status);
  return {
    '@context': '/api/contexts/Error',
    '@type': 'hydra:Error',
    'hydra:title': t,
    'hydra:description': detail,
    title: t,
    detail,
    status,
    type: `/errors/${status}`,
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

// Fastify's own refusals, said in French (their messages are English).
const KNOWN_CODES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête JSON est vide.',
  FST_ERR_CTP_INVALID_JSON_BODY: "Le corps de la requête n'est pas un JSON valide.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Le format du corps de la requête n'est pas pris en charge.",
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le corps de la requête est trop volumineux.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH:
    "La longueur annoncée du corps de la requête n'est pas la bonne.",
};

const DATA_EXCEPTION = 'Une valeur de la requête est mal formée ou hors des bornes acceptées.';

/** True for PostgreSQL's (and PGlite's) data exceptions, SQLSTATE class 22. */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  const severity = (error as { severity?: unknown })?.severity;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === 'string';
}

/** 503 because the database cannot be reached, with the Retry-After that goes with it. */
export function sendDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  reply.header('retry-after', String(DATABASE_RETRY_AFTER_S)).header('cache-control', 'no-store');
  return sendProblem(reply, problem(503, DATABASE_UNAVAILABLE, DATABASE_UNAVAILABLE_TITLE));
}

/** Turns anything thrown into the problem the client sees; never an internal message on 5xx. */
export function toProblem(error: FastifyError | Error): Problem {
  if (error instanceof HttpError) {
    const body = problem(error.statusCode, error.message, error.title);
    return error.field
      ? { ...body, violations: [{ propertyPath: error.field, message: error.message }] }
      : body;
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return problem(
      400,
      describeValidation(fastifyError.validation, fastifyError.validationContext),
    );
  }
  // A PostgreSQL data exception (SQLSTATE class 22: a value out of range for its column, a
  // malformed number or date) comes from a parameter the validation let through: the
  // client's input is at fault, so it is a 400, never a 500.
  if (isDataException(error)) return problem(400, DATA_EXCEPTION);
  // The database cannot be reached (stopped, restarting, network cut): the service's trouble,
  // temporary; the client tries again later (sendProblem's caller adds Retry-After).
  if (isDatabaseUnavailable(error)) {
    return problem(503, DATABASE_UNAVAILABLE, DATABASE_UNAVAILABLE_TITLE);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status < 400 || status >= 600) return problem(500);
  const known = KNOWN_CODES[fastifyError.code ?? ''];
  if (known) return problem(status, known);
  // Other errors carry an English, sometimes technical message: keep it for the log only.
  return problem(status);
}

export function problemHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ValidationFailed) {
      request.log.info({ status: 422, detail: error.message }, 'request refused');
      return sendViolations(reply, error.violations);
    }
    if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database cannot be reached');
      return sendDatabaseUnavailable(reply);
    }
    const body = toProblem(error);
    if (body.status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
    } else if (isDataException(error)) {
      // The input passed validation but not the database: a validation rule is missing.
      request.log.warn({ err: error }, 'data exception from the database');
    } else {
      request.log.info({ status: body.status, detail: body.detail }, 'request refused');
    }
    return sendProblem(reply, body);
  });
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, problem(404)));
}
