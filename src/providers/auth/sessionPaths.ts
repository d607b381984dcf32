// Pages of the session flow itself: never a place to come back to after signing in.
export const SESSION_PATHS = [
  '/callback',
  '/login',
  '/logout',
  '/token-expired',
  '/erreur_connexion',
] as const;

export function isSessionPath(target: string): boolean {
  const path = target.replace(/[?#].*$/, '');
  return (SESSION_PATHS as readonly string[]).includes(path);
}
