// French identifiers with their real check rules, so seeded data passes the same validations
// as real data: SIREN/SIRET (Luhn key), NIR (social security number, key 97 - NIR mod 97),
// ORIAS registration number (8 digits).
import type { Faker } from '@faker-js/faker';
import type { FrenchCity } from './cities.ts';

const digitsOnly = (value: string) => /^\d+$/.test(value);

/** Luhn sum of a digit string whose last digit is the check digit. */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

export function isLuhnValid(digits: string): boolean {
  return digitsOnly(digits) && luhnSum(digits) % 10 === 0;
}

/** The digit to append to `payload` so the whole is Luhn-valid. */
export function luhnCheckDigit(payload: string): string {
  return String((10 - (luhnSum(`${payload}0`) % 10)) % 10);
}

export function siren(faker: Faker): string {
  // A leading 0 is legal but rare; avoid it so the number reads as a SIREN everywhere.
  const payload = `${faker.number.int({ min: 1, max: 9 })}${faker.string.numeric(7)}`;
  return payload + luhnCheckDigit(payload);
}

/** SIRET: SIREN (9) + establishment number NIC (5), the 14 digits Luhn-valid. */
export function siret(faker: Faker, ofSiren = siren(faker)): string {
  const establishment = String(faker.number.int({ min: 1, max: 99 })).padStart(4, '0');
  const payload = `${ofSiren}${establishment}`;
  return payload + luhnCheckDigit(payload);
}

export function isValidSiret(value: string): boolean {
  return value.length === 14 && isLuhnValid(value) && isLuhnValid(value.slice(0, 9));
}

/** ORIAS registration number: 8 digits, the first two the year of first registration. */
export function orias(faker: Faker): string {
  const year = faker.number.int({ min: 7, max: 24 });
  return String(year).padStart(2, '0') + faker.string.numeric(6);
}

export const isValidOrias = (value: string) => /^\d{8}$/.test(value);

export type Sex = 'male' | 'female';

export interface NirInput {
  sex: Sex;
  birthDate: string; // YYYY-MM-DD
  /** Place of birth: its INSEE code gives the department and the commune. */
  birthPlace: Pick<FrenchCity, 'insee'>;
  /** Order number of the birth in the commune that month, 1..999. */
  order: number;
}

/** Key of the first 13 characters (Corsica's 2A / 2B count as 19 / 18). */
export function nirKey(body: string): string {
  const numeric = body.replace(/^(\d{5})2A/, '$119').replace(/^(\d{5})2B/, '$118');
  // 13 digits stay below 2^53: plain numbers are exact here.
  return String(97 - (Number(numeric) % 97)).padStart(2, '0');
}

/** NIR: sex (1 man, 2 woman), year (2), month (2), department (2), commune (3), order (3), key (2). */
export function nirOf({ sex, birthDate, birthPlace, order }: NirInput): string {
  const [year, month] = birthDate.split('-');
  const body = [
    sex === 'male' ? '1' : '2',
    year.slice(2),
    month,
    birthPlace.insee.slice(0, 2),
    birthPlace.insee.slice(2, 5),
    String(order).padStart(3, '0'),
  ].join('');
  return body + nirKey(body);
}

export function nir(faker: Faker, input: Omit<NirInput, 'order'>): string {
  return nirOf({ ...input, order: faker.number.int({ min: 1, max: 999 }) });
}

export function isValidNir(value: string): boolean {
  const m = /^([12])(\d{2})(0[1-9]|1[0-2])(\d{2}|2A|2B)(\d{3})(\d{3})(\d{2})$/.exec(value);
  return Boolean(m) && nirKey(value.slice(0, 13)) === value.slice(13);
}
