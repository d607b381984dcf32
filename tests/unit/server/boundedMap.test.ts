import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../../server/src/lib/boundedMap.ts';

describe('BoundedMap', () => {
  it('drops the oldest key once it holds max entries', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) map.set(key, i);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
    expect(map.get('a')).toBeUndefined();
  });

  it('makes a key set again the newest, without dropping another', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3).set('a', 4);
    expect([...map.entries()]).toEqual([
      ['b', 2],
      ['c', 3],
      ['a', 4],
    ]);
    map.set('d', 5);
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
  });

  it('refuses a size that could hold nothing', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(Number.NaN)).toThrow(RangeError);
  });
});
