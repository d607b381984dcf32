// A Hydra collection over a Source: parameters parsed and checked (400 naming the parameter),
// filters and the data scope applied, one page read with its relations, a capped count, and
// hydra:view. Registered on every path it is published at (the /api/... path and the older
// unprefixed path of spec §7 share the handler).
//
// At a million rows every statement counts (docs/benchmarks.md): a page is one statement when
// its source selects its relations, the count is skipped while a large total is recent
// (./recent.ts), and the limits are written into the SQL so that PostgreSQL can reuse one
// generic plan of the page's prepared statement (server/src/db/preparedStatements.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CompiledQuery, type Expression, type SqlBool, sql } from 'kysely';
import { classNamed } from '../../../../src/domain/schema/index.ts';
import { type AuditEvent, auditRead, keptFilters, listDetail } from '../../audit/record.ts';
import { sendJsonLdText } from '../../hydra/jsonld.ts';
import { type CollectionQuery, type Direction, parseCollectionQuery } from '../../hydra/query.ts';
import { BoundedMap } from '../../lib/boundedMap.ts';
import { type Api, type Ctx, contextOf, type ResourceDeps, type RoleRule } from './context.ts';
import { dateWhere, exact, type FilterDecl, filterWhere, parserSpec } from './filters.ts';
import {
  afterCursor,
  COUNT_CAP,
  checkOffset,
  decodeCursor,
  encodeCursor,
  orderModifiers,
  orderSignature,
  type SortKey,
} from './paging.ts';
import { RECENT_MIN_ROWS, recentRows } from './recent.ts';
import { prefersMinimal, searchJson, searchMappings } from './search.ts';
import { type AnySelect, type Source, whereAll } from './source.ts';
import { hydraPage, pageLinks } from './view.ts';

/**
 * The statements of a page are compiled once per user, scope and URL and kept (see `Plan`):
 * the source's `from`, `where` and the filters must build their SQL from the request (path,
 * query string) and the scope alone, never from the clock or other state. (`check` runs on
 * every request.)
 */
export interface CollectionDecl {
  /** '/api/contrats', and the older '/contrats' when spec §7 lists it. */
  paths: readonly string[];
  /** Hydra class of the members (the answer's @context is /api/contexts/{resource}). */
  resource: string;
  /** Any one of these (expanded) roles opens the endpoint; 403 otherwise. */
  roles?: RoleRule;
  // biome-ignore lint/suspicious/noExplicitAny: any source fits a collection.
  source: Source<any, any, any, any>;
  /**
   * Runs before the parameters are read: a parent named by the path must exist and be in the
   * scope (throw a 404), so that an empty list never confirms an out-of-scope id.
   */
  check?(ctx: Ctx): Promise<void>;
  /** Narrowing that is no filter: the path's parent id, a required parameter. */
  where?(ctx: Ctx): Expression<SqlBool> | undefined;
  /** Public sort field (spec §3 name, or a §7 alias) -> column. */
  order: Readonly<Record<string, string>>;
  /** Spec §9. The id column is always added as the last key. */
  defaultOrder: ReadonlyArray<{ field: string; direction: Direction }>;
  filters?: Readonly<Record<string, FilterDecl>>;
  /** Date field (field[after], field[before], ...) -> date column. */
  dates?: Readonly<Record<string, string>>;
  /**
   * hydra:next may carry an `after` keyset cursor past the numbered pages. Sort columns must
   * then be NOT NULL, except the order fields listed in `nullableOrder` (no cursor for those).
   */
  keyset?: boolean;
  nullableOrder?: readonly string[];
  /** Order columns whose empty values come last in both directions (SortDecl.emptyLast). */
  emptyLast?: readonly string[];
  /** Rows counted exactly, and reached by page number (COUNT_CAP unless a test says less). */
  countCap?: number;
  /** Members per page when the request names no itemsPerPage (10 otherwise). */
  pageSize?: number;
}

export interface Filtered {
  qb: AnySelect;
  query: CollectionQuery;
}

/**
 * Every collection sorts and filters by its id (`order[id]`, `id=12`, `id[]=/api/x/12`), as
 * API Platform's clients expect, whatever its declaration lists.
 */
