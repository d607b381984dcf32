// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memberBuilder } from '../../../server/src/resources/framework/memberShape.ts';

describe('memberBuilder', () => {
  const shape = {
    type: 'Product',
    columns: ['id', 'lbProduit', 'it"s'],
    links: [{ name: 'company', base: '/api/insuranceOfCompanies' }],
    computed: ['risk', 'lbProduit'],
  };

  it('builds the member the declaration describes, keys in order, links as IRIs', () => {
    const build = memberBuilder(shape);
    const member = build(
      '/api/products/3',
      { id: 3, lbProduit: 'Santé', 'it"s': 'quoted', company: 9, unread: 'x' },
      { risk: 'S', lbProduit: 'Santé Collective' },
    );
    expect(member).toEqual({
      '@id': '/api/products/3',
      '@type': 'Product',
      id: 3,
      // A computed value wins over the column of the same name, in the column's place.
      lbProduit: 'Santé Collective',
      'it"s': 'quoted',
      company: '/api/insuranceOfCompanies/9',
      risk: 'S',
    });
    expect(Object.keys(member)).toEqual([
      '@id',
      '@type',
      'id',
      'lbProduit',
      'it"s',
      'company',
      'risk',
    ]);
    expect(build('/api/products/4', { id: 4, company: null }, { risk: null }).company).toBeNull();
  });

  it('compiles a shape once', () => {
    expect(memberBuilder({ ...shape })).toBe(memberBuilder(shape));
    expect(memberBuilder({ ...shape, computed: [] })).not.toBe(memberBuilder(shape));
  });

  it('refuses a property named __proto__', () => {
    expect(() => memberBuilder({ ...shape, columns: ['__proto__'] })).toThrow('__proto__');
  });
});
