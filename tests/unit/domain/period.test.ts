// Period state of spec §4: 1 default, 3 ended, 5 active with a future end, 4 not yet started.
import { describe, expect, it } from 'vitest';
import { dayOf, PERIOD_STATES, periodState } from '../../../src/domain/period.ts';

const TODAY = '2025-06-15';

describe('period state (spec §4)', () => {
  it.each([
    ['no end date', '2020-01-01', null, 1],
    ['an invalid end date', '2020-01-01', '2025-02-30', 1],
    ['an end date in the past', '2020-01-01', '2025-06-14', 3],
    ['an end date today', '2020-01-01', TODAY, 5],
    ['an end date to come', '2020-01-01', '2026-12-31', 5],
    ['a start in the future, no end', '2025-06-16', null, 4],
    ['a start in the future overriding a past end', '2025-07-01', '2025-01-01', 4],
    ['a start today', TODAY, null, 1],
    ['no start at all', null, '2024-12-31', 3],
    ['an invalid start', 'demain', '2030-01-01', 5],
  ])('%s', (_label, start, end, expected) => {
    expect(periodState(start, end, TODAY)).toBe(expected);
  });

  it('accepts Date values and timestamps, compared as calendar days', () => {
    expect(periodState(new Date(2025, 5, 16), null, new Date(2025, 5, 15, 23, 59))).toBe(4);
    expect(periodState('2020-01-01T00:00:00Z', '2025-06-14T10:00:00Z', TODAY)).toBe(3);
  });

  it('names its codes', () => {
    expect(PERIOD_STATES).toEqual({ current: 1, ended: 3, notStarted: 4, endsLater: 5 });
  });

  it('reads only real calendar days', () => {
    expect(dayOf('2024-02-29')).toBe('2024-02-29');
    expect(dayOf('2023-02-29')).toBeUndefined();
    expect(dayOf('')).toBeUndefined();
    expect(dayOf(new Date(Number.NaN))).toBeUndefined();
  });
});
