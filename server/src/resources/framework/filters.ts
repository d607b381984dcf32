// Filter declarations (spec §7, §5): each public filter name says how its values become a
// where-expression. Parsing (empty values dropped, f[]=a / f[0]=a arrays, 400 naming the
// parameter) is the shared parser's (server/src/hydra/query.ts); this file adds ids and SQL.
import { type Expression, type SqlBool, sql } from 'kysely';
import { httpError } from '../../http/problem.ts';
import type { DateBounds, FilterSpec, FilterValue } from '../../hydra/query.ts';
import type { Ctx } from './context.ts';
import { parseId } from './context.ts';
import { containsText } from './text.ts';

export type ValueType = 'string' | 'integer' | 'boolean' | 'id';
type Where = Expression<SqlBool> | undefined;

export type FilterDecl =
  /** Equality; several values (f[]=a&f[]=b) mean any of them. */
  | { kind: 'exact'; column: string; type: ValueType }
  /** Contains the text, ignoring case and French accents. */
  | { kind: 'partial'; column: string }
  /** Anything else: `where` gets the typed value (an array when `multiple`). */
  | {
      kind: 'custom';
      type: ValueType;
      multiple: boolean;
      where(value: never, ctx: Ctx): Where;
    }
  /** Accepted and ignored (a name the SPA sends to every list, meant for another one). */
  | { kind: 'ignored' };

/** `exact('contract.state_id', 'integer')`: equality, arrays mean IN. */
export const exact = (column: string, type: ValueType = 'string'): FilterDecl => ({
  kind: 'exact',
  column,
  type,
});

/** `partial('contract.lb_contrat')`: contains, case and accent insensitive. */
export const partial = (column: string): FilterDecl => ({ kind: 'partial', column });

/** `custom('boolean', (v: boolean) => v ? sql\`...\` : undefined)`: any rule; undefined = none. */
export function custom<T extends string | number | boolean>(
  type: ValueType,
  where: (value: T, ctx: Ctx) => Where,
): FilterDecl {
  return { kind: 'custom', type, multiple: false, where: where as (v: never, c: Ctx) => Where };
}

/** Like custom, for a multiselect: `where` receives every value. */
export function customList<T extends string | number | boolean>(
  type: ValueType,
  where: (values: T[], ctx: Ctx) => Where,
): FilterDecl {
  return { kind: 'custom', type, multiple: true, where: where as (v: never, c: Ctx) => Where };
}

export const ignored: FilterDecl = { kind: 'ignored' };

/** What the shared parser needs to know of a declaration. */
export function parserSpec(decl: FilterDecl): FilterSpec {
  switch (decl.kind) {
    case 'exact':
      return { type: wireType(decl.type), multiple: true };
    case 'custom':
      return { type: wireType(decl.type), multiple: decl.multiple };
    default:
      return { type: 'string', multiple: true };
  }
}

const wireType = (type: ValueType): FilterSpec['type'] => (type === 'id' ? 'string' : type);

function asId(name: string, value: FilterValue): number {
  const id = parseId(value);
  if (id === undefined) {
    throw httpError(400, `Le paramètre « ${name} » doit être un identifiant (nombre ou IRI).`);
  }
  return id;
}

const typedValue = (name: string, type: ValueType, v: FilterValue) =>
  type === 'id' ? asId(name, v) : v;

/** The where-expression of one parsed filter, or undefined when it filters nothing. */
export function filterWhere(
  name: string,
  decl: FilterDecl,
  parsed: FilterValue | FilterValue[],
  ctx: Ctx,
): Where {
  const values = Array.isArray(parsed) ? parsed : [parsed];
  switch (decl.kind) {
    case 'exact': {
      const typed = values.map((v) => typedValue(name, decl.type, v));
      const ref = sql.ref(decl.column);
      // Integers and booleans (states, types, flags: checked values of small domains) are
      // written into the SQL, so a prepared statement's generic plan can still use a partial
      // index whose predicate names them (contract_default_scoped). Quoted, they take the
      // column's type as a bound value would (40000 on a smallint is still refused, a 400).
      // Text and ids stay bound.
      const list =
        decl.type === 'integer' || decl.type === 'boolean'
          ? typed.map((v) => sql.lit(String(v)))
          : typed;
      return list.length === 1
        ? sql<SqlBool>`${ref} = ${list[0]}`
        : sql<SqlBool>`${ref} IN (${sql.join(list)})`;
    }
    case 'partial': {
      // Several texts: any of them (API Platform's partial filter does the same).
      const parts = values.map((v) => containsText(decl.column, String(v)));
      return parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
    }
    case 'custom': {
      const typed = values.map((v) => typedValue(name, decl.type, v));
      const where = decl.where((decl.multiple ? typed : typed[0]) as never, ctx);
      // Bracketed whole: a rule written `a OR b` ANDed with the other filters would otherwise
      // let `b` through whatever they say (Kysely does not bracket raw SQL).
      return where && sql<SqlBool>`(${where})`;
    }
    default:
      return undefined;
  }
}

const OPERATORS: Record<keyof DateBounds, string> = {
  after: '>=',
  before: '<=',
  strictly_after: '>',
  strictly_before: '<',
};

/** field[after]=YYYY-MM-DD and friends on a date column (bounds included, as API Platform). */
export function dateWhere(column: string, bounds: DateBounds): Expression<SqlBool>[] {
  return (Object.entries(bounds) as Array<[keyof DateBounds, string]>).map(
    ([bound, date]) => sql<SqlBool>`${sql.ref(column)} ${sql.raw(OPERATORS[bound])} ${date}::date`,
  );
}
