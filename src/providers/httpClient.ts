import { HttpError } from 'ra-core';
import { getBearer } from './bearer.ts';
import { GENERIC_FAILURE, MAINTENANCE_DESCRIPTION } from './failures.ts';
import { setMaintenanceFlag } from './maintenanceFlag.ts';
import { navigateTo } from './navigator.ts';

// The one HTTP client of the SPA (spec partner-extranet §7: "All calls send credentials, ask for
// JSON, carry the bearer token and are retried 3 times on failure"; §8 for the error routing).

export { GENERIC_FAILURE, MAINTENANCE_DESCRIPTION };

export interface HttpOptions extends Omit<RequestInit, 'body'> {
  /** A plain object or array is sent as JSON; FormData, Blob, string... as they are. */
  body?: unknown;
  /** Retries after the first attempt on network failure or 5xx (default 3). */
  retries?: number;
  /** false: no error routing (403, maintenance), only the thrown HttpError. */
  routeErrors?: boolean;
  /** 'blob' for downloads; JSON otherwise. */
  responseType?: 'json' | 'blob';
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  json: T;
  blob?: Blob;
}

export type HttpClient = <T = unknown>(
  url: string,
  options?: HttpOptions,
) => Promise<HttpResponse<T>>;

export interface HttpClientDeps {
  getBearer: () => Promise<string | null>;
  navigate: (path: string) => void;
  onMaintenance: () => void;
  fetch?: typeof fetch;
  /** Wait before retry number `attempt` (0-based). */
  backoffMs?: (attempt: number) => number;
}

const defaultBackoff = (attempt: number) => 250 * 2 ** attempt;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isJsonBody = (body: unknown) =>
  body !== null &&
  typeof body === 'object' &&
  !(body instanceof FormData) &&
  !(body instanceof Blob) &&
  !(body instanceof URLSearchParams) &&
  !(body instanceof ArrayBuffer);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A failure's French message, with the server's reason appended when it asks the user to wait
 * (429: too many exports or e-mails, « Réessayez dans 40 secondes »).
 */
export function failureMessage(message: string, error: unknown): string {
  return error instanceof HttpError && error.status === 429
    ? `${message}. ${error.message}`
    : message;
}

/** The server's own words: Hydra description, problem+json detail, or a plain message. */
export function describeError(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['hydra:description', 'detail', 'message']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const backoff = deps.backoffMs ?? defaultBackoff;

  return async function httpClient<T>(url: string, options: HttpOptions = {}) {
    const { body, retries = 3, routeErrors = true, responseType = 'json', ...init } = options;
    const headers = new Headers(init.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/ld+json, application/json');
    const token = await deps.getBearer();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    let payload = body as BodyInit | undefined;
    if (isJsonBody(body)) {
      payload = JSON.stringify(body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    const request: RequestInit = { credentials: 'include', ...init, headers, body: payload };
    // Relative to the page, as a browser would; also lets Node's fetch run it in tests.
    const target = typeof window === 'undefined' ? url : new URL(url, window.location.href).href;

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(target, request);
      } catch (error) {
        // An abort is the caller's decision: never retried.
        if (init.signal?.aborted || (error as Error)?.name === 'AbortError') throw error;
        if (attempt < retries) {
          await sleep(backoff(attempt));
          continue;
        }
        throw new HttpError(GENERIC_FAILURE, 0, { cause: String(error) });
      }

      if (response.ok) {
        if (responseType === 'blob') {
          return {
            status: response.status,
            headers: response.headers,
            json: null as T,
            blob: await response.blob(),
          };
        }
        return {
          status: response.status,
          headers: response.headers,
          json: (await readJson(response)) as T,
        };
      }

      const errorBody = await readJson(response);
      const description = describeError(errorBody);
      if (response.status === 503 && description === MAINTENANCE_DESCRIPTION) {
        if (routeErrors) deps.onMaintenance();
        throw new HttpError(MAINTENANCE_DESCRIPTION, 503, errorBody);
      }
      if (response.status >= 500 && attempt < retries) {
        await sleep(backoff(attempt));
        continue;
      }
      if (response.status === 403 && routeErrors) deps.navigate('/errors/403');
      // 401 is thrown as is: react-admin hands it to authProvider.checkError (logout path).
      throw new HttpError(description ?? GENERIC_FAILURE, response.status, errorBody);
    }
  };
}

/** The application's client: bearer from the auth provider, routing through the navigator. */
export const httpClient: HttpClient = createHttpClient({
  getBearer,
  navigate: (path) => navigateTo(path),
  onMaintenance: () => {
    setMaintenanceFlag(true);
    navigateTo('/maintenance', { replace: true });
  },
});
