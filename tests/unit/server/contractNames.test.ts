// The contract file's companies and sellers, named from ids (server/src/exports/contractRows.ts):
// what string_agg(DISTINCT name, ', ') gave when PostgreSQL named them per row.
import { describe, expect, it } from 'vitest';
import { joinNames } from '../../../server/src/exports/contractRows.ts';

// Ranks are the names' places in the database's order.
const names = new Map([
  [7, { name: 'Alice Martin', rank: 0 }],
  [3, { name: 'Bruno Petit', rank: 1 }],
  [9, { name: 'Bruno Petit', rank: 2 }],
  [1, { name: 'Zoé Durand', rank: 3 }],
]);

describe('joinNames', () => {
  it("joins the names in the database's order, whatever the order of the ids", () => {
    expect(joinNames([1, 7], names)).toBe('Alice Martin, Zoé Durand');
    expect(joinNames([7, 1], names)).toBe('Alice Martin, Zoé Durand');
  });

  it('names two people of the same name once, as DISTINCT did', () => {
    expect(joinNames([9, 1, 3], names)).toBe('Bruno Petit, Zoé Durand');
  });

  it('leaves out ids that are not of the kind (a provider, a user without a seller code)', () => {
    expect(joinNames([42, 3, 5], names)).toBe('Bruno Petit');
    expect(joinNames([42], names)).toBe('');
  });

  it('is empty for a contract without any (null from array_agg, or an empty array)', () => {
    expect(joinNames(null, names)).toBe('');
    expect(joinNames([], names)).toBe('');
  });
});
