// The bearer token handed over by an external portal (spec §4 'token' parameter), kept for the
// tab's life like the OIDC tokens.

const KEY = 'espace-partenaire.token';

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export function sessionTokenStore(storage: Storage = window.sessionStorage): TokenStore {
  return {
    get: () => storage.getItem(KEY),
    set: (token) => storage.setItem(KEY, token),
    clear: () => storage.removeItem(KEY),
  };
}
