// From a class declaration (src/domain/schema) to what the framework runs: the Hydra class of
// the documentation, the list parameters (orders with their aliases, filters, date bounds,
// nullable sort columns) and a Source whose SELECT and member mapping come from the
// properties' columns. A resource module adds only what no declaration can say: the scope,
// the display joins, the computed values, the filters written in SQL.
//
// Every mismatch between a declaration and its binding is thrown at start-up (a declared
// filter without SQL, SQL for an undeclared filter, a sort without a column), so a server
// that starts serves exactly what its documentation says.
import { type SelectQueryBuilder, sql } from 'kysely';
import { hasAnyRole } from '../../../../src/domain/roles.ts';
import { classNamed } from '../../../../src/domain/schema/index.ts';
import {
  type AnyClass,
  entries,
  filterOf,
  isReadable,
  isWritable,
  itemBase,
  type PropertyDecl,
  type FilterDecl as SchemaFilter,
  sortOf,
} from '../../../../src/domain/schema/types.ts';
import type { HydraProperty, HydraRange, HydraResource } from '../../hydra/registry.ts';
import type { CollectionDecl } from './collection.ts';
import type { Ctx } from './context.ts';
import { exact, type FilterDecl, ignored, partial } from './filters.ts';
import { linkFilter, linkProperties, readLinks } from './links.ts';
import { type BuildMember, memberBuilder } from './memberShape.ts';
import { type AnySelect, iri, type Source } from './source.ts';

const RANGES: Record<PropertyDecl['type'], HydraRange | undefined> = {
  string: 'xmls:string',
  integer: 'xmls:integer',
  decimal: 'xmls:decimal',
  boolean: 'xmls:boolean',
  date: 'xmls:date',
  dateTime: 'xmls:dateTime',
  json: undefined,
};

/** The class as the Hydra documentation describes it. */
export function hydraClass(decl: AnyClass): HydraResource {
  const properties: HydraProperty[] = entries(decl).map(([name, p]) => ({
    name,
    range: p.relation ? `#${p.relation.target}` : RANGES[p.type],
    title: p.label,
    description: p.description,
    required: p.required ?? false,
    readable: isReadable(p),
    writeable: isWritable(p),
    // Embedded objects ('json') are shown in place by Hydra clients; IRIs are links to fetch.
    link: p.relation !== undefined && p.type !== 'json',
    ...(p.relation?.many ? { many: true } : {}),
  }));
  return {
    name: decl.name,
    title: decl.title,
    description: decl.description,
    ...(decl.paths.collection
      ? {
          collection: {
            path: decl.paths.collection,
            key: decl.resource,
            methods: decl.access.create ? ['GET', 'POST'] : ['GET'],
          },
        }
      : {}),
    properties,
  };
}

export { itemBase };

export interface ListBinding {
  /** Filters written in SQL, by parameter name: each must be declared (property or class). */
  filters?: Readonly<Record<string, FilterDecl>>;
  /** Parameter names accepted and ignored (the SPA's shared filter form sends them). */
  ignored?: readonly string[];
  /** The id column when the class has no `id` property with a column. */
  id?: string;
}

type ListParts = Pick<
  CollectionDecl,
  | 'resource'
  | 'roles'
  | 'order'
  | 'defaultOrder'
  | 'filters'
  | 'dates'
  | 'nullableOrder'
  | 'emptyLast'
  | 'pageSize'
>;

/** A declaration the server cannot serve as it says: thrown at start-up. */
export const fail = (decl: AnyClass, what: string): never => {
  throw new Error(`Class ${decl.name}: ${what}`);
};

function filterType(p: PropertyDecl, declared?: 'string' | 'integer' | 'boolean') {
  if (declared) return declared;
  if (p.type === 'integer' || p.relation) return 'integer';
  if (p.type === 'boolean') return 'boolean';
  return 'string';
}

