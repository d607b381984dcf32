import qs from 'qs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEPT_LENGTH_MAX, parseQueryString } from '../../../server/src/hydra/querystring.ts';

afterEach(() => vi.restoreAllMocks());

describe('parseQueryString', () => {
  it('reads the nested forms of the Hydra API', () => {
    expect(
      parseQueryString('state[]=1&state[]=2&order[dateDebVal]=desc&customer.id=4&f=a&f=b'),
    ).toEqual({
      state: ['1', '2'],
      order: { dateDebVal: 'desc' },
      'customer.id': '4',
      f: ['a', 'b'],
    });
  });

  it('reads a query string once, however often it is asked for', () => {
    const parse = vi.spyOn(qs, 'parse');
    const raw = `itemsPerPage=10&page=${Math.random()}`;
    const first = parseQueryString(raw);
    const second = parseQueryString(raw);
    expect(second).toEqual(first);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('gives each request its own copy: a handler changing its query changes no other', () => {
    const raw = `state[]=1&order[id]=asc&n=${Math.random()}`;
    const first = parseQueryString(raw) as { state: string[]; order: Record<string, string> };
    first.state.push('9');
    first.order.id = 'desc';
    (first as Record<string, unknown>).extra = 'x';
    expect(parseQueryString(raw)).toEqual({
      state: ['1'],
      order: { id: 'asc' },
      n: expect.any(String),
    });
  });

  it('lets no key named __proto__ reach a prototype, read or copied', () => {
    for (let i = 0; i < 2; i += 1) {
      const parsed = parseQueryString('__proto__[polluted]=1&x=1');
      expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('reads a very long query string every time instead of keeping it', () => {
    const parse = vi.spyOn(qs, 'parse');
    const raw = `q=${'a'.repeat(KEPT_LENGTH_MAX)}`;
    expect(parseQueryString(raw)).toEqual(parseQueryString(raw));
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
