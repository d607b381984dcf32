import {
  type DataProvider,
  type GetListResult,
  HttpError,
  type Identifier,
  type RaRecord,
} from 'ra-core';
import { idOfIri, isEmptyValue } from '../domain/apiValues.ts';
import {
  applies,
  classNamed,
  classOfResource,
  itemBase,
  MAX_ITEMS_PER_PAGE,
  orderParameter,
  type PropertyDecl,
} from '../domain/schema/index.ts';
import { getBearer } from './bearer.ts';
import { type HttpClient, httpClient } from './httpClient.ts';
import { createResponseCache, type ResponseCache, userKeyOfBearer } from './responseCache.ts';

// The Hydra data provider (spec partner-extranet §7): page, itemsPerPage, order[field]=asc|desc
// with the sort aliases the resource declarations give, filters as query pairs (arrays as
// name[]=v, date bounds as field[after]=YYYY-MM-DD), a per-user 3 h cache for the lists declared
// cached, and writes whose 422 violations land on their form fields.

/** Where a react-admin resource lives on the API, and how its lists are read. */
export interface ApiRoute {
  /** Collection path, e.g. '/api/contrats'. */
  collection: string;
  /** Item base path when it differs, e.g. '/api/contracts' (items are `${item}/{id}`). */
  item?: string;
  /** Where a creation is POSTed when it is not the collection (spec administration §7: '/api/users/create'). */
  create?: string;
  /** Screen field -> API order field (spec §7 sort aliases). */
  sortAliases?: Readonly<Record<string, string>>;
  /** Kept 3 hours per signed-in user (spec §6, §9). */
  cached?: boolean;
}

export type ApiRoutes = Readonly<Record<string, ApiRoute>>;

/** Per-call options a screen may pass as react-admin `meta`. */
export interface ListMeta {
  /** Another collection path for this resource (per-parent lists: /api/insureds/5/beneficiaires). */
  path?: string;
  /** Cache this call 3 hours for the signed-in user even if the resource is not declared cached. */
  cache?: boolean;
}

interface HydraCollection<T> {
  'hydra:member'?: T[];
  'hydra:totalItems'?: number;
  member?: T[];
  totalItems?: number;
  totalItemsIsLowerBound?: boolean;
}

type HydraRecord = Record<string, unknown> & { '@id'?: string; id?: Identifier };

/** react-admin needs an `id`: the API's own, else the IRI. */
const withId = (record: HydraRecord): RaRecord => ({
  ...record,
  id: record.id ?? (record['@id'] as Identifier),
});

/**
 * A record of a class shown by the generic screens (src/components/generic), its relations
 * as the targets' ids: react-admin's references find records by id, and the API takes an id
 * wherever it takes an IRI. Other screens read the API's answer as it is.
 */
function recordOf(resource: string, record: HydraRecord): RaRecord {
  const out = withId(record);
  const decl = classOfResource(resource);
  if (!decl?.screens) return out;
  for (const [name, p] of Object.entries(decl.properties)) {
    if (!p.relation || p.type === 'json' || !(name in out)) continue;
    const value = out[name];
    out[name] = Array.isArray(value) ? value.map(idOfIri) : idOfIri(value);
  }
  return out;
}

/** What a property that does not apply is sent as: nothing of it (a folder's realms: []). */
const emptyOf = (p: PropertyDecl) => (p.relation?.many ? [] : p.type === 'boolean' ? false : null);

/**
 * A record of a generic screen as its class's writes take it: a property that does not apply
 * under the record's other values is sent empty (spec administration §4: « Saving a folder
 * role sends empty realms and empty profiles »), whatever the hidden input still held; a
 * to-many relation declared with a `member` sends each id as `{ [member]: IRI }` (a profile's
 * `realms[{realm}]`, spec administration §7). Anything else as the form holds it.
 */
export function bodyOf(resource: string, data: Record<string, unknown>): Record<string, unknown> {
  const decl = classOfResource(resource);
  if (!decl?.screens) return data;
  const out = { ...data };
  for (const [name, p] of Object.entries(decl.properties)) {
    if (name in out && !applies(p, (other) => data[other])) out[name] = emptyOf(p);
    const member = p.relation?.member;
    const target = p.relation && classNamed(p.relation.target);
    if (!member || !target || !Array.isArray(out[name])) continue;
    out[name] = (out[name] as unknown[]).map((id) => ({
      [member]: typeof id === 'string' && id.startsWith('/') ? id : `${itemBase(target)}/${id}`,
    }));
  }
  return out;
}

