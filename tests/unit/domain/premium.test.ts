import { describe, expect, it } from 'vitest';
import {
  displayedPaymentMode,
  fullName,
  isPremiumStatus,
  isUnpaid,
  PREMIUM_STATUS_CODES,
  premiumRecipient,
  premiumRemaining,
  premiumStatusLabel,
  premiumTotal,
  typeCotisation,
} from '../../../src/domain/premium.ts';

// spec partner-extranet §3, Premium (cotisation).
describe('premium statuses', () => {
  it('lists I Impayé, P Payé, S Sans suite, A Attente in that order', () => {
    expect(PREMIUM_STATUS_CODES).toEqual(['I', 'P', 'S', 'A']);
    expect(PREMIUM_STATUS_CODES.map(premiumStatusLabel)).toEqual([
      'Impayé',
      'Payé',
      'Sans suite',
      'Attente',
    ]);
  });

  it('shows an unknown code as it is', () => {
    expect(premiumStatusLabel('Z')).toBe('Z');
    expect(isPremiumStatus('Z')).toBe(false);
    expect(isPremiumStatus('P')).toBe(true);
    expect(isPremiumStatus(null)).toBe(false);
  });

  it("treats only 'I' as unpaid", () => {
    expect(isUnpaid('I')).toBe(true);
    for (const status of ['P', 'S', 'A', 'i', '']) expect(isUnpaid(status)).toBe(false);
  });
});

describe('typeCotisation', () => {
  it('is Collective when the client pays, Individuelle otherwise', () => {
    expect(typeCotisation(true)).toBe('Collective');
    expect(typeCotisation(false)).toBe('Individuelle');
  });
});

describe('displayedPaymentMode', () => {
  it('hides the payment mode of an unpaid premium', () => {
    expect(displayedPaymentMode('I', 'PRELEVEMENT')).toBeNull();
  });
  it('keeps it otherwise', () => {
    expect(displayedPaymentMode('P', 'VIREMENT')).toBe('VIREMENT');
    expect(displayedPaymentMode('A', null)).toBeNull();
  });
});

describe('premium amounts', () => {
  it('total is the premium plus the unpaid fees', () => {
    expect(premiumTotal({ numMontant: 120.5, numFraisImpay: 15 })).toBe(135.5);
    expect(premiumTotal({ numMontant: 100, numFraisImpay: null })).toBe(100);
  });

  it('remaining is the total minus the amount paid', () => {
    expect(premiumRemaining({ numMontant: 120.5, numFraisImpay: 15, amountPaid: 35.5 })).toBe(100);
    expect(premiumRemaining({ numMontant: 80, numFraisImpay: 0, amountPaid: 80 })).toBe(0);
    expect(premiumRemaining({ numMontant: 80, numFraisImpay: 0 })).toBe(80);
  });

  it('counts in cents: no floating-point residue', () => {
    expect(premiumTotal({ numMontant: 0.1, numFraisImpay: 0.2 })).toBe(0.3);
    expect(premiumRemaining({ numMontant: 0.3, numFraisImpay: 0, amountPaid: 0.1 })).toBe(0.2);
  });

  it('reads amounts given as strings (NUMERIC columns)', () => {
    expect(premiumTotal({ numMontant: '10.10', numFraisImpay: '2.02' })).toBe(12.12);
  });
});

describe('premiumRecipient', () => {
  it("is the insured's full name", () => {
    expect(premiumRecipient({ firstname: 'Chloé', lastname: 'Martin' }, 'ACME SAS')).toBe(
      'Chloé Martin',
    );
  });

  it('falls back to the subscriber when there is no insured', () => {
    expect(premiumRecipient(null, 'ACME SAS')).toBe('ACME SAS');
    expect(premiumRecipient({ firstname: ' ', lastname: null }, 'ACME SAS')).toBe('ACME SAS');
    expect(premiumRecipient(undefined, null)).toBe('');
  });

  it('fullName joins what is known', () => {
    expect(fullName({ firstname: 'Léa', lastname: null })).toBe('Léa');
    expect(fullName({ lastname: 'Dupont' })).toBe('Dupont');
  });
});
