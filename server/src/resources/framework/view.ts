// The Hydra page around a collection's members: hydra:totalItems and hydra:view, whose links
// keep every parameter as sent, change `page`, and carry or drop the `after` cursor.
import type { CollectionQuery } from '../../hydra/query.ts';

export interface PageFacts {
  /** The class name: its context is /api/contexts/{name}. */
  resource: string;
  url: string;
  query: Pick<CollectionQuery, 'page' | 'itemsPerPage'>;
  totalItems: number;
  /** True when totalItems is the count cap: more rows match. */
  lowerBound: boolean;
  /** Whether a next page exists (known from the rows read, whatever the total). */
  hasNext: boolean;
  /** The keyset cursor of the next page, when the order allows it. */
  nextCursor?: string;
  /** Whether page numbers alone reach the previous page (offset within the bound). */
  previousReachable: boolean;
  /** The largest offset a page number reaches: a next page past it needs the cursor. */
  offsetCap: number;
}

/**
 * The links of one URL: `page` (and `after`) set, every other pair kept byte for byte. The URL
 * is read once, however many links a page carries.
 */
export function pageLinks(url: string): (page: number, after?: string) => string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const pairs = at === -1 ? [] : url.slice(at + 1).split('&');
  const kept = pairs.filter((pair) => {
    if (!pair) return false;
    let name = pair.split('=')[0];
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is kept as it was sent.
    }
    return name !== 'page' && name !== 'after';
  });
  const prefix = `${path}?${kept.map((pair) => `${pair}&`).join('')}`;
  return (page, after) => `${prefix}${after ? `after=${after}&` : ''}page=${page}`;
}

const currentAfter = (url: string) => {
  const match = /[?&]after=([^&]*)/.exec(url);
  return match ? match[1] : undefined;
};

/** `link`: the URL's pageLinks, when the caller keeps them (a collection's plan does). */
export function hydraPage<T>(facts: PageFacts, members: T[], link = pageLinks(facts.url)) {
  const { url, query, totalItems } = facts;
  const page = query.page;
  const lastPage = Math.max(1, Math.ceil(totalItems / query.itemsPerPage));
  const view: Record<string, string> = {
    '@id': link(page, currentAfter(url)),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': link(1),
  };
  if (!facts.lowerBound) view['hydra:last'] = link(lastPage);
  if (page > 1 && facts.previousReachable) {
    view['hydra:previous'] = link(page - 1);
  }
  // A next page no number nor cursor can read gets no link (a client would follow it to a 400).
  const nextReachable =
    facts.nextCursor !== undefined || page * query.itemsPerPage <= facts.offsetCap;
  if (facts.hasNext && nextReachable) view['hydra:next'] = link(page + 1, facts.nextCursor);
  return {
    '@context': `/api/contexts/${facts.resource}`,
    '@id': url.split('?')[0],
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': totalItems,
    ...(facts.lowerBound ? { totalItemsIsLowerBound: true } : {}),
    'hydra:view': view,
  };
}
