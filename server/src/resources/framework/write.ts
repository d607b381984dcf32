// The declarative write path: POST on the collection, PUT, PATCH (merge-patch) and DELETE on
// the item, from the class declaration (src/domain/schema) and the same scoped source GET
// reads. docs/api.md, "Writes":
// - roles of access.create / update / delete, else 403; an item outside the scope is a 404;
// - the body read against the declaration (./body.ts): every fault at once, 422 in French;
// - If-Match against the item's ETag (GET sends it): 412 and nothing written when the record
//   changed since it was read; the row is locked for the time of the check and the write;
// - a record the product's code relies on (the class's `kept`) is never deleted (409) and
//   keeps its kept fields (422);
// - one transaction; the database's own constraints have the last word (unique: 422 on the
//   field, a DELETE of a record others refer to: 409);
// - after the commit, the class's hub topic hears of it so that open lists refetch.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { changeAction } from '../../../../src/domain/audit.ts';
import {
  type AnyClass,
  collectionPath,
  entries,
  isKept,
  isWritable,
  keptReasons,
  linkOf,
} from '../../../../src/domain/schema/types.ts';
import { changeEvents, recordAudit } from '../../audit/record.ts';
import type { DB } from '../../db/schema.ts';
import { httpError } from '../../http/problem.ts';
import { ValidationFailed, type Violation } from '../../http/violations.ts';
import { sendJsonLd } from '../../hydra/jsonld.ts';
import { resolveScope } from '../../scope/index.ts';
import { readBody, type WriteMode } from './body.ts';
import { type Api, type Ctx, contextOf, type ResourceDeps } from './context.ts';
import { etagOf, preconditionFails } from './etag.ts';
import { recordChange } from './history.ts';
import { loadItem } from './item.ts';
import { ineligibleTargets, linkProperties, missingTargets, writeLinks } from './links.ts';
import { fail, itemBase } from './schema.ts';
import type { Source } from './source.ts';

export interface WriteBinding {
  /** What GET reads (scope included): a write reaches only what the caller may see. */
  // biome-ignore lint/suspicious/noExplicitAny: any source of the class.
  source: Source<any, any, any, any>;
  /** Checks that need the database, in the write's transaction, after the body's own. */
  check?(
    trx: Kysely<DB>,
    values: Record<string, unknown>,
    ctx: Ctx,
    id?: number,
  ): Promise<Violation[]> | Violation[];
  /**
   * Rules that change what is written rather than refuse it (a folder role has no realms),
   * applied to the body's values before the checks. `before` is the member as GET shows it.
   */
  prepare?(values: Record<string, unknown>, before?: Record<string, unknown>): void;
  /** Columns the server sets on insert (an owner, a date), beside the body's. */
  onCreate?(ctx: Ctx, values: Record<string, unknown>): Record<string, unknown>;
  /**
   * A creation its declaration's columns cannot say (a nested body, rows the server derives,
   * rules on who creates what): reads the body and inserts in the write's transaction, and
   * returns the new id or throws (ValidationFailed, HttpError). The framework does the rest.
   */
  create?(trx: Transaction<DB>, body: unknown, ctx: Ctx): Promise<number>;
  /**
   * The columns of the properties that have none (a password to hash, a list kept as text, a
   * type named by its role), from the checked values; without it such a property is a mistake
   * of the declaration. Runs after the checks, in the write's transaction.
   */
  derive?(
    trx: Kysely<DB>,
    values: Record<string, unknown>,
    ctx: Ctx,
    before?: Record<string, unknown>,
  ): Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * The column naming a row's partner (`app_user.partner_id`, in the table of the source's id)
   * when the class is one partner's business: its changes are announced to that partner's
   * subscribers and the operator's only.
   */
  partnerColumn?: string;
  /** What follows a committed create or update (a mail, sessions to end); errors are logged. */
  committed?(
    ctx: Ctx,
    change: { id: number; action: 'create' | 'update'; values: Record<string, unknown> },
    before?: Record<string, unknown>,
  ): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: tables are named by the declaration.
type AnyDb = Kysely<any>;

interface Table {
  name: string;
  id: string;
  /** Property name -> column of the table. */
  columns: Map<string, string>;
}

