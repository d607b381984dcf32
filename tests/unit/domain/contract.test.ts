// Contract rules of spec §3: type from flags (both views), type ids and codes, risk labels.
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TYPES,
  contractTypeIdFromFlags,
  DEFAULT_CONTRACT_FILTERS,
  derivedContractType,
  derivedRisk,
  LOI_EVIN_CODE,
  olderContractType,
} from '../../../src/domain/contract.ts';

describe('contract type from flags (spec §3)', () => {
  const base = { blAni: false, blSurcomp: false, idContrat2: null, idCodCol: 'CAD001' };

  it.each([
    [{ ...base }, 1],
    [{ ...base, idCodCol: LOI_EVIN_CODE }, 5],
    [{ ...base, idCodCol: ` ${LOI_EVIN_CODE} ` }, 5],
    [{ ...base, blAni: true }, 2],
    [{ ...base, blSurcomp: true }, 3],
    [{ ...base, blAni: true, blSurcomp: true }, 4],
    [{ ...base, blSurcomp: true, idCodCol: LOI_EVIN_CODE }, 3],
    [{ ...base, idContrat2: '' }, 1],
    [{ ...base, idContrat2: '   ' }, 1],
  ])('%o gives type %i', (flags, id) => {
    expect(contractTypeIdFromFlags(flags)).toBe(id);
  });

  it('leaves unnamed combinations without a type', () => {
    expect(contractTypeIdFromFlags({ ...base, idContrat2: 'CT-2' })).toBeUndefined();
    expect(derivedContractType({ ...base, idContrat2: 'CT-2' })).toEqual({
      type: null,
      typeID: null,
      typeCode: null,
    });
  });

  it('reads null flags as false', () => {
    expect(contractTypeIdFromFlags({ blAni: null, blSurcomp: undefined })).toBe(1);
  });

  it('sends the label, the id and the code', () => {
    expect(derivedContractType({ ...base, idCodCol: LOI_EVIN_CODE })).toEqual({
      type: 'Loi Evin',
      typeID: 5,
      typeCode: 'BLE',
    });
    expect(derivedContractType({ ...base, blAni: true, blSurcomp: true })).toEqual({
      type: 'Surco en portabilité',
      typeID: 4,
      typeCode: 'SP',
    });
  });

  it('knows the five types by id, with their codes', () => {
    expect(CONTRACT_TYPES.map((t) => [t.id, t.code])).toEqual([
      [1, 'B'],
      [2, 'P'],
      [3, 'S'],
      [4, 'SP'],
      [5, 'BLE'],
    ]);
  });
});

describe('the older view of the type (spec §3)', () => {
  it.each([
    [false, false, null, 'Base'],
    [true, false, null, 'Base/Ani'],
    [false, true, null, 'Surco'],
    [true, true, null, 'Surco/Ani'],
    [false, false, 'CT-2', ''],
    [true, false, 'CT-2', ''],
    [false, true, 'CT-2', 'Surco'],
  ])('ani %s, surco %s, idContrat2 %s: %o', (blAni, blSurcomp, idContrat2, expected) => {
    expect(olderContractType({ blAni, blSurcomp, idContrat2 })).toBe(expected);
  });
});

describe('risk (lbType)', () => {
  it.each([
    ['P', 'PREV.'],
    ['S', 'SANTE'],
    ['R', 'RETR.'],
  ])('%s is shown %s', (code, label) => {
    expect(derivedRisk(code)).toEqual({ risk: label, riskId: code });
  });

  it('has no label for an unknown or missing risk', () => {
    expect(derivedRisk('X')).toEqual({ risk: null, riskId: null });
    expect(derivedRisk(null)).toEqual({ risk: null, riskId: null });
  });
});

it('the default contract filters are those of spec §4', () => {
  expect(DEFAULT_CONTRACT_FILTERS).toEqual({
    state: [1, 2, 4],
    contractType: [1, 3],
    nbrInsured: true,
  });
});