function scalar(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value);
}

/** Date bound names of API Platform's DateFilter. */
const BOUNDS = new Set(['after', 'before', 'strictly_after', 'strictly_before']);

/**
 * Filters as query pairs (spec §5): empty values dropped; one `name[]` entry per selected value;
 * nested form values are flattened, a bound with brackets and anything else with a dot:
 * `{ dtDebVal: { after: d } }` -> `dtDebVal[after]=YYYY-MM-DD`, `{ assure: { firstname: 'x' } }`
 * -> `assure.firstname=x` (a key already written `dtDebVal[after]` is kept as is).
 */
export function appendFilters(query: URLSearchParams, filter: Record<string, unknown> = {}) {
  const add = (name: string, value: unknown) => {
    if (isEmptyValue(value)) return;
    if (Array.isArray(value)) {
      for (const item of value) if (!isEmptyValue(item)) query.append(`${name}[]`, scalar(item));
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        add(BOUNDS.has(key) ? `${name}[${key}]` : `${name}.${key}`, inner);
      }
    } else {
      query.set(name, scalar(value));
    }
  };
  for (const [name, value] of Object.entries(filter)) add(name, value);
}

/** 422 violations as react-admin form errors: `employee.firstname` -> { employee: { firstname } }. */
export function violationsToErrors(body: unknown): Record<string, unknown> | undefined {
  const violations = (body as { violations?: { propertyPath?: string; message?: string }[] })
    ?.violations;
  if (!Array.isArray(violations) || !violations.length) return undefined;
  const errors: Record<string, unknown> = {};
  for (const { propertyPath, message } of violations) {
    const path = (propertyPath || 'root.serverError').split('.');
    let node = errors;
    for (const key of path.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1]] ??= message ?? '';
  }
  return errors;
}

export interface HydraDataProviderOptions {
  routes?: ApiRoutes;
  /** Base of resources with no declared route. */
  entrypoint?: string;
  cache?: ResponseCache;
}

/** Adds what the member's class derives from its other fields (a contract's type, spec §3). */
function withDerived(member: HydraRecord): void {
  const derive = classNamed(String(member['@type']))?.derived;
  if (derive) Object.assign(member, derive(member));
}

/** RFC 7240: asks the API for pages without what every page repeats (docs/api.md). */
export const LEAN_PAGE = { Prefer: 'return=minimal' } as const;

