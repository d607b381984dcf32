// @vitest-environment node
// Collection parameters as they arrive on the wire (parsed by the server's qs parser).
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/src/http/problem.ts';
import { type CollectionQuerySpec, parseCollectionQuery } from '../../../server/src/hydra/query.ts';
import { parseQueryString } from '../../../server/src/hydra/querystring.ts';

const SPEC: CollectionQuerySpec = {
  orderFields: { startAt: 'c.start_at', lbProduit: 'p.label', 'customer.idCc1': 'cu.id_cc1' },
  defaultOrder: [{ field: 'startAt', direction: 'desc' }],
  filters: {
    state: { type: 'integer', multiple: true },
    lbType: { multiple: true },
    idProduit: { type: 'integer' },
    nbrInsured: { type: 'boolean' },
    'insured.lastname': {},
    'contractBusinessProviders.organization': { type: 'integer', multiple: true },
  },
  dateFilters: ['dtDebVal', 'dtFinVal'],
};

const parse = (raw: string, spec = SPEC) => parseCollectionQuery(parseQueryString(raw), spec);

function refusal(raw: string): string {
  try {
    parse(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error(`accepted: ${raw}`);
}

describe('pagination', () => {
  it('defaults to page 1 of 10, and computes the offset', () => {
    expect(parse('')).toMatchObject({ page: 1, itemsPerPage: 10, offset: 0 });
    expect(parse('page=3&itemsPerPage=25')).toMatchObject({
      page: 3,
      itemsPerPage: 25,
      offset: 50,
    });
    expect(parse('page=&itemsPerPage=')).toMatchObject({ page: 1, itemsPerPage: 10 });
    expect(parse('itemsPerPage=100').itemsPerPage).toBe(100);
  });

  it('refuses pages below 1 and sizes outside 1..100, naming the parameter', () => {
    expect(refusal('page=0')).toContain('« page »');
    expect(refusal('page=-2')).toContain('« page »');
    expect(refusal('page=1.5')).toContain('« page »');
    expect(refusal('page=deux')).toContain('« page »');
    expect(refusal('page=1&page=2')).toContain('« page »');
    expect(refusal('itemsPerPage=0')).toBe(
      'Le paramètre « itemsPerPage » doit être un nombre entier entre 1 et 100.',
    );
    expect(refusal('itemsPerPage=101')).toContain('« itemsPerPage »');
  });

  it('honours a resource default size and maximum', () => {
    expect(parse('', { defaultItemsPerPage: 30 }).itemsPerPage).toBe(30);
    expect(() => parse('itemsPerPage=60', { maxItemsPerPage: 50 })).toThrow(/entre 1 et 50/);
  });
});

describe('order', () => {
  it('reads order[field]=asc|desc in either case, in the order given', () => {
    expect(parse('order[lbProduit]=ASC&order[startAt]=desc').order).toEqual([
      { field: 'lbProduit', column: 'p.label', direction: 'asc' },
      { field: 'startAt', column: 'c.start_at', direction: 'desc' },
    ]);
    expect(parse('order%5Bcustomer.idCc1%5D=Desc').order).toEqual([
      { field: 'customer.idCc1', column: 'cu.id_cc1', direction: 'desc' },
    ]);
  });

  it('falls back to the default order, and ignores empty directions', () => {
    expect(parse('').order).toEqual([
      { field: 'startAt', column: 'c.start_at', direction: 'desc' },
    ]);
    expect(parse('order[lbProduit]=').order).toEqual(parse('').order);
  });

  it('refuses an unknown field or direction, naming the parameter', () => {
    expect(refusal('order[password]=asc')).toMatch(
      /^Le paramètre « order\[password\] » ne désigne pas un tri disponible \(tris possibles : startAt, lbProduit, customer.idCc1\)\.$/,
    );
    expect(refusal('order[startAt]=sideways')).toBe(
      'Le paramètre « order[startAt] » doit valoir asc ou desc.',
    );
    expect(refusal('order=startAt')).toContain('« order »');
  });
});

describe('filters', () => {
  it('reads arrays written f[]=a, f[0]=a and f=a&f=b alike', () => {
    for (const raw of ['state[]=1&state[]=2', 'state[0]=1&state[1]=2', 'state=1&state=2']) {
      expect(parse(raw).filters.state, raw).toEqual([1, 2]);
    }
    expect(parse('lbType=Santé').filters.lbType).toEqual(['Santé']);
    expect(parse('contractBusinessProviders.organization[]=12').filters).toEqual({
      'contractBusinessProviders.organization': [12],
    });
  });

  it('keeps arrays past qs array limit in order', () => {
    const raw = Array.from({ length: 120 }, (_, i) => `state[${i}]=${i}`).join('&');
    expect(parse(raw).filters.state).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });

  it('drops empty values and unknown parameters', () => {
    expect(parse('state[]=&lbType=&idProduit=&insured.lastname=&inconnu=3').filters).toEqual({});
    expect(parse('state[]=1&state[]=').filters).toEqual({ state: [1] });
  });

  it('takes a value without the spaces around it (a pasted name), and spaces alone as empty', () => {
    expect(parse('insured.lastname=%20%20leroux%20&idProduit=%207%20&page=%202').filters).toEqual({
      'insured.lastname': 'leroux',
      idProduit: 7,
    });
    expect(parse('page=%202').page).toBe(2);
    expect(parse('insured.lastname=%20%20&state[]=%20').filters).toEqual({});
    expect(parse('insured.lastname=Le%20Gall').filters).toEqual({ 'insured.lastname': 'Le Gall' });
  });

  it('types single values', () => {
    expect(parse('idProduit=7&nbrInsured=true&insured.lastname=Lefèvre').filters).toEqual({
      idProduit: 7,
      nbrInsured: true,
      'insured.lastname': 'Lefèvre',
    });
    expect(parse('nbrInsured=0').filters.nbrInsured).toBe(false);
  });

  it('refuses malformed values, naming the parameter', () => {
    expect(refusal('idProduit=sept')).toBe(
      'Le paramètre « idProduit » doit être un nombre entier.',
    );
    expect(refusal('state[]=un')).toContain('« state »');
    expect(refusal('nbrInsured=peut-être')).toContain('« nbrInsured »');
    expect(refusal('idProduit=1&idProduit=2')).toContain("n'accepte qu'une seule valeur");
    expect(refusal('insured.lastname[a]=b')).toContain('« insured.lastname »');
  });
});

describe('date bounds', () => {
  it('reads field[after] and field[before] as YYYY-MM-DD', () => {
    expect(parse('dtDebVal[after]=2024-01-01&dtFinVal[before]=2024-12-31').dates).toEqual({
      dtDebVal: { after: '2024-01-01' },
      dtFinVal: { before: '2024-12-31' },
    });
    expect(parse('dtDebVal[strictly_after]=2024-02-29').dates).toEqual({
      dtDebVal: { strictly_after: '2024-02-29' },
    });
    expect(parse('dtDebVal[after]=&dtFinVal=').dates).toEqual({});
  });

  it('refuses anything else, naming the parameter', () => {
    expect(refusal('dtDebVal[after]=01/02/2024')).toBe(
      'Le paramètre « dtDebVal[after] » doit être une date au format AAAA-MM-JJ.',
    );
    expect(refusal('dtDebVal[after]=2023-02-29')).toContain('« dtDebVal[after] »');
    expect(refusal('dtDebVal[after]=2024-01-01T10:00:00')).toContain('« dtDebVal[after] »');
    expect(refusal('dtDebVal[since]=2024-01-01')).toContain('« dtDebVal[since] »');
    expect(refusal('dtDebVal=2024-01-01')).toContain('« dtDebVal »');
  });
});
