// Keycloak's directory, through its admin REST API (docs/identity.md, "The directory search").
// The server signs in as a confidential client with a service account (client-credentials
// grant in KEYCLOAK_ADMIN_REALM), keeps the access token until shortly before it expires, and
// reads GET {base}/admin/realms/{realm}/users. Node's own fetch (undici): no dependency.
import { type Kysely, sql } from 'kysely';
import type { DirectoryEntry } from '../../../../src/domain/directory.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import {
  type Directory,
  type DirectoryQuery,
  DirectoryUnavailableError,
  UnknownRealmError,
  type Viewer,
} from './index.ts';

export type KeycloakSettings = NonNullable<Config['directory']['keycloak']>;

export interface KeycloakOptions {
  /** Each call to Keycloak gives up after this long (default 10 s): the directory is then down. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The part of Keycloak's UserRepresentation read here (briefRepresentation=true holds it). */
interface KeycloakUser {
  id?: unknown;
  username?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  enabled?: unknown;
}

/** A token is dropped this long before Keycloak says it expires (at most half its lifetime). */
const EXPIRY_MARGIN_MS = 30_000;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export function keycloakDirectory(
  settings: KeycloakSettings,
  db: Kysely<DB>,
  options: KeycloakOptions = {},
): Directory {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tokenUrl = `${settings.url}/realms/${encodeURIComponent(settings.realm)}/protocol/openid-connect/token`;
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;

  /** One call to Keycloak; a network failure or a timeout means the directory is down. */
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new DirectoryUnavailableError(`Keycloak did not answer (${url})`, { cause: error });
    }
  }

  async function requestToken(): Promise<string> {
    const response = await call(tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
    });
    if (!response.ok) {
      // 400/401: wrong client id or secret, or no service account; 5xx: Keycloak is down.
      throw new DirectoryUnavailableError(
        `Keycloak's token endpoint answered ${response.status} (${tokenUrl})`,
      );
    }
    const body = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (typeof body?.access_token !== 'string') {
      throw new DirectoryUnavailableError(`Keycloak's token endpoint gave no access token`);
    }
    const lifetime = (typeof body.expires_in === 'number' ? body.expires_in : 60) * 1000;
    cached = {
      token: body.access_token,
      until: Date.now() + lifetime - Math.min(EXPIRY_MARGIN_MS, lifetime / 2),
    };
    return body.access_token;
  }

  /** The cached token while it lives; concurrent searches share one token request. */
  function token(): Promise<string> {
    if (cached && cached.until > Date.now()) return Promise.resolve(cached.token);
    pending ??= requestToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function users(
    realm: string,
    params: Record<string, string>,
    retried = false,
  ): Promise<KeycloakUser[]> {
    const query = new URLSearchParams({ ...params, briefRepresentation: 'true' });
    const url = `${settings.url}/admin/realms/${encodeURIComponent(realm)}/users?${query}`;
    const response = await call(url, {
      headers: { authorization: `Bearer ${await token()}`, accept: 'application/json' },
    });
    if (response.status === 401 && !retried) {
      // The token was revoked or Keycloak restarted with new keys: one new token, once.
      cached = undefined;
      return users(realm, params, true);
    }
    if (response.status === 404) throw new UnknownRealmError(realm);
    if (!response.ok) {
      // 401 again, 403 (the service account may not view this realm's users), 5xx.
      throw new DirectoryUnavailableError(`Keycloak answered ${response.status} (${url})`);
    }
    const body = await response.json().catch(() => null);
    if (!Array.isArray(body)) throw new DirectoryUnavailableError(`Keycloak's answer is no list`);
    return body as KeycloakUser[];
  }

  /** Entries linked to an app_user row of another partner (or of the operator) are hidden. */
  async function visible(
    entries: DirectoryEntry[],
    realm: string,
    viewer: Viewer,
  ): Promise<DirectoryEntry[]> {
    if (viewer.kind === 'all' || entries.length === 0) return entries;
    if (viewer.partnerId === null) return [];
    const ids = entries.map((e) => e.id);
    const names = entries.map((e) => e.username.toLowerCase());
    const { rows } = await sql<{ id_sso: string | null; username: string }>`
      SELECT id_sso, lower(username) AS username FROM app_user
      WHERE partner_id IS DISTINCT FROM ${viewer.partnerId}
        AND (id_sso = ANY(${ids}::text[])
          OR (realm = ${realm} AND lower(username) = ANY(${names}::text[])))`.execute(db);
    const hiddenIds = new Set(rows.map((r) => r.id_sso));
    const hiddenNames = new Set(rows.map((r) => r.username));
    return entries.filter(
      (e) => !hiddenIds.has(e.id) && !hiddenNames.has(e.username.toLowerCase()),
    );
  }

  return {
    kind: 'keycloak',
    async search(query: DirectoryQuery, viewer: Viewer): Promise<DirectoryEntry[]> {
      let found: KeycloakUser[];
      if (query.by === 'contains') {
        // `username` (not `search`, which also matches names and e-mails): a user name that
        // contains the text, as the embedded directory answers.
        found = await users(query.realm, {
          max: String(query.max),
          ...(query.username ? { username: query.username } : {}),
        });
      } else if (query.by === 'username') {
        const wanted = query.username.toLowerCase();
        found = (await users(query.realm, { username: wanted, exact: 'true' })).filter(
          (u) => typeof u.username === 'string' && u.username.toLowerCase() === wanted,
        );
      } else {
        const wanted = query.email.toLowerCase();
        found = (await users(query.realm, { email: wanted, exact: 'true' })).filter(
          (u) => typeof u.email === 'string' && u.email.toLowerCase() === wanted,
        );
      }
      const entries = found
        .filter((u) => text(u.id) !== null && text(u.username) !== null)
        .map(
          (u): DirectoryEntry => ({
            id: String(u.id),
            username: String(u.username),
            firstName: text(u.firstName),
            lastName: text(u.lastName),
            email: text(u.email),
            enabled: u.enabled !== false,
            realm: query.realm,
          }),
        );
      return visible(entries, query.realm, viewer);
    },
  };
}
