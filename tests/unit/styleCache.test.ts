// emotion's cache takes the nonce the server wrote into the page (server/src/http/spa.ts), so
// MUI's <style> tags pass the page's Content-Security-Policy; under Vite's dev server there is
// none (the end-to-end csp.spec.ts shows the real browser side).
import { afterEach, describe, expect, it } from 'vitest';
import { createStyleCache, pageNonce } from '../../src/styleCache.ts';

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[property="csp-nonce"]')) meta.remove();
});

describe('style cache', () => {
  it('reads the page’s nonce and gives it to emotion', () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'c2VjcmV0LW5vbmNlLTEyMw==');
    document.head.append(meta);
    expect(pageNonce()).toBe('c2VjcmV0LW5vbmNlLTEyMw==');
    expect(createStyleCache().nonce).toBe('c2VjcmV0LW5vbmNlLTEyMw==');
  });

  it('has no nonce where the page names none (Vite’s dev server)', () => {
    expect(pageNonce()).toBeUndefined();
    expect(createStyleCache().nonce).toBeUndefined();
  });
});
