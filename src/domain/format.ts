// How values are shown (spec partner-extranet §3 and §9), shared by the screens and the server's
// exports so that a file reads like the screen. Pure: no React, no I/O, no locale loading.
import { type DayInput, dayOf } from './period.ts';

/** Shown for a date that is missing or not a real date. */
export const NO_DATE = '-';

/** DD/MM/YY: dates in the main lists (contracts, premiums). */
export function shortDate(value: DayInput): string {
  const day = dayOf(value);
  return day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}` : NO_DATE;
}

/** DD/MM/YYYY: dates everywhere else. */
export function longDate(value: DayInput): string {
  const day = dayOf(value);
  return day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : NO_DATE;
}

/** French abbreviated month names, as dayjs's "fr" locale writes them (MMM). */
export const MONTHS_SHORT = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
] as const;

/** Whole years from `birth` to `today` (the birthday itself counts). */
export function ageInYears(birth: DayInput, today: DayInput = new Date()): number | undefined {
  const from = dayOf(birth);
  const to = dayOf(today);
  if (!from || !to || from > to) return undefined;
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) >= from.slice(5) ? years : years - 1;
}

/** Birth dates: DD MMM YYYY with the age in years, '12 mars 1980 (46 ans)'. */
export function birthDate(value: DayInput, today: DayInput = new Date()): string {
  const day = dayOf(value);
  if (!day) return NO_DATE;
  const text = `${day.slice(8, 10)} ${MONTHS_SHORT[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
  const age = ageInYears(day, today);
  return age === undefined ? text : `${text} (${age} ans)`;
}

const WHOLE = new Intl.NumberFormat('fr-FR');

/** Counts with French separators: '1 614', '20 000'. */
export const count = (value: number): string => WHOLE.format(value);

const AMOUNT = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Amounts: two decimals, French separators ('1 234,50'); empty when not a number. */
export function amount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? AMOUNT.format(number) : '';
}

/** Amounts in euros: '1 234,50 €'. */
export function euros(value: number | string | null | undefined): string {
  const text = amount(value);
  return text ? `${text} €` : '';
}

/** A rate in percent, French decimals: '12,5 %'. */
export function percent(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return '';
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(number)} %`;
}

/** The social security number (NIR) and its key, shown as one string: '1800375123456 78'. */
export function nir(noss: string | null | undefined, key: string | number | null | undefined) {
  const number = (noss ?? '').trim();
  const check = key === null || key === undefined ? '' : String(key).trim();
  if (!number) return '';
  return check ? `${number} ${check.padStart(2, '0')}` : number;
}

/**
 * The payment modes as the API writes them (PRELEVEMENT, VIREMENT, CHEQUE: filter values, kept
 * as they are) and as the screens and files show them, with their accents.
 */
export const PAYMENT_MODE_LABELS: Readonly<Record<string, string>> = {
  PRELEVEMENT: 'Prélèvement',
  VIREMENT: 'Virement',
  CHEQUE: 'Chèque',
};

/** A payment mode's French label ('Prélèvement'); an unknown mode as it is. */
export function paymentModeLabel(mode: string | null | undefined): string {
  const value = (mode ?? '').trim();
  return PAYMENT_MODE_LABELS[value.toUpperCase()] ?? value;
}

/**
 * The benefits' payment mode: PRELEVEMENT is displayed as TIERS PAYANT (spec §3); the others in
 * capitals as the benefits show them, with their accents (CHÈQUE).
 */
export function benefitPaymentMode(lbModPay: string | null | undefined): string {
  const mode = (lbModPay ?? '').trim();
  if (mode.toUpperCase() === 'PRELEVEMENT') return 'TIERS PAYANT';
  return PAYMENT_MODE_LABELS[mode.toUpperCase()]?.toUpperCase() ?? mode;
}

/** The first treatment day from which a benefit's basket type is shown. */
export const BASKET_TYPE_FROM = '2020-01-01';

/** The basket type, shown only for treatments on or after 2020-01-01 (spec §3). */
export function shownBasketType(
  basketType: string | null | undefined,
  dateTreatment: DayInput,
): string {
  const day = dayOf(dateTreatment);
  return day && day >= BASKET_TYPE_FROM ? (basketType ?? '') : '';
}

/** Civility list (spec §3): 1 'Mme', 2 'M.'. */
export const CIVILITIES = [
  { id: 1, label: 'Mme' },
  { id: 2, label: 'M.' },
] as const;

export function civilityLabel(id: number | string | null | undefined): string {
  return CIVILITIES.find((c) => c.id === Number(id))?.label ?? '';
}

/** Yes / no as a broker reads it. */
export function yesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return value ? 'Oui' : 'Non';
}

/**
 * « de » before a name, elided before a vowel or an h as French writes it: « de Paul »,
 * « d’Adèle », « d’Hélène ».
 */
export const deName = (name: string): string =>
  /^[aeiouyhàâäéèêëîïôöùûüÿæœ]/i.test(name.trim()) ? `d’${name.trim()}` : `de ${name.trim()}`;
