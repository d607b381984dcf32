// Display rules of spec partner-extranet §3 and §9, shared by the screens and the exports.
import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  amount,
  benefitPaymentMode,
  birthDate,
  civilityLabel,
  deName,
  euros,
  longDate,
  nir,
  PAYMENT_MODE_LABELS,
  paymentModeLabel,
  percent,
  shortDate,
  shownBasketType,
  yesNo,
} from '../../../src/domain/format.ts';

const nbsp = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('dates', () => {
  it('DD/MM/YY in the main lists, DD/MM/YYYY elsewhere', () => {
    expect(shortDate('2024-03-09')).toBe('09/03/24');
    expect(longDate('2024-03-09')).toBe('09/03/2024');
    expect(longDate('2024-03-09T10:00:00Z')).toBe('09/03/2024');
  });

  it.each([null, undefined, '', '2024-02-30', 'demain'])('shows - for %s', (value) => {
    expect(shortDate(value)).toBe('-');
    expect(longDate(value)).toBe('-');
    expect(birthDate(value)).toBe('-');
  });

  it('birth dates as DD MMM YYYY with the age in years', () => {
    expect(birthDate('1980-03-12', '2026-09-01')).toBe('12 mars 1980 (46 ans)');
    expect(birthDate('1980-09-02', '2026-09-01')).toBe('02 sept. 1980 (45 ans)');
    expect(birthDate('2001-02-01', '2026-09-01')).toBe('01 févr. 2001 (25 ans)');
    expect(ageInYears('1980-09-01', '2026-09-01')).toBe(46);
    expect(ageInYears('2030-01-01', '2026-09-01')).toBeUndefined();
  });
});

describe('amounts', () => {
  it('two decimals in French format', () => {
    expect(nbsp(amount(1234.5))).toBe('1 234,50');
    expect(amount('12')).toBe('12,00');
    expect(amount(-3.456)).toBe('-3,46');
    expect(nbsp(euros(1234.5))).toBe('1 234,50 €');
    expect(amount(null)).toBe('');
    expect(amount('abc')).toBe('');
    expect(nbsp(percent(12.5))).toBe('12,5 %');
  });
});

describe('other display rules', () => {
  it('elides « de » before a vowel or an h, as French writes it', () => {
    expect(deName('Paul Martin')).toBe('de Paul Martin');
    expect(deName('Adèle Garcia')).toBe('d’Adèle Garcia');
    expect(deName('Élodie Roy')).toBe('d’Élodie Roy');
    expect(deName('Hélène Petit')).toBe('d’Hélène Petit');
    expect(deName(' Mutuelle Azur ')).toBe('de Mutuelle Azur');
  });

  it('NIR and its key as one string', () => {
    expect(nir('1800375123456', 7)).toBe('1800375123456 07');
    expect(nir('1800375123456', null)).toBe('1800375123456');
    expect(nir(null, 12)).toBe('');
  });

  it('PRELEVEMENT is shown TIERS PAYANT', () => {
    expect(benefitPaymentMode('PRELEVEMENT')).toBe('TIERS PAYANT');
    expect(benefitPaymentMode('VIREMENT')).toBe('VIREMENT');
    expect(benefitPaymentMode(null)).toBe('');
  });

  it('basket type only from 2020-01-01', () => {
    expect(shownBasketType('Panier 100 % santé', '2020-01-01')).toBe('Panier 100 % santé');
    expect(shownBasketType('Panier 100 % santé', '2019-12-31')).toBe('');
    expect(shownBasketType('Panier 100 % santé', null)).toBe('');
  });

  it('civility labels and yes/no', () => {
    expect(civilityLabel(1)).toBe('Mme');
    expect(civilityLabel('2')).toBe('M.');
    expect(civilityLabel(9)).toBe('');
    expect(yesNo(true)).toBe('Oui');
    expect(yesNo(false)).toBe('Non');
  });
});

describe('payment mode labels (issue 17 #6)', () => {
  it('shows the API values with their accents, the value itself unchanged for the filters', () => {
    expect(paymentModeLabel('PRELEVEMENT')).toBe('Prélèvement');
    expect(paymentModeLabel('VIREMENT')).toBe('Virement');
    expect(paymentModeLabel('CHEQUE')).toBe('Chèque');
    expect(paymentModeLabel('ESPECES')).toBe('ESPECES');
    expect(paymentModeLabel(null)).toBe('');
    expect(Object.keys(PAYMENT_MODE_LABELS)).toEqual(['PRELEVEMENT', 'VIREMENT', 'CHEQUE']);
  });

  it('benefits: PRELEVEMENT is TIERS PAYANT, the others in capitals with their accents', () => {
    expect(benefitPaymentMode('PRELEVEMENT')).toBe('TIERS PAYANT');
    expect(benefitPaymentMode('CHEQUE')).toBe('CHÈQUE');
    expect(benefitPaymentMode('VIREMENT')).toBe('VIREMENT');
  });
});
