// The address of a search (/recherche?q=...&categorie=...): what the header's box and the search
// page's form open. Kept apart from the page, which loads on demand.
export function searchPath(query: string, category = 0): string {
  const params = new URLSearchParams();
  params.set('q', query.trim());
  if (category) params.set('categorie', String(category));
  return `/recherche?${params.toString()}`;
}
