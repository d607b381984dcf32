import createCache, { type EmotionCache } from '@emotion/cache';

// MUI's styles are <style> tags that emotion inserts while the app runs. The page's
// Content-Security-Policy allows no inline style but those carrying the page's nonce, which the
// server writes, fresh for each page, into index.html (server/src/http/spa.ts). Under Vite's
// dev server there is neither a nonce nor a policy.

/** The nonce of this page, if the server gave one. */
export function pageNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute from getAttribute() once the page's policy applies (so that
  // CSS selectors cannot read it): the property still holds it.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

/** emotion's cache for the whole app: every <style> tag it inserts carries the nonce. */
export function createStyleCache(nonce = pageNonce()): EmotionCache {
  return createCache({ key: 'css', nonce });
}