/** Orders, filters and date bounds of a list of the class, derived from its declaration. */
export function listParams(decl: AnyClass, binding: ListBinding = {}): ListParts {
  const idColumn = binding.id ?? decl.properties.id?.column ?? fail(decl, 'no id column');
  const custom = { ...binding.filters };
  // A relation held in a link table is filtered through it, unless the binding says otherwise.
  for (const { name, p, link } of linkProperties(decl)) {
    const filter = filterOf(p);
    if (filter) custom[name] ??= linkFilter(idColumn, link);
  }
  const order: Record<string, string> = { id: idColumn };
  const nullableColumns = new Set(
    entries(decl)
      .filter(([, p]) => p.nullable && p.column)
      .map(([, p]) => p.column as string),
  );
  const nullableOrder: string[] = [];
  const emptyLast: string[] = [];
  const filters: Record<string, FilterDecl> = {};
  const dates: Record<string, string> = {};

  const addFilter = (name: string, made: FilterDecl | undefined) => {
    const bound = custom[name] ?? made;
    if (!bound) fail(decl, `filter ${name} has neither a column nor SQL`);
    filters[name] = bound as FilterDecl;
    delete custom[name];
  };

  /** A declared filter, its aliases too: its column's SQL unless the binding writes its own. */
  const bind = (
    name: string,
    filter: SchemaFilter,
    column: string | undefined,
    type: 'string' | 'integer' | 'boolean',
  ) => {
    const names = [name, ...(filter.aliases ?? [])];
    if (filter.kind === 'date') {
      const bounded = column ?? fail(decl, `date filter ${name} has no column`);
      for (const key of names) dates[key] = bounded;
      return;
    }
    // The first name's SQL serves its aliases too, unless an alias has its own.
    const made =
      custom[name] ??
      (column === undefined
        ? undefined
        : filter.kind === 'partial'
          ? partial(column)
          : exact(column, filter.kind === 'iri' ? 'id' : type));
    for (const key of names) addFilter(key, custom[key] ?? made);
  };

  for (const [name, p] of entries(decl)) {
    const sort = sortOf(p);
    if (sort) {
      const column = sort.column ?? p.column ?? fail(decl, `sort ${name} has no column`);
      if (sort.emptyLast) emptyLast.push(column);
      for (const key of [name, ...(sort.aliases ?? [])]) {
        order[key] = column;
        if (nullableColumns.has(column) || sort.cursor === false) nullableOrder.push(key);
      }
    }
    const filter = filterOf(p);
    if (filter) bind(name, filter, p.column, filterType(p, filter.type));
  }
  for (const [name, sort] of Object.entries(decl.sorts ?? {})) {
    for (const key of [name, ...(sort.aliases ?? [])]) {
      order[key] = sort.column;
      if (sort.nullable) nullableOrder.push(key);
    }
  }
  for (const [name, filter] of Object.entries(decl.filters ?? {})) {
    bind(name, filter, filter.column, filter.type ?? 'string');
  }
  const undeclared = Object.keys(custom);
  if (undeclared.length) fail(decl, `SQL for undeclared filters ${undeclared.join(', ')}`);
  for (const name of binding.ignored ?? []) filters[name] = ignored;
  for (const { field } of decl.defaultOrder) {
    if (!order[field]) fail(decl, `default order ${field} is not sortable`);
  }

  return {
    resource: decl.name,
    roles: decl.access.read,
    order,
    defaultOrder: decl.defaultOrder,
    filters,
    dates,
    nullableOrder,
    emptyLast,
    pageSize: decl.pageSize,
  };
}

export interface SourceBinding<Row> {
  /** The FROM with the data scope (reference data: none). */
  from(ctx: Ctx): AnySelect;
  /** The id column; `properties.id.column` by default. */
  id?: string;
  /** The base of its members' @id when the class is served under several collections. */
  itemBase?: string;
  /** Joins that only serve display (a product's name): counts and filters never pay for them. */
  joins?(qb: AnySelect): AnySelect;
  /** Columns the computed values need, beyond the properties' own. */
  select?(qb: AnySelect): AnySelect;
  /** Source.lightSelect (ignored with display joins). */
  lightSelect?(ctx: Ctx): boolean;
  /** The values no column holds (relations, derived rules), for a page of rows. */
  compute?(
    rows: Row[],
    ctx: Ctx,
  ): Promise<Array<Record<string, unknown>>> | Array<Record<string, unknown>>;
}