function withId(decl: CollectionDecl): CollectionDecl {
  if (decl.order.id && decl.filters?.id) return decl;
  return {
    ...decl,
    order: { id: decl.source.id, ...decl.order },
    filters: { id: exact(decl.source.id, 'id'), ...decl.filters },
  };
}

/** The scoped, filtered rows of a declaration (no order, no page): lists and statistics. */
export function filtered(declared: CollectionDecl, ctx: Ctx): Filtered {
  const decl = withId(declared);
  const query = parseCollectionQuery(ctx.query, {
    orderFields: decl.order,
    defaultOrder: decl.defaultOrder,
    defaultItemsPerPage: decl.pageSize,
    filters: Object.fromEntries(
      Object.entries(decl.filters ?? {}).map(([name, f]) => [name, parserSpec(f)]),
    ),
    dateFilters: Object.keys(decl.dates ?? {}),
  });
  const filters = decl.filters ?? {};
  const dates = decl.dates ?? {};
  const wheres: Array<Expression<SqlBool> | undefined> = [decl.where?.(ctx)];
  for (const [name, value] of Object.entries(query.filters)) {
    wheres.push(filterWhere(name, filters[name], value, ctx));
  }
  for (const [field, bounds] of Object.entries(query.dates)) {
    wheres.push(...dateWhere(dates[field], bounds));
  }
  return { qb: whereAll(decl.source.from(ctx) as AnySelect, wheres), query };
}

/** The order of a page: the requested (or default) keys, then the id as tie-breaker. */
export function sortKeys(query: CollectionQuery, idColumn: string): SortKey[] {
  const keys: SortKey[] = query.order.map((o) => ({ column: o.column, direction: o.direction }));
  if (!keys.some((k) => k.column === idColumn)) {
    keys.push({ column: idColumn, direction: keys[0]?.direction ?? 'asc' });
  }
  return keys;
}

/** The list's order as its statements write it: the keys, the id last, empty values placed. */
export function listKeys(decl: CollectionDecl, query: CollectionQuery): SortKey[] {
  return sortKeys(query, decl.source.id).map((key) =>
    decl.emptyLast?.includes(key.column) ? { ...key, emptyLast: true } : key,
  );
}

/** Whether "the rows after this one" can follow the order: none of its keys may be empty. */
export const followsByKeyset = (decl: CollectionDecl, query: CollectionQuery) =>
  !query.order.some((o) => decl.nullableOrder?.includes(o.field));

/** The capped count statement of some scoped, filtered rows. */
function countQuery(ctx: Ctx, qb: AnySelect, cap: number) {
  const limited = qb
    .select(sql`1`.as('one'))
    .limit(sql.lit(cap + 1))
    .as('capped');
  return ctx.db.selectFrom(limited).select(sql<number>`count(*)::int`.as('n'));
}

async function runCount(
  ctx: Ctx,
  count: CompiledQuery<{ n: number }>,
  cap: number,
): Promise<{ total: number; lowerBound: boolean }> {
  const [row] = await recentRows(ctx.db, count, (rows) => Number(rows[0]?.n) >= RECENT_MIN_ROWS);
  const n = Number(row.n);
  return n > cap ? { total: cap, lowerBound: true } : { total: n, lowerBound: false };
}

/**
 * count(*) of at most cap + 1 rows: exact below the cap, a lower bound above. A total of
 * RECENT_MIN_ROWS or more is reused for RECENT_MS by the same statement (same scope, filters).
 */
export function cappedCount(
  ctx: Ctx,
  qb: AnySelect,
  cap = COUNT_CAP,
): Promise<{ total: number; lowerBound: boolean }> {
  return runCount(ctx, countQuery(ctx, qb, cap).compile(), cap);
}

const KEY = (i: number) => `__key${i}`;

/** How much of an ordered window `windowQuery` reads, and which columns. */
export interface WindowRead {
  /** Rows wanted (the caller limits the ordered query the same way). */
  limit: number;
  /** Rows skipped first (numbered pages). */
  offset?: number;
  /** The columns read: the source's (`select`) unless a leaner read is given (an export's). */
  select?: (qb: AnySelect) => AnySelect;
}

