// The single sign-on directory search (spec administration §7, §9): GET /api/users/sso_search,
// /api/users/sso_search_by_username and /api/users/sso_search_by_email, for whoever manages
// users. The answer is a plain JSON array of directory entries (docs/api.md, "The single
// sign-on directory"); the directory itself is server/src/users/directory.
//
// These static paths win over /api/users/:id whatever the order of registration: Fastify's
// router (find-my-way) tries a static segment before a parametric one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DIRECTORY_MAX, DIRECTORY_PATHS } from '../../../../src/domain/directory.ts';
import { httpError, problem, sendProblem } from '../../http/problem.ts';
import {
  type DirectoryQuery,
  DirectoryUnavailableError,
  directoryOf,
  knownRealm,
  UnknownRealmError,
  viewerOf,
} from '../../users/directory/index.ts';
import { type Api, contextOf, type ResourceDeps } from '../framework/context.ts';

const MANAGES_USERS = ['USERS_MANAGEMENT'];
const UNKNOWN_REALM = "Ce royaume est introuvable dans l'annuaire.";
const UNAVAILABLE = 'Annuaire indisponible, réessayez dans un instant.';
/** Seconds the client is asked to wait after the directory failed to answer. */
const RETRY_AFTER_SECONDS = 10;
const MAX_TEXT = 255;

const MAX_MESSAGE = `Le paramètre « max » doit être un nombre entier de 1 à ${DIRECTORY_MAX}.`;

/** A text parameter: absent or empty gives undefined; a list (name=a&name=b) is refused. */
function textParam(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw httpError(400, `Le paramètre « ${name} » doit être donné une seule fois.`);
  }
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) {
    throw httpError(400, `Le paramètre « ${name} » dépasse ${MAX_TEXT} caractères.`);
  }
  return trimmed || undefined;
}

function requiredParam(query: Record<string, unknown>, name: string): string {
  const value = textParam(query, name);
  if (value === undefined) throw httpError(400, `Le paramètre « ${name} » est obligatoire.`);
  return value;
}

/** max: a whole number from 1 to 100000 (spec §9), 100000 when absent or empty. */
function maxParam(query: Record<string, unknown>): number {
  const raw = query.max;
  if (raw === undefined || raw === '') return DIRECTORY_MAX;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) throw httpError(400, MAX_MESSAGE);
  const max = Number(raw);
  if (max < 1 || max > DIRECTORY_MAX) throw httpError(400, MAX_MESSAGE);
  return max;
}

export function register(api: Api, deps: ResourceDeps): void {
  const db = deps.database.db;
  const directory = directoryOf(deps.config, db);

  /** `parse` reads the call's own parameters (a bad one: 400) and completes them with the realm. */
  const route = (
    path: string,
    parse: (query: Record<string, unknown>) => (realm: string) => DirectoryQuery,
  ) =>
    api.get(path, async (request: FastifyRequest, reply: FastifyReply) => {
      const ctx = await contextOf(request, deps, MANAGES_USERS);
      const queryIn = parse(ctx.query);
      try {
        const realm = await knownRealm(
          db,
          textParam(ctx.query, 'realm'),
          deps.config.directory.defaultRealm,
        );
        const entries = await directory.search(queryIn(realm), viewerOf(ctx.principal));
        return reply.header('cache-control', 'private, no-store').send(entries);
      } catch (error) {
        if (error instanceof UnknownRealmError) throw httpError(404, UNKNOWN_REALM);
        if (error instanceof DirectoryUnavailableError) {
          request.log.error({ err: error }, 'directory unavailable');
          reply.header('retry-after', String(RETRY_AFTER_SECONDS));
          return sendProblem(reply, problem(503, UNAVAILABLE, 'Annuaire indisponible'));
        }
        throw error;
      }
    });

  route(DIRECTORY_PATHS.search, (query) => {
    const username = textParam(query, 'username');
    const max = maxParam(query);
    return (realm) => ({ by: 'contains', realm, username, max });
  });
  route(DIRECTORY_PATHS.byUsername, (query) => {
    const username = requiredParam(query, 'username');
    return (realm) => ({ by: 'username', realm, username });
  });
  route(DIRECTORY_PATHS.byEmail, (query) => {
    const email = requiredParam(query, 'email');
    return (realm) => ({ by: 'email', realm, email });
  });
}
