// Calendar helpers of the business seed: plain strings, no time zone, no clock.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  maxDate,
  minDate,
  monthEnd,
  monthOf,
  monthOfDate,
  monthStart,
} from '../../../server/src/db/seed/business/dates.ts';
import {
  FIRST_FUTURE_DAY,
  LAST_PAST_DAY,
  QUIET_FROM,
  QUIET_UNTIL,
  SEED_TODAY,
} from '../../../server/src/db/seed/business/facts.ts';

describe('seed calendar', () => {
  it('numbers months and finds their first and last days', () => {
    expect(monthStart(monthOf(2024, 2))).toBe('2024-02-01');
    expect(monthEnd(monthOf(2024, 2))).toBe('2024-02-29');
    expect(monthEnd(monthOf(2023, 2))).toBe('2023-02-28');
    expect(monthEnd(monthOf(2026, 12))).toBe('2026-12-31');
    expect(monthOfDate('2027-01-15')).toBe(monthOf(2027, 1));
  });

  it('adds and counts days across months and years', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(maxDate('2024-01-02', '2024-01-10')).toBe('2024-01-10');
    expect(minDate('2024-01-02', '2024-01-10')).toBe('2024-01-02');
  });

  it('places the seed day inside a quiet window between the past and the future', () => {
    expect(addDays(LAST_PAST_DAY, 1)).toBe(QUIET_FROM);
    expect(addDays(QUIET_UNTIL, 1)).toBe(FIRST_FUTURE_DAY);
    expect(SEED_TODAY > QUIET_FROM && SEED_TODAY < QUIET_UNTIL).toBe(true);
  });
});