/**
 * The rows of one page or one export batch, unordered (the caller orders and limits them):
 * the scoped, filtered rows `qb`, after the keyset cursor `after` when given. When every sort
 * key is a column of the source's own table, the ids are found first in a lean subquery (the
 * FROM alone: an index-only scan of a covering index for the default contract list), and only
 * those rows are joined for display. A key on a column of the source's to-one lookups
 * (Source.joins: a contract's product name) finds the ids through those joins alone, so that
 * PostgreSQL sorts narrow rows (1.2 s -> 0.4 s for a million contracts). Otherwise the display
 * joins run inside the ordered query, and an offset makes them run for every skipped row; so
 * does a source with nothing to join and a costly FROM (lightSelect), where finding its ids
 * first would run that FROM twice.
 */
export function windowQuery(
  // biome-ignore lint/suspicious/noExplicitAny: any source.
  source: Source<any, any, any, any>,
  ctx: Ctx,
  qb: AnySelect,
  keys: SortKey[],
  after: unknown[] | undefined,
  read: WindowRead,
): AnySelect {
  const select = (rows: AnySelect) => (read.select ?? source.select)(rows) as AnySelect;
  const offset = !after && read.offset ? read.offset : 0;
  let window = after ? qb.where(afterCursor(keys, after)) : qb;
  const table = source.id.slice(0, source.id.lastIndexOf('.') + 1);
  const ownKeys = keys.every((key) => key.column.startsWith(table));
  if (!table || source.lightSelect?.(ctx) || (!ownKeys && !source.joins)) {
    const rows = select(window);
    return offset ? rows.offset(sql.lit(offset)) : rows;
  }
  if (!ownKeys && source.joins) window = source.joins(window);
  window = window.select(sql.ref(source.id).as('page_id'));
  for (const key of keys) window = window.orderBy(sql.ref(key.column), orderModifiers(key));
  window = window.limit(sql.lit(read.limit));
  // Written into the SQL too: a generic plan guessing the offset walked a seller's whole
  // default list in date order for its last page (110 ms instead of a 2 ms bitmap and sort).
  if (offset) window = window.offset(sql.lit(offset));
  const ids = sql<SqlBool>`${sql.ref(source.id)} = ANY (ARRAY(SELECT page_id FROM (${window}) AS page_ids))`;
  return select((source.from(ctx) as AnySelect).where(ids));
}

/**
 * What a request's parameters make of a collection, compiled: the page and count statements
 * and what the answer needs to know. Building and compiling them with Kysely costs more CPU
 * than PostgreSQL spends running the page (docs/benchmarks.md), so a plan is kept per user,
 * scope and URL (the URL holds every parameter; the bound values are in the compiled query).
 * The page it gives is kept under the same key for a few seconds (./pageCache.ts).
 */
interface Plan {
  query: CollectionQuery;
  keys: SortKey[];
  keyset: boolean;
  cursor: boolean;
  page: CompiledQuery<Record<string, unknown>>;
  count: CompiledQuery<{ n: number }>;
  /** The links of the page's hydra:view (the URL read once, ./view.ts). */
  links: ReturnType<typeof pageLinks>;
}

/** Plans kept per declaration (the oldest is dropped first). */
const PLANS_MAX = 1_000;

function plan(decl: CollectionDecl, ctx: Ctx, cap: number, url: string): Plan {
  const { qb, query } = filtered(decl, ctx);
  const keys = listKeys(decl, query);
  const keyset = decl.keyset === true && followsByKeyset(decl, query);
  const cursor = keyset ? decodeCursor(ctx.query.after, keys) : undefined;
  if (!cursor) {
    checkOffset(query.offset, keyset ? 'cursor' : decl.keyset ? 'otherOrder' : 'none', cap);
  }

  let page = windowQuery(decl.source, ctx, qb, keys, cursor?.values, {
    limit: query.itemsPerPage + 1,
    offset: query.offset,
  });
  keys.forEach((key, i) => {
    page = page.orderBy(sql.ref(key.column), orderModifiers(key));
    if (keyset) page = page.select(sql.ref(key.column).as(KEY(i)));
  });
  page = page.limit(sql.lit(query.itemsPerPage + 1));
  return {
    query,
    keys,
    keyset,
    cursor: cursor !== undefined,
    page: page.compile() as CompiledQuery<Record<string, unknown>>,
    count: countQuery(ctx, qb, cap).compile(),
    links: pageLinks(url),
  };
}

