// How many results the full-text search (POST /search) gives per category: the server's bounds
// of `limit`, and what the search page asks (every category: the default; one: the most).
export const SEARCH_RESULTS_PER_CATEGORY = {
  /** When the request names no limit. */
  default: 10,
  /** The largest limit the server takes. */
  max: 50,
} as const;
