// The list pages kept per user (server/src/resources/framework/pageCache.ts): lifetime, the
// generation that refuses a page read before a change, and the bounds.
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../../server/src/resources/framework/pageCache.ts';

describe('PageCache', () => {
  it('keeps a page for its lifetime, then forgets it', () => {
    const pages = new PageCache({ ttlMs: 1000 });
    pages.set('a', '{"n":1}', pages.generation, 0);
    expect(pages.get('a', 999)).toBe('{"n":1}');
    expect(pages.get('a', 1000)).toBeUndefined();
    expect(pages.get('a', 0)).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0', () => {
    const pages = new PageCache({ ttlMs: 0 });
    pages.set('a', '{}', pages.generation, 0);
    expect(pages.enabled).toBe(false);
    expect(pages.get('a', 0)).toBeUndefined();
  });

  it('drops every page on a change, and refuses a page read before it', () => {
    const pages = new PageCache({ ttlMs: 1000 });
    const before = pages.generation;
    pages.set('a', '{}', before, 0);
    pages.forget();
    expect(pages.get('a', 1)).toBeUndefined();
    pages.set('b', '{"old":true}', before, 1);
    expect(pages.get('b', 2)).toBeUndefined();
    pages.set('b', '{"new":true}', pages.generation, 1);
    expect(pages.get('b', 2)).toBe('{"new":true}');
  });

  it('drops the oldest pages beyond its bounds of count and size', () => {
    const pages = new PageCache({ ttlMs: 1000, maxEntries: 2, maxChars: 10 });
    const g = pages.generation;
    pages.set('a', '1234', g, 0);
    pages.set('b', '1234', g, 0);
    pages.set('c', '1234', g, 0);
    expect([pages.get('a', 1), pages.get('b', 1), pages.get('c', 1)]).toEqual([
      undefined,
      '1234',
      '1234',
    ]);
    pages.set('d', '123456789', g, 0);
    expect([pages.get('b', 1), pages.get('c', 1), pages.get('d', 1)]).toEqual([
      undefined,
      undefined,
      '123456789',
    ]);
    pages.set('e', '12345678901', g, 0);
    expect(pages.get('e', 1)).toBeUndefined();
  });
});
