// Calendar arithmetic on 'YYYY-MM-DD' strings and month numbers (year * 12 + month - 1), so
// the seed never depends on the time zone or on the clock.
import type { Faker } from '@faker-js/faker';

export const monthOf = (year: number, month: number) => year * 12 + month - 1;
export const monthOfDate = (date: string) =>
  monthOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
export const yearOf = (date: string) => Number(date.slice(0, 4));

/** First day of a month number. */
export function monthStart(m: number): string {
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
}

/** Last day of a month number. */
export function monthEnd(m: number): string {
  const next = new Date(Date.UTC(Math.floor((m + 1) / 12), (m + 1) % 12, 1));
  return new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A day in [from, to], both 'YYYY-MM-DD'. */
export function dayIn(faker: Faker, from: string, to: string): string {
  return addDays(from, faker.number.int({ min: 0, max: Math.max(0, daysBetween(from, to)) }));
}

export const maxDate = (a: string, b: string) => (a > b ? a : b);
export const minDate = (a: string, b: string) => (a < b ? a : b);
