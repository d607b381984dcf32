// Reads the collection parameters of the Hydra API (spec §7): page, itemsPerPage,
// order[field]=asc|desc (any case: @api-platform/admin sends ASC), filters as name=value pairs
// (arrays as f[]=a, f[0]=a or f=a&f=b) and date bounds field[after] / field[before].
// Empty values are dropped (spec §5). Anything malformed is a 400 naming the parameter.
import { MAX_ITEMS_PER_PAGE } from '../../../src/domain/schema/types.ts';
import { httpError } from '../http/problem.ts';

export type Direction = 'asc' | 'desc';
export type FilterValue = string | number | boolean;

export interface FilterSpec {
  type?: 'string' | 'integer' | 'boolean';
  /** Accepts several values (a multiselect filter): the result is then always an array. */
  multiple?: boolean;
}

export interface CollectionQuerySpec {
  /** Public order field -> the column (or expression key) the query sorts on. */
  orderFields?: Readonly<Record<string, string>>;
  defaultOrder?: ReadonlyArray<{ field: string; direction: Direction }>;
  filters?: Readonly<Record<string, FilterSpec>>;
  dateFilters?: readonly string[];
  defaultItemsPerPage?: number;
  maxItemsPerPage?: number;
}

export interface DateBounds {
  after?: string;
  before?: string;
  strictly_after?: string;
  strictly_before?: string;
}

export interface CollectionQuery {
  page: number;
  itemsPerPage: number;
  offset: number;
  order: Array<{ field: string; column: string; direction: Direction }>;
  filters: Record<string, FilterValue | FilterValue[]>;
  dates: Record<string, DateBounds>;
}

/** What a PostgreSQL integer column holds: a query's parameter or a body's value alike. */
export const PG_INT_MIN = -2_147_483_648;
export const PG_INT_MAX = 2_147_483_647;

const BOUNDS = ['after', 'before', 'strictly_after', 'strictly_before'] as const;

const invalid = (name: string, must: string) => httpError(400, `Le paramètre « ${name} » ${must}.`);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A scalar or a list (f[]=a, f[0]=a, f=a&f=b, or qs's object form past its array limit). */
function valuesOf(name: string, value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? Object.keys(value).every((k) => /^\d+$/.test(k))
        ? Object.entries(value)
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([, v]) => v)
        : [value]
      : [value];
  // Spaces around a value are no part of it (a name pasted with a trailing space found
  // nothing); a value of spaces alone is empty.
  return list
    .map((v) => (typeof v === 'string' ? v.trim() : v))
    .filter((v) => !isEmpty(v))
    .map((v) => {
      if (typeof v !== 'string') throw invalid(name, 'doit être une valeur simple');
      return v;
    });
}

function single(name: string, value: unknown): string | undefined {
  const values = valuesOf(name, value);
  if (values.length > 1) throw invalid(name, "n'accepte qu'une seule valeur");
  return values[0];
}

function positiveInteger(name: string, value: unknown, fallback: number, max?: number): number {
  const raw = single(name, value);
  if (raw === undefined) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || (max !== undefined && n > max)) {
    throw invalid(
      name,
      max === undefined
        ? 'doit être un nombre entier supérieur ou égal à 1'
        : `doit être un nombre entier entre 1 et ${max}`,
    );
  }
  return n;
}

function parseOrder(raw: unknown, spec: CollectionQuerySpec): CollectionQuery['order'] {
  const fields = spec.orderFields ?? {};
  if (isEmpty(raw)) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid('order', "s'écrit order[champ]=asc ou order[champ]=desc");
  }
  const order: CollectionQuery['order'] = [];
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    const name = `order[${field}]`;
    const direction = single(name, value)?.toLowerCase();
    if (direction === undefined) continue;
    if (!Object.hasOwn(fields, field)) {
      const known = Object.keys(fields);
      throw invalid(
        name,
        known.length
          ? `ne désigne pas un tri disponible (tris possibles : ${known.join(', ')})`
          : 'ne désigne pas un tri disponible',
      );
    }
    if (direction !== 'asc' && direction !== 'desc') throw invalid(name, 'doit valoir asc ou desc');
    order.push({ field, column: fields[field], direction });
  }
  return order;
}

function typed(name: string, raw: string, type: FilterSpec['type']): FilterValue {
  if (type === 'integer') {
    // Bounded to PostgreSQL's integer: a larger value would fail in the database.
    const n = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(n)) throw invalid(name, 'doit être un nombre entier');
    if (n < PG_INT_MIN || n > PG_INT_MAX) {
      throw invalid(name, `doit être un nombre entier entre ${PG_INT_MIN} et ${PG_INT_MAX}`);
    }
    return n;
  }
  if (type === 'boolean') {
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    throw invalid(name, 'doit valoir true ou false');
  }
  return raw;
}

export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function parseDateBounds(field: string, raw: unknown): DateBounds | undefined {
  if (isEmpty(raw)) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid(field, `s'écrit ${field}[after]=AAAA-MM-JJ ou ${field}[before]=AAAA-MM-JJ`);
  }
  const bounds: DateBounds = {};
  for (const [bound, value] of Object.entries(raw as Record<string, unknown>)) {
    const name = `${field}[${bound}]`;
    if (!(BOUNDS as readonly string[]).includes(bound)) {
      throw invalid(name, 'doit être after, before, strictly_after ou strictly_before');
    }
    const date = single(name, value);
    if (date === undefined) continue;
    if (!isIsoDate(date)) throw invalid(name, 'doit être une date au format AAAA-MM-JJ');
    bounds[bound as keyof DateBounds] = date;
  }
  return Object.keys(bounds).length ? bounds : undefined;
}

export function parseCollectionQuery(
  query: unknown,
  spec: CollectionQuerySpec = {},
): CollectionQuery {
  const q = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const page = positiveInteger('page', q.page, 1);
  const itemsPerPage = positiveInteger(
    'itemsPerPage',
    q.itemsPerPage,
    spec.defaultItemsPerPage ?? 10,
    spec.maxItemsPerPage ?? MAX_ITEMS_PER_PAGE,
  );
  const offset = (page - 1) * itemsPerPage;
  if (!Number.isSafeInteger(offset)) throw invalid('page', 'est trop grand');

  const parsedOrder = parseOrder(q.order, spec);
  const order = parsedOrder.length
    ? parsedOrder
    : (spec.defaultOrder ?? []).map(({ field, direction }) => ({
        field,
        column: spec.orderFields?.[field] ?? field,
        direction,
      }));

  const filters: CollectionQuery['filters'] = {};
  for (const [name, filter] of Object.entries(spec.filters ?? {})) {
    if (!Object.hasOwn(q, name)) continue;
    if (filter.multiple) {
      const values = valuesOf(name, q[name]).map((v) => typed(name, v, filter.type));
      if (values.length) filters[name] = values;
    } else {
      const value = single(name, q[name]);
      if (value !== undefined) filters[name] = typed(name, value, filter.type);
    }
  }

  const dates: CollectionQuery['dates'] = {};
  for (const field of spec.dateFilters ?? []) {
    const bounds = parseDateBounds(field, q[field]);
    if (bounds) dates[field] = bounds;
  }

  return { page, itemsPerPage, offset, order, filters, dates };
}
