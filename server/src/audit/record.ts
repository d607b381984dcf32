// The audit trail (issue 18 #11; docs/security.md, "Audit trail"): one row of audit_event
// (migration 019) per request that reads an insured person's data or health data, per export
// started, per carte TP sent or downloaded, and per write of the classes that say who may do
// what. The framework records what a class declaration's `audit` names (item, list and write
// handlers, server/src/resources/framework/); the few routes of their own call `auditRead`.
//
// What is kept: the actor (id and login, copied), the time, the action (src/domain/audit.ts),
// the target (a class and an id, or the ids a list page showed), the request's id and client
// address, and a small detail: a list's total and the filters used, a change's operation and
// which rights were added or removed. Never the personal data itself: no name, no social
// security number, no free text a user typed to search (only the filter's name is kept).
//
// Failure policy: a read of personal or health data is recorded BEFORE its answer leaves, and
// refused (503) when it cannot be recorded: an operator of health data would rather refuse a
// page than serve it unaudited (HDS, CNIL traceability). A write records in its own
// transaction: the change and its record are saved together or not at all.
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { AuditAction, AuditDecl, ChangeOperation } from '../../../src/domain/audit.ts';
import type { Principal } from '../auth/principal.ts';
import { httpError } from '../http/problem.ts';
import type { CollectionQuery } from '../hydra/query.ts';
import { parseId } from '../resources/framework/context.ts';
import type { FilterDecl } from '../resources/framework/filters.ts';

export interface AuditEvent {
  action: AuditAction;
  /** The Hydra class of the target: 'Insured', 'Profile'. */
  targetType: string;
  targetId?: number | null;
  /** The members a list page showed (their ids only). */
  targetIds?: readonly number[];
  /** Small and free of personal data: counts, filter names, ids, rights added or removed. */
  detail?: Record<string, unknown>;
}

/** Who acts, and the request it came in (its id and client address). */
export interface AuditOrigin {
  principal: Principal;
  request?: FastifyRequest;
}

export const AUDIT_UNAVAILABLE =
  "Le journal d'audit est momentanément indisponible : cette consultation est refusée. Réessayez dans quelques instants.";

// biome-ignore lint/suspicious/noExplicitAny: the trail is written in any database or transaction.
type AnyDb = Kysely<any>;

/** One event, written with `db` (a transaction: it is saved with the write or not at all). */
export async function recordAudit(
  db: AnyDb,
  { principal, request }: AuditOrigin,
  event: AuditEvent,
): Promise<void> {
  const ids = event.targetIds;
  await sql`INSERT INTO audit_event
      (actor_id, actor, action, target_type, target_id, target_ids, detail, request_id, client_ip)
    VALUES (${principal.userId}, ${principal.username}, ${event.action}, ${event.targetType},
      ${event.targetId ?? null}, ${ids ? sql`${`{${ids.join(',')}}`}::integer[]` : null},
      ${JSON.stringify(event.detail ?? {})}::jsonb, ${request?.id ?? null},
      ${request?.ip ?? null})`.execute(db);
}

/**
 * A read of personal or health data, recorded before it is answered: when the trail cannot
 * be written, the read is refused (503) and the failure logged.
 */
export async function auditRead(
  ctx: { db: AnyDb; principal: Principal; request: FastifyRequest },
  event: AuditEvent,
): Promise<void> {
  try {
    await recordAudit(ctx.db, ctx, event);
  } catch (error) {
    ctx.request.log.error(
      { err: error, action: event.action },
      'audit trail: the event could not be recorded, the read is refused',
    );
    throw httpError(503, AUDIT_UNAVAILABLE);
  }
}

/** Filter types whose values say no more than an id, a flag or a date: kept as they are. */
export type KeptFilter = 'id' | 'integer' | 'boolean' | 'string';

/** The type of each filter of a list (`listDetail`'s `typeOf`): text filters keep no value. */
export const keptFilters =
  (filters: Readonly<Record<string, FilterDecl>> | undefined) =>
  (name: string): KeptFilter | undefined => {
    const filter = filters?.[name];
    if (filter?.kind === 'exact' || filter?.kind === 'custom') return filter.type;
    return filter?.kind === 'partial' ? 'string' : undefined;
  };

/**
 * What a list page's event says of its request: the filters used (the values of ids, numbers,
 * flags and dates; only the name of a text, which may be a name or a social security number
 * typed to search), the order, the page, and how many rows matched and were shown.
 */
