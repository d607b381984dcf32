// What every resource handler starts from: the principal, its data scope (resolved once per
// request), the database, the path parameters, and the role rule of the endpoint (spec §6).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { hasAnyRole } from '../../../../src/domain/roles.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { httpError } from '../../http/problem.ts';
import { PG_INT_MAX } from '../../hydra/query.ts';
import { type DataScope, scopeOf } from '../../scope/index.ts';
import type { PageCache } from './pageCache.ts';

/** What registerResources hands every resource module. */
export interface ResourceDeps {
  config: Config;
  database: Database;
  /** List pages kept a few seconds per user (./pageCache.ts); emptied when the data changes. */
  pages: PageCache;
}

/** The Fastify scope resources register in: the protected API (bearer token checked). */
export type Api = FastifyInstance;

export interface Ctx {
  db: Kysely<DB>;
  principal: Principal;
  scope: DataScope;
  request: FastifyRequest;
  /** The raw query (qs-parsed: order[x], f[], dtDebVal[after] ...). */
  query: Record<string, unknown>;
  /** A path parameter that must be a positive integer id; otherwise 404 (nothing to find). */
  /** The path's id (12 or an IRI); else 404, with the class's own words when given. */
  pathId(name?: string, notFound?: string): number;
  /**
   * Members for a lean page (`Prefer: return=minimal`, collection.ts): the properties a class
   * derives from the others (its declaration's `derived`) are left to the client.
   */
  lean?: boolean;
}

/** Roles any one of which opens the endpoint (expanded roles, spec §6). */
export type RoleRule = readonly string[];

export function checkRoles(principal: Principal | undefined, roles?: RoleRule): Principal {
  if (!principal) throw httpError(401);
  if (roles?.length && !hasAnyRole(principal.roles, roles)) throw httpError(403);
  return principal;
}

/** Parses an id as the API writes it: 12, or an IRI ending in /12 (@api-platform/admin). */
export function parseId(raw: unknown): number | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const match = /^(?:\/[\w/-]*\/)?(\d{1,15})$/.exec(String(raw));
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= PG_INT_MAX ? id : undefined;
}

/**
 * PostgreSQL refuses the NUL character in text: a parameter carrying one would end in a
 * database error. Refused here, by name, before any query is built.
 */
function refuseNul(query: Record<string, unknown>): void {
  const visit = (name: string, value: unknown): void => {
    if (typeof value === 'string') {
      if (value.includes('\u0000') || name.includes('\u0000')) {
        throw httpError(
          400,
          `Le paramètre « ${name.replaceAll('\u0000', '')} » contient un caractère interdit.`,
        );
      }
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) visit(`${name}[${key}]`, inner);
    }
  };
  for (const [name, value] of Object.entries(query)) visit(name, value);
}

export async function contextOf(
  request: FastifyRequest,
  deps: ResourceDeps,
  roles?: RoleRule,
): Promise<Ctx> {
  const principal = checkRoles(request.principal, roles);
  const db = deps.database.db;
  const params = (request.params ?? {}) as Record<string, string>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  refuseNul(query);
  return {
    db,
    principal,
    scope: await scopeOf(request, db),
    request,
    query,
    pathId(name = 'id', notFound?: string) {
      const id = parseId(params[name]);
      // /contrats/abc says what /contrats/999999 says: this contract cannot be found.
      if (id === undefined) throw httpError(404, notFound);
      return id;
    },
  };
}
