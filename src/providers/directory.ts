import { DIRECTORY_MAX, DIRECTORY_PATHS, type DirectoryEntry } from '../domain/directory.ts';
import { type HttpClient, httpClient } from './httpClient.ts';

// The single sign-on directory search of spec administration §7 (docs/api.md, "The single
// sign-on directory"), apart from the data provider: the answers are plain lists of directory
// entries, not Hydra collections of a resource. Through the one HTTP client (bearer, retries,
// 403 and maintenance routing).

export type { DirectoryEntry };

export interface DirectorySearch {
  /** The realm's accounts whose user name contains `username` (all when empty), `max` at most. */
  search(params?: { username?: string; realm?: string; max?: number }): Promise<DirectoryEntry[]>;
  /** The account with exactly that user name (any case): zero or one entry. */
  byUsername(username: string, realm?: string): Promise<DirectoryEntry[]>;
  /** The account(s) with exactly that e-mail (any case). */
  byEmail(email: string, realm?: string): Promise<DirectoryEntry[]>;
}

/** `?name=value&...` of the parameters given (an omitted realm: the server's default realm). */
function pathWith(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function createDirectorySearch(http: HttpClient): DirectorySearch {
  const get = async (path: string) => {
    const { json } = await http<DirectoryEntry[]>(path);
    return Array.isArray(json) ? json : [];
  };
  return {
    search: ({ username, realm, max = DIRECTORY_MAX } = {}) =>
      get(pathWith(DIRECTORY_PATHS.search, { max, realm, username: username?.trim() })),
    byUsername: (username, realm) =>
      get(pathWith(DIRECTORY_PATHS.byUsername, { username: username.trim(), realm })),
    byEmail: (email, realm) =>
      get(pathWith(DIRECTORY_PATHS.byEmail, { email: email.trim(), realm })),
  };
}

/** The application's directory search, through the application's HTTP client. */
export const directorySearch: DirectorySearch = createDirectorySearch(httpClient);