export function listDetail(
  path: string,
  query: CollectionQuery,
  typeOf: (filter: string) => KeptFilter | undefined,
  counts: { total: number; lowerBound: boolean; shown: number },
): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query.filters)) {
    const type = typeOf(name);
    if (type === undefined || type === 'string') filters[name] = '(texte)';
    else if (type !== 'id') filters[name] = value;
    // An id as a number, whether it came as 12 or as an IRI.
    else filters[name] = Array.isArray(value) ? value.map((v) => parseId(v)) : parseId(value);
  }
  for (const [name, bounds] of Object.entries(query.dates)) filters[name] = bounds;
  return {
    path,
    ...(Object.keys(filters).length ? { filters } : {}),
    order: query.order.map((o) => `${o.field} ${o.direction}`),
    page: query.page,
    itemsPerPage: query.itemsPerPage,
    total: counts.total,
    ...(counts.lowerBound ? { totalIsLowerBound: true } : {}),
    shown: counts.shown,
  };
}

type Member = Record<string, unknown> | null | undefined;

/**
 * What a write did, as the trail names it: an update that turned the declaration's `switch`
 * off or on (a user disabled or enabled again) is that, whatever else it changed.
 */
export function operationOf(
  audit: AuditDecl,
  action: 'create' | 'update' | 'delete',
  before: unknown,
  after: unknown,
): ChangeOperation {
  const name = audit.switch;
  if (action !== 'update' || !name) return action;
  const was = (before as Member)?.[name];
  const is = (after as Member)?.[name];
  if (was === true && is === false) return 'disable';
  if (was === false && is === true) return 'enable';
  return action;
}

/** An embedded record (an organisation, a manager) is kept as its IRI: its names stay out. */
const brief = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) && '@id' in value
    ? (value as { '@id': unknown })['@id']
    : value;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** A list's items compared by value (IRIs, role names). */
const keyOf = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item));

/**
 * What a write changed: its operation, the values of the properties the declaration lets the
 * trail keep (a list's added and removed items, another's before and after), and only the
 * names of the others (a user's name, e-mail, or a password chosen for them).
 */
export function changeDetail(
  audit: AuditDecl,
  operation: 'create' | 'update' | 'delete' | string,
  before: Member,
  after: Member,
  written: readonly string[] = [],
): Record<string, unknown> {
  const kept = (name: string) =>
    audit.values === '*' || (audit.values ?? []).includes(name) || name === 'id';
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const values: Record<string, unknown> = {};
  const named = new Set<string>();
  for (const name of names) {
    if (name.startsWith('@') || name === 'id') continue;
    const was = before?.[name];
    const is = after?.[name];
    if (same(was, is)) continue;
    if (!kept(name)) {
      named.add(name);
    } else if (Array.isArray(was) || Array.isArray(is)) {
      const from = new Set(((was as unknown[]) ?? []).map((item) => keyOf(brief(item))));
      const to = new Set(((is as unknown[]) ?? []).map((item) => keyOf(brief(item))));
      values[name] = {
        added: [...to].filter((item) => !from.has(item)),
        removed: [...from].filter((item) => !to.has(item)),
      };
    } else {
      values[name] = { before: brief(was) ?? null, after: brief(is) ?? null };
    }
  }
  // A property written but never shown (a password): only its name.
  for (const name of written) if (!names.has(name)) named.add(name);
  return {
    operation,
    ...(Object.keys(values).length ? { values } : {}),
    ...(named.size ? { changed: [...named].sort() } : {}),
  };
}

/** A member without one property (the switch, told apart from the rest of a change). */
const without = (member: Member, name: string): Member => {
  if (!member) return member;
  const { [name]: _left, ...rest } = member;
  return rest;
};

/**
 * The trail's events for one write: none when it changed nothing (a form saved as it was); a
 * user disabled together with other changes is two events, the switch and the update, so that
 * the journal's list shows both and a change of rights never hides behind « désactivé ».
 */
export function changeEvents(
  audit: AuditDecl,
  action: 'create' | 'update' | 'delete',
  before: Member,
  after: Member,
  written: readonly string[] = [],
): { operation: ChangeOperation; detail: Record<string, unknown> }[] {
  const operation = operationOf(audit, action, before, after);
  const changedSomething = (d: Record<string, unknown>) => 'values' in d || 'changed' in d;
  const name = audit.switch;
  if ((operation === 'disable' || operation === 'enable') && name) {
    const switched = changeDetail(
      audit,
      action,
      { [name]: before?.[name] },
      { [name]: after?.[name] },
    );
    const rest = changeDetail(
      audit,
      action,
      without(before, name),
      without(after, name),
      written.filter((property) => property !== name),
    );
    return [
      { operation, detail: switched },
      ...(changedSomething(rest) ? [{ operation: 'update' as const, detail: rest }] : []),
    ];
  }
  const detail = changeDetail(audit, action, before, after, written);
  return operation === 'update' && !changedSomething(detail) ? [] : [{ operation, detail }];
}