/** The table and the columns a class writes; a declaration that cannot be written throws. */
function tableOf(decl: AnyClass, source: Source<unknown, never>, derived: boolean): Table {
  const name = decl.table;
  if (!name) return fail(decl, 'writes need a table');
  const columnIn = (qualified: string, what: string) => {
    const [table, column] = qualified.split('.');
    if (table !== name || !column) {
      fail(decl, `${what} is not a column of ${name} (${qualified})`);
    }
    return column;
  };
  const columns = new Map<string, string>();
  for (const [property, p] of entries(decl)) {
    // A relation held in a link table is written there (./links.ts).
    if (!p.writable || linkOf(p)) continue;
    if (!p.column && derived) continue;
    if (!p.column) fail(decl, `writable ${property} has no column`);
    columns.set(property, columnIn(p.column as string, property));
  }
  return { name, id: columnIn(source.id, 'the id'), columns };
}

const rowOf = (table: Table, values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).flatMap(([property, value]) => {
      const column = table.columns.get(property);
      return column ? [[column, value]] : [];
    }),
  );

/** The database's refusals, in the terms of the class: which field, or which conflict. */
function databaseRefusal(decl: AnyClass, table: Table, error: unknown, deleting: boolean) {
  const { code, detail } = (error ?? {}) as { code?: string; detail?: string };
  const key = /^Key \((.*?)\)=/.exec(detail ?? '')?.[1] ?? '';
  const property = [...table.columns].find(([, column]) =>
    new RegExp(`\\b${column}\\b`).test(key),
  )?.[0];
  const label = property ? decl.properties[property].label : undefined;
  if (code === '23505') {
    return property
      ? new ValidationFailed([
          { propertyPath: property, message: 'Cette valeur est déjà utilisée.' },
        ])
      : httpError(409, 'Un élément identique existe déjà.');
  }
  if (code === '23503') {
    // A link the write removes (a profile's realm) that other rows still point at.
    if (!deleting && /still referenced/.test(detail ?? '')) {
      return httpError(
        409,
        'Modification impossible : un élément retiré est encore utilisé ailleurs (des utilisateurs, par exemple).',
      );
    }
    if (deleting) {
      return httpError(
        409,
        decl.messages?.inUse ??
          `Suppression impossible : d'autres données font référence à cet élément (${decl.title.toLowerCase()}).`,
      );
    }
    return property
      ? new ValidationFailed([
          { propertyPath: property, message: `« ${label} » : cet élément n'existe pas.` },
        ])
      : httpError(422, "Un élément désigné n'existe pas.");
  }
  return undefined;
}

/** A kept record's fields the body would change (the class's `kept`), each refused. */
function keptViolations(
  decl: AnyClass,
  values: Record<string, unknown>,
  before: Record<string, unknown>,
): Violation[] {
  const kept = keptReasons(decl, before);
  return Object.keys(values)
    .filter((field) => field in kept && values[field] !== before[field])
    .map((field) => ({ propertyPath: field, message: kept[field] }));
}

/** The writes of a class, for code of the server that writes as a caller would. */
export interface ClassWrites {
  create?(
    ctx: Ctx,
    body: unknown,
    options?: { quiet?: boolean },
  ): Promise<{ id: number; values: Record<string, unknown> }>;
}

