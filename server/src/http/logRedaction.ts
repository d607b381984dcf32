// Logs without personal data (issue 18, point 9). Fastify logs every request's URL, and the
// lists' filters carry names, social security numbers, birth dates; the sign-in's callbacks
// carry one-time codes and tokens. Each such parameter keeps its name (what the operator was
// looking for) and loses its value: /api/assures?nom=***&nir=***. What an operator needs stays:
// method, path, the other parameters, status, response time, request id (pino's reqId) and the
// signed-in user's id (not their name or e-mail).
//
// The parameters are named here, once: a parameter is personal when any segment of its name
// (`lastname`, `insured.lastname`, `filter[nom]`, `dtBirthday[after]`) is in PERSONAL or
// matches PERSONAL_PATTERN; `order[...]` only names a column. The class declarations (src/domain/schema) mark no field as
// personal, so the names their filters use are listed here; tests/unit/server/logRedaction
// checks the filters of the insured, the users and the subscribers.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export const MASK = '***';

/** Parameter names (lower case) whose value is personal data or a secret. */
const PERSONAL = new Set([
  // people's names, and the free-text searches that look for them
  'nom',
  'prenom',
  'prénom',
  'name',
  'lastname',
  'firstname',
  'username',
  'fullname',
  'legalname',
  'subscriber',
  'lbsouscrip',
  'souscripteur',
  'login',
  'q',
  'search',
  'query',
  'term',
  // social security numbers
  'nir',
  'noss',
  'ssn',
  'numsecu',
  // places people live
  'postalcode',
  'addresslocality',
  'city',
  'ville',
  'cp',
  // the sign-in's one-time values and any token or password
  'code',
  'state',
  'nonce',
  'code_verifier',
  'id_token_hint',
  'login_hint',
  'logout_hint',
  'session_state',
  'sid',
  'ticket',
  'iban',
  'bic',
]);

/** Families of names: birth dates, e-mails, phones, addresses, passwords, tokens, secrets. */
const PERSONAL_PATTERN =
  /birth|naissance|e?mail|phone|telephone|mobile|^tel$|address|adresse|password|passwd|secret|token|assertion|securite|sécurité/;

/** Whether a query parameter's value must not be logged (its name given decoded). */
export function isPersonalParameter(name: string): boolean {
  const segments = name.toLowerCase().split(/[.[\]]+/);
  // order[lastname]=asc names a column, its value is a direction.
  if (segments[0] === 'order') return false;
  return segments.some(
    (segment) => segment !== '' && (PERSONAL.has(segment) || PERSONAL_PATTERN.test(segment)),
  );
}

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The URL with the values of its personal parameters masked, their names kept. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return isPersonalParameter(decoded(name)) ? `${name}=${MASK}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

/** Any text (an error's message or stack) with the values of personal parameters masked. */
export function redactText(text: string): string {
  return text.replace(/([?&;\s"'(]|^)([^\s=&?#"'()]+)=([^&\s"'#)]*)/g, (all, before, name) =>
    isPersonalParameter(decoded(name)) ? `${before}${name}=${MASK}` : all,
  );
}

type Loggable = Record<string, unknown>;

/** Fastify's request serializer, the URL redacted. */
function req(request: FastifyRequest): Loggable {
  return {
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's answer serializer, with the signed-in user's id (never their name). */
function res(reply: {
  statusCode: number;
  request?: { principal?: { userId: number | null } };
}): Loggable {
  const userId = reply.request?.principal?.userId;
  return { statusCode: reply.statusCode, ...(userId ? { userId } : {}) };
}

/** An error as pino's serializer shows it, every text it holds redacted. */
function err(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const out: Loggable = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    out[key] = typeof value === 'string' ? redactText(value) : value;
  }
  const cause = (error as { cause?: unknown }).cause;
  return {
    ...out,
    type: error?.constructor?.name ?? 'Error',
    message: redactText(String(error?.message ?? error)),
    stack: redactText(String(error?.stack ?? '')),
    ...(cause instanceof Error ? { cause: err(cause) } : {}),
  };
}

/** Keys of a log line whose string value may be a URL to redact. */
const URL_KEYS = new Set(['url', 'path', 'href', 'location', 'referer', 'referrer']);

/**
 * Fields of a log line that are personal data (narrower than the parameters: a line's `code`
 * is an error code, its `login` the name a locked-out sign-in typed, kept for the audit).
 */
const PERSONAL_FIELDS = new Set([
  'nom',
  'prenom',
  'lastname',
  'firstname',
  'fullname',
  'nir',
  'noss',
  'ssn',
]);
const isPersonalField = (key: string) =>
  PERSONAL_FIELDS.has(key.toLowerCase()) || PERSONAL_PATTERN.test(key.toLowerCase());

/** An e-mail address, whichever field holds it: its domain is kept (which partner it was). */
const EMAIL_ADDRESS = /[^\s@<>"'(),;:]+@([\w-]+(?:\.[\w-]+)+)/g;

/** A text with each e-mail address's local part masked: '***@horizon-courtage.fr'. */
export const maskEmails = (text: string): string =>
  text.includes('@') ? text.replace(EMAIL_ADDRESS, `${MASK}@$1`) : text;

/**
 * Every log line's own fields (those given to log.info({ ... })): a URL redacted, a field that
 * names personal data masked, an e-mail address in any other text masked but for its domain,
 * whatever module logs it.
 */
function log(object: Loggable): Loggable {
  let changed: Loggable | undefined;
  for (const [key, value] of Object.entries(object)) {
    let safe = value;
    if (typeof value === 'string' && URL_KEYS.has(key)) safe = maskEmails(redactUrl(value));
    else if (typeof value === 'string' && isPersonalField(key)) safe = MASK;
    // A field named for what it is (a mail's `to`) may still hold an address.
    else if (typeof value === 'string') safe = maskEmails(value);
    if (safe !== value) {
      changed ??= { ...object };
      changed[key] = safe;
    }
  }
  return changed ?? object;
}

/**
 * The logger's options: the level, these serializers and formatter, and where lines go
 * (standard output unless a test gives a stream).
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    serializers: { req, res, err },
    formatters: { log },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per request, written when it ends: its request (method, URL redacted, id), its
 * answer (status, user) and its time. Fastify's default writes a second line when a request
 * arrives: here at `debug` only (the two lines at `info` cost a list page 6 % of its
 * throughput, issue 19).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
