// @vitest-environment node
// French identifiers of the seed: their check keys, and generators that always satisfy them.
import { describe, expect, it } from 'vitest';
import { FRENCH_CITIES } from '../../../server/src/db/seed/cities.ts';
import {
  isLuhnValid,
  isValidNir,
  isValidOrias,
  isValidSiret,
  luhnCheckDigit,
  nir,
  nirKey,
  nirOf,
  orias,
  siren,
  siret,
} from '../../../server/src/db/seed/french.ts';
import { createFaker, day } from '../../../server/src/db/seed/random.ts';

describe('Luhn', () => {
  it('accepts real SIREN / SIRET numbers and rejects a changed digit', () => {
    // La Poste's SIREN, and a SIRET of the INSEE's own establishments.
    expect(isLuhnValid('356000000')).toBe(true);
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
  });

  it('computes the check digit that completes a payload', () => {
    expect(luhnCheckDigit('35600000')).toBe('0');
    expect(luhnCheckDigit('7328293200007')).toBe('4');
  });
});

describe('generators', () => {
  const faker = createFaker(7);

  it('SIRET: 14 digits, Luhn-valid, its SIREN Luhn-valid too', () => {
    for (let i = 0; i < 500; i++) {
      const value = siret(faker);
      expect(value).toMatch(/^\d{14}$/);
      expect(isValidSiret(value)).toBe(true);
    }
    const head = siren(faker);
    expect(siret(faker, head).startsWith(head)).toBe(true);
  });

  it('ORIAS: 8 digits', () => {
    for (let i = 0; i < 100; i++) expect(isValidOrias(orias(faker))).toBe(true);
    expect(isValidOrias('1234567')).toBe(false);
  });

  it('NIR: key = 97 - (first 13 digits mod 97)', () => {
    // The textbook example: 2 55 08 14 168 025, key 38.
    expect(nirKey('2550814168025')).toBe('38');
    expect(isValidNir('255081416802538')).toBe(true);
    expect(isValidNir('255081416802539')).toBe(false);
    // Corsica counts 2A as 19 and 2B as 18.
    expect(nirKey('185012A004123')).toBe(nirKey('1850119004123'));
    expect(nirKey('185012B004123')).toBe(nirKey('1850118004123'));
    expect(isValidNir(`185012A004123${nirKey('1850119004123')}`)).toBe(true);
  });

  it('NIR: sex, year, month and place of birth are the person’s', () => {
    const lyon = FRENCH_CITIES.find((c) => c.insee === '69383');
    if (!lyon) throw new Error('Lyon 3e missing from the table');
    const value = nirOf({ sex: 'female', birthDate: '1987-04-12', birthPlace: lyon, order: 42 });
    expect(value.slice(0, 13)).toBe('2870469383042');
    expect(isValidNir(value)).toBe(true);
    for (let i = 0; i < 500; i++) {
      const sex = faker.helpers.arrayElement(['male', 'female'] as const);
      const birthDate = day(faker, '1940-01-01', '2005-12-31');
      const place = faker.helpers.arrayElement(FRENCH_CITIES);
      const generated = nir(faker, { sex, birthDate, birthPlace: place });
      expect(generated).toMatch(/^\d{15}$/);
      expect(isValidNir(generated)).toBe(true);
      expect(generated[0]).toBe(sex === 'male' ? '1' : '2');
      expect(generated.slice(1, 3)).toBe(birthDate.slice(2, 4));
      expect(generated.slice(3, 5)).toBe(birthDate.slice(5, 7));
      expect(generated.slice(5, 10)).toBe(place.insee);
    }
  });
});

describe('cities', () => {
  it('are real cities whose postal code is in their department', () => {
    expect(FRENCH_CITIES.length).toBeGreaterThanOrEqual(40);
    for (const city of FRENCH_CITIES) {
      expect(city.postalCode, city.name).toMatch(/^\d{5}$/);
      expect(city.insee, city.name).toMatch(/^\d{5}$/);
      expect(city.postalCode.slice(0, 2), city.name).toBe(city.insee.slice(0, 2));
    }
    expect(FRENCH_CITIES).toContainEqual({ name: 'Bordeaux', postalCode: '33000', insee: '33063' });
  });
});

describe('determinism', () => {
  it('the same seed gives the same values', () => {
    const draw = (seed: number) => {
      const f = createFaker(seed);
      return [siret(f), orias(f), f.person.fullName(), day(f, '2000-01-01', '2020-12-31')];
    };
    expect(draw(3)).toEqual(draw(3));
    expect(draw(3)).not.toEqual(draw(4));
  });
});
