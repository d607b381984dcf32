import { type HttpClient, httpClient } from './httpClient.ts';

// The full-text search of spec administration §7 (POST /search; docs/api.md "Search"), apart
// from the data provider: the answer is a plain list of raw entries (§3 "Search result":
// CONTENT, the JSON text of an array whose first element is shown; ID_SOURCE; ID_CATEGORY),
// mapped here to { content, sourceId, categoryId }. Through the one HTTP client (bearer,
// retries, 403 and maintenance routing).

/** §8: the text of a failed lookup; the search page toasts it. */
export const SEARCH_FAILURE = 'Une erreur est survenue durant la recherche';

/** The categories of the selector; 0 (every category) is its default (§2 'Catégories'). */
export const SEARCH_CATEGORIES = [
  { id: 1, label: 'Contrats', resource: 'contracts' },
  { id: 2, label: 'Assurés', resource: 'insureds' },
  { id: 3, label: 'Souscripteurs', resource: 'customers' },
  { id: 4, label: 'Apporteurs', resource: 'businessProviders' },
  { id: 5, label: 'Mutuelles', resource: 'insuranceCompanies' },
  { id: 6, label: 'Produits', resource: 'products' },
] as const;

export const ALL_CATEGORIES = { id: 0, label: 'Catégories' } as const;

export interface RawSearchEntry {
  CONTENT: string;
  ID_SOURCE: number;
  ID_CATEGORY: number;
}

/** What a result shows: the first element of CONTENT. */
export interface SearchContent {
  label: string;
  detail?: string | null;
  [key: string]: unknown;
}

export interface SearchEntry {
  content: SearchContent;
  sourceId: number;
  categoryId: number;
}

export interface SearchRequest {
  query: string;
  /** 0: every category. */
  category?: number;
  /** Results per category (1 to 50; 10 by default). */
  limit?: number;
}

/** §3: CONTENT is JSON text, its first element used; anything unreadable shows as plain text. */
export function parseContent(raw: unknown): SearchContent {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { label: raw };
    }
  }
  const first = Array.isArray(value) ? value[0] : value;
  if (first && typeof first === 'object') {
    const record = first as Record<string, unknown>;
    return { ...record, label: String(record.label ?? '') };
  }
  return { label: first === undefined || first === null ? '' : String(first) };
}

export function mapEntry(raw: RawSearchEntry): SearchEntry {
  return {
    content: parseContent(raw.CONTENT),
    sourceId: Number(raw.ID_SOURCE),
    categoryId: Number(raw.ID_CATEGORY),
  };
}

export type SearchClient = (request: SearchRequest) => Promise<SearchEntry[]>;

export function createSearch(http: HttpClient): SearchClient {
  return async ({ query, category = 0, limit }) => {
    const { json } = await http<RawSearchEntry[]>('/search', {
      method: 'POST',
      body: { query, category, ...(limit ? { limit } : {}) },
    });
    return Array.isArray(json) ? json.map(mapEntry) : [];
  };
}

/** The application's search, through the application's HTTP client. */
export const searchClient: SearchClient = createSearch(httpClient);
