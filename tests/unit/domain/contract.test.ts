// Contract rules of spec §3: type from flags (both views), type ids and codes, risk labels,
// providers (main referrer, co-providers, one added when none matches).
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TYPES,
  contractDerived,
  contractProviders,
  contractSellers,
  contractTypeIdFromFlags,
  DEFAULT_CONTRACT_FILTERS,
  derivedContractType,
  derivedRisk,
  LOI_EVIN_CODE,
  olderContractType,
  splitProviders,
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

describe('providers (spec §3)', () => {
  const org = (id: number, legalname: string, type = 3) => ({ id, legalname, type: { id: type } });
  const organizations = [
    org(1, 'Zénith Courtage'),
    org(2, 'Mutuelle Azur', 5),
    org(3, 'Atlas Conseil'),
    org(4, 'Évian Patrimoine'),
  ];

  it('keeps type 3, sorted by legalname; the one named like lbApporteur is the main referrer', () => {
    const providers = contractProviders(organizations, 'Zénith Courtage');
    expect(providers.map((p) => [p.legalname, p.main, p.added])).toEqual([
      ['Atlas Conseil', false, false],
      ['Évian Patrimoine', false, false],
      ['Zénith Courtage', true, false],
    ]);
    const { main, coProviders } = splitProviders(providers);
    expect(main?.id).toBe(1);
    expect(coProviders.map((p) => p.id)).toEqual([3, 4]);
  });

  it('compares names trimmed and ignoring case', () => {
    const providers = contractProviders(organizations, '  atlas conseil ');
    expect(providers.filter((p) => p.main).map((p) => p.id)).toEqual([3]);
    expect(providers.some((p) => p.added)).toBe(false);
  });

  it('adds a provider with that name when none matches, as the main referrer', () => {
    const providers = contractProviders(organizations, 'Cabinet Martin et Associés');
    expect(providers.map((p) => p.legalname)).toEqual([
      'Atlas Conseil',
      'Cabinet Martin et Associés',
      'Évian Patrimoine',
      'Zénith Courtage',
    ]);
    const added = providers.find((p) => p.added);
    expect(added).toEqual({
      id: null,
      legalname: 'Cabinet Martin et Associés',
      type: { id: 3 },
      main: true,
      added: true,
    });
    expect(providers.filter((p) => p.main)).toHaveLength(1);
  });

  it('adds one even when the contract has no linked provider', () => {
    expect(contractProviders([org(9, 'Mutuelle Azur', 5)], 'Cabinet Roy')).toEqual([
      { id: null, legalname: 'Cabinet Roy', type: { id: 3 }, main: true, added: true },
    ]);
  });

  it('a blank lbApporteur names no main referrer and adds nothing', () => {
    for (const name of [null, undefined, '', '  ']) {
      const providers = contractProviders(organizations, name);
      expect(providers.map((p) => p.id)).toEqual([3, 4, 1]);
      expect(providers.some((p) => p.main || p.added)).toBe(false);
    }
  });

  it('names one main referrer when two linked providers bear the name', () => {
    const twice = [org(5, 'Atlas Conseil'), org(6, 'Atlas Conseil')];
    expect(contractProviders(twice, 'Atlas Conseil').map((p) => p.main)).toEqual([true, false]);
  });
});

describe('sellers (spec §3)', () => {
  const broker = (id: number, sellerCode: string | null) => ({ broker: { id, sellerCode } });
  const contract = {
    blAni: false,
    blSurcomp: false,
    idContrat2: null,
    idCodCol: 'CAD001',
    customerPortfolios: [broker(1, 'VL001'), broker(2, null), broker(3, ''), broker(4, 'VL004')],
  };

  it('are the portfolio brokers with a seller code; an empty code is none', () => {
    expect(contractSellers(contract).map((b) => b.id)).toEqual([1, 4]);
  });

  it('are the same in the derived fields the API sends', () => {
    expect(contractDerived(contract).sellers).toEqual(contractSellers(contract));
    expect(contractSellers({})).toEqual([]);
  });
});