/**
 * A Source reading every readable property that has a column (under its own name) and
 * computing the rest. Relations with a column (state: contract.state_id) are computed: the
 * column serves filters, sorts and writes.
 */
/** A row of a declared class, read by property name (the declaration's). */
// biome-ignore lint/suspicious/noExplicitAny: the columns are the declaration's, known at run time.
export type ClassRow = Record<string, any>;

export function classSource<Row extends Record<string, unknown> = ClassRow>(
  decl: AnyClass,
  binding: SourceBinding<Row>,
): Source<never, never, Row, Record<string, unknown>> {
  const read = entries(decl).filter(([, p]) => isReadable(p) && p.column && !p.relation);
  // A to-one relation held in a column of a declared class is sent as its IRI, as API
  // Platform does; the binding's compute may embed more (a contract's product).
  const linked = entries(decl).flatMap(([name, p]) => {
    const target = p.relation && !p.relation.many && p.column && classNamed(p.relation.target);
    return target && isReadable(p)
      ? [{ name, column: p.column as string, base: itemBase(target) }]
      : [];
  });
  const columns = [
    ...read.map(([name, p]) => sql.ref(p.column as string).as(name)),
    ...linked.map(({ name, column }) => sql.ref(column).as(name)),
  ];
  const restricted = entries(decl).filter(([, p]) => p.readRoles?.length);
  const links = linkProperties(decl);
  const base = binding.itemBase ?? itemBase(decl);
  const { derived } = decl;
  // The builder of each shape this class meets (hidden properties, computed keys), found by a
  // short key so that a page does not describe its whole shape again.
  const builders = new Map<string, BuildMember>();
  const builderFor = (hidden: ReadonlySet<string>, computed: string[]) => {
    const key = `${[...hidden].join(',')}|${computed.join(',')}`;
    let build = builders.get(key);
    if (!build) {
      build = memberBuilder({
        type: decl.name,
        columns: read.filter(([name]) => !hidden.has(name)).map(([name]) => name),
        links: linked.filter(({ name }) => !hidden.has(name)),
        computed,
      });
      builders.set(key, build);
    }
    return build;
  };
  return {
    from: binding.from as never,
    id: binding.id ?? decl.properties.id?.column ?? fail(decl, 'no id column'),
    lightSelect: binding.joins ? undefined : binding.lightSelect,
    joins: binding.joins,
    select(qb: SelectQueryBuilder<never, never, object>) {
      let out = (binding.joins ? binding.joins(qb as AnySelect) : (qb as AnySelect)).select(
        columns,
      );
      if (binding.select) out = binding.select(out);
      return out as never;
    },
    async members(rows, ctx) {
      let computed = binding.compute ? await binding.compute(rows, ctx) : [];
      if (links.length) {
        const linked = await readLinks(
          ctx.db as never,
          links,
          rows.map((row) => row.id as number),
        );
        computed = linked.map((lists, i) => ({ ...computed[i], ...lists }));
      }
      if (derived && !ctx.lean) {
        computed = rows.map((row, i) => {
          const extra = computed[i];
          return { ...extra, ...derived({ ...row, ...extra }) };
        });
      }
      // What the caller may not read is decided once per page, and never added rather than
      // deleted: a deleted key would turn each member into a slow dictionary object.
      const hidden = new Set(
        restricted
          .filter(([, p]) => !hasAnyRole(ctx.principal.roles, p.readRoles ?? []))
          .map(([name]) => name),
      );
      const readableKeys = (extra: Record<string, unknown>) =>
        Object.keys(extra).filter((name) => !hidden.has(name));
      // The compute gives every member of a page the same keys; one that differs gets its own.
      const first = computed[0] ? readableKeys(computed[0]) : [];
      const firstSignature = first.join(',');
      const build = builderFor(hidden, first);
      const plain = builderFor(hidden, []);
      return rows.map((row, i) => {
        const id = iri(base, row.id as number);
        const extra = computed[i];
        if (!extra) return plain(id, row, undefined);
        const own = readableKeys(extra);
        return own.join(',') === firstSignature
          ? build(id, row, extra)
          : builderFor(hidden, own)(id, row, extra);
      });
    },
  };
}
