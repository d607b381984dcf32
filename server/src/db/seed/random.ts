// One seeded French faker per seed run: the same seed always gives the same data (the demo
// accounts, the e2e tests and the benchmarks rely on it). Only fixed date ranges are used,
// never "now", for the same reason.
import { base, en, Faker, fr } from '@faker-js/faker';
import type { FrenchCity } from './cities.ts';
import { FRENCH_CITIES } from './cities.ts';

export const SEED = 20_240_601;

export function createFaker(seed = SEED): Faker {
  const faker = new Faker({ locale: [fr, en, base] });
  faker.seed(seed);
  return faker;
}

export function city(faker: Faker): FrenchCity {
  return faker.helpers.arrayElement(FRENCH_CITIES);
}

/** A street line such as '14 rue des Lilas' (faker's own numbers run to four digits). */
export function streetAddress(faker: Faker): string {
  return `${faker.number.int({ min: 1, max: 180 })} ${faker.location.street()}`;
}

/** A day between two fixed dates, as YYYY-MM-DD. */
export function day(faker: Faker, from: string, to: string): string {
  return faker.date
    .between({ from: `${from}T00:00:00Z`, to: `${to}T00:00:00Z` })
    .toISOString()
    .slice(0, 10);
}

/** ASCII, lower case, for user names and e-mail addresses built from real names. */
export function slug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A family name as it is written: faker's French list has « Le roux », « Da silva ». */
export const familyName = (name: string): string =>
  name.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
