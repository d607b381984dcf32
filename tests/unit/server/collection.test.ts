// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hydraCollection, withPage } from '../../../server/src/hydra/collection.ts';

describe('withPage', () => {
  it('sets the page and keeps every other pair byte for byte', () => {
    expect(withPage('/api/contrats', 2)).toBe('/api/contrats?page=2');
    expect(withPage('/api/contrats?order%5BstartAt%5D=desc&page=5&state[]=1', 1)).toBe(
      '/api/contrats?order%5BstartAt%5D=desc&state[]=1&page=1',
    );
    expect(withPage('/api/contrats?pag%65=3&itemsPerPage=25', 4)).toBe(
      '/api/contrats?itemsPerPage=25&page=4',
    );
  });
});

describe('hydraCollection', () => {
  const members = [{ '@id': '/api/contracts/1' }];

  it('describes the page, the total and the neighbours', () => {
    const page = hydraCollection({
      resource: 'Contract',
      url: '/api/contracts?itemsPerPage=10&page=2',
      query: { page: 2, itemsPerPage: 10 },
      totalItems: 35,
      members,
    });
    expect(page).toEqual({
      '@context': '/api/contexts/Contract',
      '@id': '/api/contracts',
      '@type': 'hydra:Collection',
      'hydra:member': members,
      'hydra:totalItems': 35,
      'hydra:view': {
        '@id': '/api/contracts?itemsPerPage=10&page=2',
        '@type': 'hydra:PartialCollectionView',
        'hydra:first': '/api/contracts?itemsPerPage=10&page=1',
        'hydra:last': '/api/contracts?itemsPerPage=10&page=4',
        'hydra:previous': '/api/contracts?itemsPerPage=10&page=1',
        'hydra:next': '/api/contracts?itemsPerPage=10&page=3',
      },
    });
  });

  it('has no previous on the first page, no next on the last, one page when empty', () => {
    const first = hydraCollection({
      resource: 'Contract',
      url: '/api/contracts',
      query: { page: 1, itemsPerPage: 10 },
      totalItems: 0,
      members: [],
    });
    expect(first['hydra:view']).toEqual({
      '@id': '/api/contracts?page=1',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/contracts?page=1',
      'hydra:last': '/api/contracts?page=1',
    });
  });
});
