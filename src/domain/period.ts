// Period state of a contract or a beneficiary (spec partner-extranet §4), shared by the API
// server and the SPA. Pure: dates are compared as calendar days, 'YYYY-MM-DD'.

export const PERIOD_STATES = {
  /** No valid end date. */
  current: 1,
  /** The end date is valid and in the past. */
  ended: 3,
  /** The start date is in the future: overrides the others. */
  notStarted: 4,
  /** Active, with an end date still to come. */
  endsLater: 5,
} as const;

export type PeriodState = (typeof PERIOD_STATES)[keyof typeof PERIOD_STATES];

export type DayInput = string | Date | null | undefined;

/** The calendar day of a value, 'YYYY-MM-DD', or undefined when it is no valid date. */
export function dayOf(value: DayInput): string | undefined {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    return undefined;
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/**
 * Code 4 when the start is after today; else 3 when the end is before today; else 5 when
 * an end date is set (today or later); else 1. Invalid dates count as absent.
 */
export function periodState(
  start: DayInput,
  end: DayInput,
  today: DayInput = new Date(),
): PeriodState {
  const day = dayOf(today) ?? dayOf(new Date()) ?? '';
  const from = dayOf(start);
  const to = dayOf(end);
  if (from !== undefined && from > day) return PERIOD_STATES.notStarted;
  if (to === undefined) return PERIOD_STATES.current;
  return to < day ? PERIOD_STATES.ended : PERIOD_STATES.endsLater;
}
