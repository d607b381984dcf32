// Which part of the server a request is for. One server answers three audiences on one port:
// the API (JSON-LD), the identity provider (/oidc) and the SPA (HTML). The older front end
// called some API paths without the /api prefix (spec §7: /contrats/12, /affilies, ...), and
// those same paths are also SPA deep links (/contrats/liste, /contrats/12). What tells them
// apart is the Accept header: a browser navigation asks for text/html, an API client for JSON.
import type { FastifyRequest } from 'fastify';

/** Paths that are always the API, whatever the Accept header says. */
export const API_PREFIXES = ['/api', '/export', '/downloads', '/.well-known/mercure'] as const;

/** Paths the SPA never answers: the API and the identity provider. */
const NON_SPA_PREFIXES = [...API_PREFIXES, '/oidc', '/.well-known'] as const;

/** First path segments of the older unprefixed API calls of spec §7 (both documents). */
export const LEGACY_API_ROOTS: ReadonlySet<string> = new Set([
  'affilies',
  'apporteurs',
  'assures',
  'business_providers_with_contract',
  'contrats',
  'cotisations',
  'organizations',
  'prestations',
  'products',
  'search',
  'users',
]);

export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Quality of each media range of an Accept header (`type/subtype` -> q). */
function acceptQualities(accept: string): Map<string, number> {
  const qualities = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    if (!range) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    qualities.set(range.trim(), Number.isFinite(q) ? q : 0);
  }
  return qualities;
}

/**
 * True when the client names HTML explicitly and likes it at least as much as JSON: what a
 * browser sends when it opens a page. `*` alone (curl, fetch's default) is not a navigation.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const q = acceptQualities(accept);
  const html = Math.max(q.get('text/html') ?? 0, q.get('application/xhtml+xml') ?? 0);
  if (html <= 0) return false;
  const json = Math.max(q.get('application/json') ?? 0, q.get('application/ld+json') ?? 0);
  return html >= json;
}

/**
 * True when the client takes HTML and names no JSON: a browser, but also a monitoring probe or
 * a link preview asking for the home page with `*` or no Accept at all. Used for the paths that
 * are no API (a legacy API root keeps the stricter `prefersHtml`).
 */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  if (prefersHtml(accept)) return true;
  const q = acceptQualities(accept);
  const json = Math.max(q.get('application/json') ?? 0, q.get('application/ld+json') ?? 0);
  if (json > 0) return false;
  return Math.max(q.get('*/*') ?? 0, q.get('text/*') ?? 0) > 0;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

const namesFile = (path: string) => path.slice(path.lastIndexOf('/') + 1).includes('.');

/** The request's path when the SPA may answer it: a read outside the API and the provider. */
function pagePath(request: FastifyRequest): string | undefined {
  if (!isRead(request.method)) return undefined;
  const path = pathOf(request.url);
  return NON_SPA_PREFIXES.some((prefix) => isUnder(path, prefix)) ? undefined : path;
}

/** A browser opening a page of the SPA (a deep link such as /contrats/liste or /Clients/12). */
export function isSpaNavigation(request: FastifyRequest): boolean {
  const path = pagePath(request);
  // A last segment with a dot names a file (/assets/index-3f2a.js, /favicon.ico), not a route.
  if (path === undefined || namesFile(path)) return false;
  // A path that is also an older API call is a page only when HTML is asked for by name; any
  // other path (/, /contrats/liste...) is a page unless the client asks for JSON.
  const root = path.split('/')[1] ?? '';
  if (LEGACY_API_ROOTS.has(root)) return prefersHtml(request.headers.accept);
  return acceptsHtml(request.headers.accept);
}

/**
 * A browser opening, by name, an address whose last segment has a dot (/contrats/1.5, a link
 * mistyped): the page when no file answers it (spa.ts), so that the screens say what is
 * missing, in French, rather than a bare problem document.
 */
export function isDottedNavigation(request: FastifyRequest): boolean {
  const path = pagePath(request);
  return path !== undefined && namesFile(path) && prefersHtml(request.headers.accept);
}

/** A call to the API: under an API prefix, or an older unprefixed path not opened as a page. */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = pathOf(request.url);
  if (API_PREFIXES.some((prefix) => isUnder(path, prefix))) return true;
  const root = path.split('/')[1] ?? '';
  if (!LEGACY_API_ROOTS.has(root)) return false;
  return !isRead(request.method) || !prefersHtml(request.headers.accept);
}
