// The beneficiary selector's options and the period labels (src/domain/insured.ts).
import { describe, expect, it } from 'vitest';
import {
  beneficiaryOptions,
  insuredNameFilters,
  PERIOD_STATE_LABELS,
  periodOf,
} from '../../../src/domain/insured.ts';

describe('beneficiaryOptions', () => {
  it('value = id, text = firstname plus lastname, one option per id in the order given', () => {
    expect(
      beneficiaryOptions([
        { id: 7, firstname: 'Léa', lastname: 'Martin' },
        { id: 3, firstname: 'Hugo', lastname: 'Martin' },
        { id: 7, firstname: 'Léa', lastname: 'Martin-Durand' },
        { id: '3', firstname: 'Hugo', lastname: 'Martin' },
      ]),
    ).toEqual([
      { value: '7', text: 'Léa Martin' },
      { value: '3', text: 'Hugo Martin' },
    ]);
  });

  it('trims names, keeps a person with one name, and takes nothing from nothing', () => {
    expect(beneficiaryOptions([{ id: 1, firstname: ' Zoé ', lastname: null }])).toEqual([
      { value: '1', text: 'Zoé' },
    ]);
    expect(beneficiaryOptions(undefined)).toEqual([]);
    expect(beneficiaryOptions([])).toEqual([]);
  });
});

describe('periodOf', () => {
  const today = '2026-09-01';
  it('gives the code of spec §4 and its French label', () => {
    expect(periodOf('2020-01-01', null, today)).toEqual({ code: 1, label: 'En cours' });
    expect(periodOf('2020-01-01', '2026-08-31', today)).toEqual({ code: 3, label: 'Terminé' });
    expect(periodOf('2026-09-02', '2027-01-01', today)).toEqual({ code: 4, label: 'À venir' });
    expect(periodOf('2020-01-01', '2026-09-01', today)).toEqual({
      code: 5,
      label: 'En cours, fin prévue',
    });
  });

  it('has a label for every code', () => {
    expect(Object.keys(PERIOD_STATE_LABELS).sort()).toEqual(['1', '3', '4', '5']);
  });
});

describe('insuredNameFilters (spec §5)', () => {
  it('sends assure.* names, or insured.* when paidByClient is set either way', () => {
    const names = { firstname: ' Léa ', lastname: 'Martin' };
    expect(insuredNameFilters(names)).toEqual({
      'assure.firstname': 'Léa',
      'assure.lastname': 'Martin',
    });
    expect(insuredNameFilters(names, null)).toEqual({
      'assure.firstname': 'Léa',
      'assure.lastname': 'Martin',
    });
    expect(insuredNameFilters(names, true)).toEqual({
      'insured.firstname': 'Léa',
      'insured.lastname': 'Martin',
    });
    expect(insuredNameFilters(names, false)).toEqual({
      'insured.firstname': 'Léa',
      'insured.lastname': 'Martin',
    });
  });

  it('drops blank names', () => {
    expect(insuredNameFilters({ firstname: '  ', lastname: null })).toEqual({});
    expect(insuredNameFilters({ lastname: 'Roy' }, true)).toEqual({ 'insured.lastname': 'Roy' });
  });
});
