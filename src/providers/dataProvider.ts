import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { type HttpClient, httpClient } from './httpClient.ts';

// A minimal Hydra reader until the business issue brings the full data provider (sort aliases,
// date bounds, per-user cache, writes): lists and details only (spec partner-extranet §7).

interface HydraCollection<T> {
  'hydra:member'?: T[];
  'hydra:totalItems'?: number;
  member?: T[];
  totalItems?: number;
}

type HydraRecord = Record<string, unknown> & { '@id'?: string; id?: Identifier };

/** react-admin needs an `id`: the API's own, else the IRI. */
const withId = (record: HydraRecord): RaRecord => ({
  ...record,
  id: record.id ?? (record['@id'] as Identifier),
});

/** Empty values are dropped (spec §5); a list sends one `name[]` entry per value. */
function appendFilters(query: URLSearchParams, filter: Record<string, unknown> = {}) {
  for (const [name, value] of Object.entries(filter)) {
    if (value === '' || value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) query.append(`${name}[]`, String(item));
    else query.set(name, String(value));
  }
}

const notYet = (method: string) => () =>
  Promise.reject(new Error(`${method} : non disponible dans ce fournisseur de données`));

export function createHydraDataProvider(http: HttpClient = httpClient, entrypoint = '/api') {
  const collectionUrl = (resource: string) => `${entrypoint}/${resource}`;
  const itemUrl = (resource: string, id: Identifier) =>
    typeof id === 'string' && id.startsWith('/')
      ? id
      : `${collectionUrl(resource)}/${encodeURIComponent(String(id))}`;

  const provider: DataProvider = {
    async getList(resource, { pagination, sort, filter, signal }) {
      const query = new URLSearchParams();
      if (pagination) {
        query.set('page', String(pagination.page));
        query.set('itemsPerPage', String(pagination.perPage));
      }
      if (sort?.field) query.set(`order[${sort.field}]`, sort.order.toLowerCase());
      appendFilters(query, filter);
      const { json } = await http<HydraCollection<HydraRecord>>(
        `${collectionUrl(resource)}?${query}`,
        { signal },
      );
      const members = json?.['hydra:member'] ?? json?.member ?? [];
      return {
        data: members.map(withId) as never[],
        total: json?.['hydra:totalItems'] ?? json?.totalItems ?? members.length,
      };
    },
    async getOne(resource, { id, signal }) {
      const { json } = await http<HydraRecord>(itemUrl(resource, id), { signal });
      return { data: withId(json) as never };
    },
    getMany: notYet('getMany'),
    getManyReference: notYet('getManyReference'),
    create: notYet('create'),
    update: notYet('update'),
    updateMany: notYet('updateMany'),
    delete: notYet('delete'),
    deleteMany: notYet('deleteMany'),
    supportAbortSignal: true,
  };
  return provider;
}

export const dataProvider = createHydraDataProvider();
