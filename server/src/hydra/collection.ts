// A page of a collection as API Platform writes it (spec §7): hydra:member, hydra:totalItems
// and hydra:view, whose @id carries the page and whose first/last/previous/next keep every
// other parameter of the request as it was sent (filters, order, itemsPerPage).
import type { CollectionQuery } from './query.ts';

export interface HydraCollection<T> {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view': {
    '@id': string;
    '@type': 'hydra:PartialCollectionView';
    'hydra:first': string;
    'hydra:last': string;
    'hydra:previous'?: string;
    'hydra:next'?: string;
  };
}

export interface CollectionInput<T> {
  /** The class name: its context is /api/contexts/{name}. */
  resource: string;
  /** The request's URL (path and raw query string), as Fastify's request.url gives it. */
  url: string;
  query: Pick<CollectionQuery, 'page' | 'itemsPerPage'>;
  totalItems: number;
  members: T[];
}

/** The same URL with `page` set to the given number, every other pair kept byte for byte. */
export function withPage(url: string, page: number): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const pairs = at === -1 ? [] : url.slice(at + 1).split('&');
  const kept = pairs.filter((pair) => {
    if (!pair) return false;
    const key = pair.split('=')[0];
    let name = key;
    try {
      name = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is kept as it was sent.
    }
    return name !== 'page';
  });
  return `${path}?${[...kept, `page=${page}`].join('&')}`;
}

export function hydraCollection<T>(input: CollectionInput<T>): HydraCollection<T> {
  const { url, query, totalItems } = input;
  const path = url.split('?')[0];
  const lastPage = Math.max(1, Math.ceil(totalItems / query.itemsPerPage));
  return {
    '@context': `/api/contexts/${input.resource}`,
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': input.members,
    'hydra:totalItems': totalItems,
    'hydra:view': {
      '@id': withPage(url, query.page),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': withPage(url, 1),
      'hydra:last': withPage(url, lastPage),
      ...(query.page > 1 ? { 'hydra:previous': withPage(url, query.page - 1) } : {}),
      ...(query.page < lastPage ? { 'hydra:next': withPage(url, query.page + 1) } : {}),
    },
  };
}