export function collection(api: Api, deps: ResourceDeps, declared: CollectionDecl): void {
  const decl = withId(declared);
  const { source } = decl;
  const { pages } = deps;
  const search = searchJson(searchMappings(decl));
  const cap = decl.countCap ?? COUNT_CAP;
  const plans = new BoundedMap<string, Plan>(PLANS_MAX);
  // A class whose lists are audited (its declaration's audit.list): one event per page asked,
  // with the ids it showed, recorded before it is sent; a page kept keeps its event's detail.
  const ofClass = classNamed(decl.resource);
  const audited = ofClass?.audit?.list;
  const derives = ofClass?.derived !== undefined;
  const trail = new BoundedMap<string, AuditEvent>(PLANS_MAX);
  const filterType = keptFilters(decl.filters);
  // A page as kept (without its search template), sent lean to a client preferring it, else
  // with the template: the same on every page, serialised once, spliced in. A lean page's
  // members also leave out what the client derives itself (the class's `derived`), so the two
  // are kept apart.
  const sendPage = (request: FastifyRequest, reply: FastifyReply, lean: boolean, page: string) => {
    reply.header('Vary', 'Prefer');
    if (lean) {
      return sendJsonLdText(request, reply.header('Preference-Applied', 'return=minimal'), page);
    }
    const path = request.url.split('?')[0];
    return sendJsonLdText(request, reply, `${page.slice(0, -1)},"hydra:search":${search(path)}}`);
  };
  for (const path of decl.paths) {
    api.get(path, async (request, reply) => {
      const ctx = await contextOf(request, deps, decl.roles);
      await decl.check?.(ctx);
      const planKey = `${ctx.principal.userId}\u0000${JSON.stringify(ctx.scope)}\u0000${request.url}`;
      const lean = prefersMinimal(request);
      const pageKey = lean && derives ? `lean\u0000${planKey}` : planKey;
      const kept = pages.get(pageKey);
      const keptEvent = audited ? trail.get(planKey) : undefined;
      if (kept !== undefined && (!audited || keptEvent)) {
        if (keptEvent) await auditRead(ctx, keptEvent);
        return sendPage(request, reply, lean, kept);
      }
      const generation = pages.generation;
      let known = plans.get(planKey);
      if (!known) {
        known = plan(decl, ctx, cap, request.url);
        plans.set(planKey, known);
      }
      const { query, keys, keyset } = known;

      const [{ rows }, count] = await Promise.all([
        ctx.db.executeQuery(known.page),
        runCount(ctx, known.count, cap),
      ]);
      const hasNext = rows.length > query.itemsPerPage;
      const pageRows = rows.slice(0, query.itemsPerPage);
      const last = pageRows.at(-1);
      const nextOffset = query.offset + query.itemsPerPage;
      const nextCursor =
        keyset && hasNext && last && (known.cursor || nextOffset > cap)
          ? encodeCursor({
              order: orderSignature(keys),
              values: keys.map((_, i) => last[KEY(i)]),
            })
          : undefined;
      if (keyset) for (const row of pageRows) for (const i of keys.keys()) delete row[KEY(i)];

      const members = await source.members(pageRows, lean ? { ...ctx, lean } : ctx);
      if (audited) {
        const event: AuditEvent = {
          action: audited,
          targetType: decl.resource,
          targetIds: (members as Array<{ id?: unknown }>).flatMap((m) =>
            typeof m.id === 'number' ? [m.id] : [],
          ),
          detail: listDetail(request.url.split('?')[0], query, filterType, {
            ...count,
            shown: pageRows.length,
          }),
        };
        trail.set(planKey, event);
        await auditRead(ctx, event);
      }
      const body = hydraPage(
        {
          resource: decl.resource,
          url: request.url,
          query,
          totalItems: count.total,
          lowerBound: count.lowerBound,
          hasNext,
          nextCursor,
          previousReachable: (query.page - 2) * query.itemsPerPage <= cap,
          offsetCap: cap,
        },
        members,
        known.links,
      );
      const page = JSON.stringify(body);
      pages.set(pageKey, page, generation);
      return sendPage(request, reply, lean, page);
    });
  }
}