/** POST, PUT, PATCH and DELETE for the class, as its `access` allows. */
export async function writes(
  api: Api,
  deps: ResourceDeps,
  decl: AnyClass,
  binding: WriteBinding,
): Promise<ClassWrites> {
  const { create, update, delete: remove } = decl.access;
  if (!create && !update && !remove) return {};
  // A class created by its binding alone writes no column of its own.
  const table =
    binding.create && !update && !remove
      ? undefined
      : tableOf(decl, binding.source, binding.derive !== undefined);
  const tableFor = () => table ?? fail(decl, 'writes need a table');
  const itemPath = `${itemBase(decl)}/:id`;
  const notFound = decl.messages?.notFound ?? `${decl.title} introuvable.`;
  const db = deps.database.db as unknown as AnyDb;
  const links = linkProperties(decl).filter(({ p }) => isWritable(p));

  /** Tells the class's topic; for a partner's class, to the partners the rows belong to. */
  const publish = (partners: (number | null)[]) =>
    api.hub.announceChange(decl.resource, binding.partnerColumn ? { partners } : undefined);

  /** The partner of the row (binding.partnerColumn), read in the write's transaction. */
  async function partnerOf(trx: AnyDb, id: number): Promise<number | null> {
    if (!binding.partnerColumn) return null;
    const [table] = binding.partnerColumn.split('.');
    const { rows } = await sql<{ partner: number | null }>`SELECT ${sql.ref(
      binding.partnerColumn,
    )} AS partner FROM ${sql.table(table)} WHERE ${sql.ref(binding.source.id)} = ${id}`.execute(
      trx,
    );
    return rows[0]?.partner ?? null;
  }

  /** Runs the write in one transaction; the database's refusals become the client's. */
  async function inTransaction<T>(deleting: boolean, work: (trx: AnyDb) => Promise<T>) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      throw (table && databaseRefusal(decl, table, error, deleting)) ?? error;
    }
  }

  async function checked(
    trx: AnyDb,
    ctx: Ctx,
    values: Record<string, unknown>,
    violations: Violation[],
    id?: number,
  ) {
    violations.push(...(await missingTargets(trx, links, values)));
    violations.push(...(await ineligibleTargets(trx, decl, values)));
    if (binding.check) violations.push(...(await binding.check(trx, values, ctx, id)));
    if (violations.length) throw new ValidationFailed(violations);
  }

  /**
   * A class whose changes are history (rights_change: who, when, which record, before and
   * after) or audited (audit_event: what its declaration's audit.change names, with the rights
   * added and removed), in the write's transaction.
   */
  async function record(
    trx: AnyDb,
    ctx: Ctx,
    id: number,
    action: 'create' | 'update' | 'delete',
    before: unknown,
    written: readonly string[] = [],
  ) {
    const audit = decl.audit;
    if (!decl.audited && !audit?.change) return;
    const after =
      action === 'delete' ? null : await loadItem(binding.source, { ...ctx, db: trx }, id);
    if (decl.audited) {
      await recordChange(trx, ctx.principal, {
        className: decl.name,
        targetId: id,
        action,
        before,
        after,
      });
    }
    if (audit?.change) {
      for (const { operation, detail } of changeEvents(
        audit,
        action,
        before as never,
        after as never,
        written,
      )) {
        await recordAudit(trx, ctx, {
          action: changeAction(audit.change, operation),
          targetType: decl.name,
          targetId: id,
          detail,
        });
      }
    }
  }

  /** Runs the binding's follow-up of a committed write; the write stands whatever it does. */
  async function followUp(
    request: FastifyRequest,
    ctx: Ctx,
    change: { id: number; action: 'create' | 'update'; values: Record<string, unknown> },
    before?: Record<string, unknown>,
  ) {
    if (!binding.committed) return;
    try {
      await binding.committed(ctx, change, before);
    } catch (error) {
      request.log.error({ err: error, class: decl.name, id: change.id }, 'after-write step failed');
    }
  }

  /** The member as GET shows it, with its ETag. */
  async function answer(reply: FastifyReply, ctx: Ctx, id: number) {
    const member = await loadItem(binding.source, ctx, id);
    if (member === undefined) throw httpError(404, notFound);
    reply.header('ETag', etagOf(member));
    return sendJsonLd(reply, { '@context': `/api/contexts/${decl.name}`, ...(member as object) });
  }

  /** Locks the row, reads it as the caller sees it, and checks If-Match. */
  async function current(trx: AnyDb, ctx: Ctx, request: FastifyRequest, id: number) {
    const { name, id: idColumn } = tableFor();
    await sql`SELECT 1 FROM ${sql.table(name)} WHERE ${sql.ref(idColumn)} = ${id} FOR UPDATE`.execute(
      trx,
    );
    const member = await loadItem(binding.source, { ...ctx, db: trx }, id);
    if (member === undefined) throw httpError(404, notFound);
    if (preconditionFails(request, member)) throw httpError(412);
    return member as Record<string, unknown>;
  }

  /**
   * One creation as POST makes it, for the caller's context: the body read and checked, one
   * transaction, the hub told, the follow-up run. `quiet` leaves the hub and the follow-up to
   * the caller (a bulk import tells the hub once and sends its own mails).
   */
  async function createOne(ctx: Ctx, body: unknown, options: { quiet?: boolean } = {}) {
    let written: Record<string, unknown> = {};
    let partner: number | null = null;
    const id = await inTransaction(false, async (trx) => {
      if (binding.create) {
        const created = await binding.create(trx as Transaction<DB>, body, ctx);
        await record(trx, ctx, created, 'create', null);
        partner = await partnerOf(trx, created);
        return created;
      }
      const into = tableFor();
      const { values, violations } = readBody(decl, body, 'create', ctx.principal);
      binding.prepare?.(values);
      await checked(trx, ctx, values, violations);
      written = values;
      const row = {
        ...rowOf(into, values),
        ...(await binding.derive?.(trx, values, ctx)),
        ...binding.onCreate?.(ctx, values),
      };
      const inserted = await trx
        .insertInto(into.name)
        .values(row)
        .returning(into.id)
        .executeTakeFirstOrThrow();
      const newId = inserted[into.id] as number;
      await writeLinks(trx, links, newId, values);
      await record(trx, ctx, newId, 'create', null, Object.keys(values));
      partner = await partnerOf(trx, newId);
      return newId;
    });
    if (!options.quiet) {
      await publish([partner]);
      await followUp(ctx.request, ctx, { id, action: 'create', values: written });
    }
    return { id, values: written };
  }

  await api.register(async (scope) => {
    if (create) {
      const post = async (request: FastifyRequest, reply: FastifyReply) => {
        const ctx = await contextOf(request, deps, create);
        const { id } = await createOne(ctx, request.body);
        reply.code(201).header('Location', `${itemBase(decl)}/${id}`);
        // The caller's scope may have grown by this very row (a manager's new seller).
        return answer(reply, { ...ctx, scope: await resolveScope(ctx.principal, ctx.db) }, id);
      };
      scope.post(collectionPath(decl), post);
      if (decl.paths.create) scope.post(decl.paths.create, post);
    }

    if (update) {
      api.hydra.serveItem(decl.name, 'PUT');
      api.hydra.serveItem(decl.name, 'PATCH');
      const change = (mode: WriteMode) => async (request: FastifyRequest, reply: FastifyReply) => {
        const ctx = await contextOf(request, deps, update);
        const id = ctx.pathId('id', notFound);
        if (mode === 'patch' && !isMergePatch(request)) {
          throw httpError(
            415,
            'Une modification partielle (PATCH) s’envoie au format application/merge-patch+json.',
          );
        }
        const change = await inTransaction(false, async (trx) => {
          const before = await current(trx, ctx, request, id);
          const partners = [await partnerOf(trx, id)];
          const { values, violations } = readBody(decl, request.body, mode, ctx.principal, before);
          violations.push(...keptViolations(decl, values, before));
          binding.prepare?.(values, before);
          await checked(trx, ctx, values, violations, id);
          if (Object.keys(values).length === 0) return { values, before, partners };
          const into = tableFor();
          const row = {
            ...rowOf(into, values),
            ...(await binding.derive?.(trx, values, ctx, before)),
          };
          if (Object.keys(row).length) {
            await trx.updateTable(into.name).set(row).where(into.id, '=', id).execute();
          }
          await writeLinks(trx, links, id, values);
          await record(trx, ctx, id, 'update', before, Object.keys(values));
          // A row moved to another partner: both hear of it.
          partners.push(await partnerOf(trx, id));
          return { values, before, partners };
        });
        await publish(change.partners);
        await followUp(
          request,
          ctx,
          { id, action: 'update', values: change.values },
          change.before,
        );
        return answer(reply, ctx, id);
      };
      scope.put(itemPath, change('replace'));
      scope.patch(itemPath, change('patch'));
    }

    if (remove) {
      api.hydra.serveItem(decl.name, 'DELETE');
      scope.delete(itemPath, async (request, reply) => {
        const ctx = await contextOf(request, deps, remove);
        const id = ctx.pathId('id', notFound);
        const partner = await inTransaction(true, async (trx) => {
          const before = await current(trx, ctx, request, id);
          if (isKept(decl, before)) throw httpError(409, decl.kept?.deleted(before));
          const owner = await partnerOf(trx, id);
          const { name, id: idColumn } = tableFor();
          await trx.deleteFrom(name).where(idColumn, '=', id).execute();
          await record(trx, ctx, id, 'delete', before);
          return owner;
        });
        await publish([partner]);
        return reply.code(204).send();
      });
    }
  });
  return create ? { create: createOne } : {};
}

const isMergePatch = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0].trim() === 'application/merge-patch+json';
