// Which statements the server sends as named prepared statements (server/src/db/preparedStatements.ts):
// a SELECT from its second use, one stable name per text, a bounded number of names.
import { describe, expect, it } from 'vitest';
import { statementNames } from '../../../server/src/db/preparedStatements.ts';

const PAGE =
  'select "contract"."id" from "contract" where "contract"."broker_ids" && ARRAY[10]::int[]';

describe('statementNames', () => {
  it('names a SELECT the second time its text is seen, then always the same', () => {
    const names = statementNames();
    expect(names.nameOf(PAGE)).toBeUndefined();
    const name = names.nameOf(PAGE);
    expect(name).toMatch(/^ep_[\w-]+$/);
    expect(names.nameOf(PAGE)).toBe(name);
    // The same text gets the same name in another process (a hash of the text).
    const other = statementNames();
    other.nameOf(PAGE);
    expect(other.nameOf(PAGE)).toBe(name);
    expect(names.nameOf(`${PAGE} limit 11`)).toBeUndefined();
  });

  it('never names anything but a SELECT', () => {
    const names = statementNames();
    for (const text of ['insert into contract default values', 'begin', 'update x set y = 1']) {
      names.nameOf(text);
      expect(names.nameOf(text), text).toBeUndefined();
    }
  });

  it('stops naming new texts past its bound, and forgets a refused one', () => {
    const names = statementNames(2);
    const texts = ['select 1', 'select 2', 'select 3'];
    const named = texts.map((text) => {
      names.nameOf(text);
      return names.nameOf(text);
    });
    expect(named.map(Boolean)).toEqual([true, true, false]);
    names.refuse('select 1');
    expect(names.nameOf('select 1')).toBeUndefined();
    expect(names.nameOf('select 1')).toBeUndefined();
    expect(names.nameOf('select 2')).toBe(named[1]);
  });
});