export function createHydraDataProvider(
  http: HttpClient = httpClient,
  { routes = {}, entrypoint = '/api', cache }: HydraDataProviderOptions = {},
) {
  const responses = cache ?? createResponseCache({ userKey: () => userKeyOfBearer(getBearer) });
  // The ETag of each record read or written (by item URL): an update or a delete names it in
  // If-Match, so that it is refused (412) when someone changed the record in between.
  const versions = new Map<string, string>();
  const remember = (url: string, headers: Headers | undefined) => {
    const etag = headers?.get('ETag');
    if (!etag) return;
    versions.delete(url);
    versions.set(url, etag);
    if (versions.size > 500) versions.delete(versions.keys().next().value as string);
  };
  const ifMatch = (url: string): Record<string, string> => {
    const etag = versions.get(url);
    return etag ? { 'If-Match': etag } : {};
  };
  const routeOf = (resource: string): ApiRoute =>
    routes[resource] ?? { collection: `${entrypoint}/${resource}` };
  const itemUrl = (resource: string, id: Identifier) => {
    if (typeof id === 'string' && id.startsWith('/')) return id;
    const route = routeOf(resource);
    return `${route.item ?? route.collection}/${encodeURIComponent(String(id))}`;
  };

  async function readList(
    resource: string,
    url: string,
    cached: boolean,
    signal?: AbortSignal,
  ): Promise<GetListResult> {
    // Lean pages: the API leaves out the hydra:search template, which no screen reads, and
    // what a member's class derives from its other fields, added back here by the same rule.
    const load = async () => {
      const { json, headers } = await http<HydraCollection<HydraRecord>>(url, {
        signal,
        headers: LEAN_PAGE,
      });
      if (headers.get('Preference-Applied') === LEAN_PAGE.Prefer) {
        for (const member of json?.['hydra:member'] ?? json?.member ?? []) withDerived(member);
      }
      return json;
    };
    const json = cached ? await responses.get(url, load) : await load();
    const members = json?.['hydra:member'] ?? json?.member ?? [];
    return {
      data: members.map((member) => recordOf(resource, member)) as never[],
      total: json?.['hydra:totalItems'] ?? json?.totalItems ?? members.length,
      meta: { resource, totalIsLowerBound: json?.totalItemsIsLowerBound === true },
    };
  }

  const provider: DataProvider = {
    async getList(resource, { pagination, sort, filter, meta, signal }) {
      const route = routeOf(resource);
      const listMeta = (meta ?? {}) as ListMeta;
      const query = new URLSearchParams();
      if (pagination) {
        query.set('page', String(pagination.page));
        // A page size the API does not take (an old bookmark's perPage=1000000) asks its most.
        const size = Math.min(Math.max(Math.trunc(pagination.perPage) || 1, 1), MAX_ITEMS_PER_PAGE);
        query.set('itemsPerPage', String(size));
      }
      // An order the class does not declare (an old bookmark, an address edited by hand) is
      // not sent: the API would refuse the whole page; the list keeps its default order.
      const order = orderParameter(resource, sort, route.sortAliases);
      if (order) query.set(order.name, order.value);
      appendFilters(query, filter);
      const path = listMeta.path ?? route.collection;
      const url = `${path}${path.includes('?') ? '&' : '?'}${query}`;
      return readList(resource, url, Boolean(listMeta.cache ?? route.cached), signal);
    },

    async getOne(resource, { id, signal }) {
      const url = itemUrl(resource, id);
      const { json, headers } = await http<HydraRecord>(url, { signal });
      remember(url, headers);
      return { data: recordOf(resource, json) as never };
    },

    async getMany(resource, { ids, signal }) {
      const records = await Promise.all(
        ids.map((id) => http<HydraRecord>(itemUrl(resource, id), { signal })),
      );
      return { data: records.map(({ json }) => recordOf(resource, json)) as never[] };
    },

    getManyReference(resource, { target, id, filter, ...rest }) {
      // A per-parent path (meta.path) names the parent itself: no target filter then.
      const perParent = Boolean((rest.meta as ListMeta | undefined)?.path);
      const scoped = target && !perParent ? { ...filter, [target]: id } : filter;
      return provider.getList(resource, { ...rest, filter: scoped });
    },

    async create(resource, { data }) {
      const route = routeOf(resource);
      const { json, headers } = await write(
        route.create ?? route.collection,
        'POST',
        bodyOf(resource, data),
      );
      responses.clear();
      const created = recordOf(resource, json);
      remember(itemUrl(resource, created.id as Identifier), headers);
      return { data: created as never };
    },

    async update(resource, { id, data }) {
      const url = itemUrl(resource, id);
      const { json, headers } = await write(url, 'PUT', bodyOf(resource, data), ifMatch(url));
      responses.clear();
      remember(url, headers);
      return { data: recordOf(resource, json) as never };
    },

    async updateMany(resource, { ids, data }) {
      await Promise.all(
        ids.map((id) => write(itemUrl(resource, id), 'PUT', bodyOf(resource, data))),
      );
      responses.clear();
      return { data: ids };
    },

    async delete(resource, { id, previousData }) {
      const url = itemUrl(resource, id);
      await http(url, { method: 'DELETE', headers: ifMatch(url), retries: 0 });
      versions.delete(url);
      responses.clear();
      return { data: (previousData ?? { id }) as never };
    },

    async deleteMany(resource, { ids }) {
      await Promise.all(ids.map((id) => http(itemUrl(resource, id), { method: 'DELETE' })));
      responses.clear();
      return { data: ids };
    },

    /**
     * Another session wrote (a live update): the lists kept 3 hours may be stale too. Async, as
     * react-admin's proxy wants every method to answer a promise; the cache is empty at once.
     */
    async forgetCachedLists() {
      responses.clear();
    },

    supportAbortSignal: true,
  };

  /** A write, sent as JSON-LD; 422 violations become react-admin's `{ errors }` body. */
  async function write(
    url: string,
    method: string,
    data: unknown,
    headers: Record<string, string> = {},
  ) {
    try {
      return await http<HydraRecord>(url, {
        method,
        body: data,
        headers: { 'Content-Type': 'application/ld+json', ...headers },
        retries: 0,
      });
    } catch (error) {
      const errors = error instanceof HttpError ? violationsToErrors(error.body) : undefined;
      if (error instanceof HttpError && errors) {
        throw new HttpError(error.message, error.status, { ...error.body, errors });
      }
      throw error;
    }
  }

  return provider;
}
