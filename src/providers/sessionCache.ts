/** Keys of caches tied to the signed-in user: emptied at sign-out (business lists cache here). */
export const SESSION_CACHE_PREFIX = 'espace-partenaire.cache.';
