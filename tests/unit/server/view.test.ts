// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hydraPage, pageLinks } from '../../../server/src/resources/framework/view.ts';

describe('pageLinks', () => {
  it('sets the page and keeps every other pair byte for byte', () => {
    expect(pageLinks('/api/contrats')(2)).toBe('/api/contrats?page=2');
    expect(pageLinks('/api/contrats?order%5BstartAt%5D=desc&page=5&state[]=1')(1)).toBe(
      '/api/contrats?order%5BstartAt%5D=desc&state[]=1&page=1',
    );
    expect(pageLinks('/api/contrats?pag%65=3&itemsPerPage=25')(4)).toBe(
      '/api/contrats?itemsPerPage=25&page=4',
    );
  });

  it('replaces the cursor, or drops it', () => {
    expect(pageLinks('/api/contrats?after=abc&page=2')(3, 'def')).toBe(
      '/api/contrats?after=def&page=3',
    );
    expect(pageLinks('/api/contrats?after=abc&page=2')(1)).toBe('/api/contrats?page=1');
  });
});

describe('hydraPage', () => {
  const members = [{ '@id': '/api/contracts/1' }];
  const facts = {
    resource: 'Contract',
    lowerBound: false,
    previousReachable: true,
    offsetCap: 10_000,
  };

  it('describes the page, the total and the neighbours', () => {
    const page = hydraPage(
      {
        ...facts,
        url: '/api/contracts?itemsPerPage=10&page=2',
        query: { page: 2, itemsPerPage: 10 },
        totalItems: 35,
        hasNext: true,
      },
      members,
    );
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
    const first = hydraPage(
      {
        ...facts,
        url: '/api/contracts',
        query: { page: 1, itemsPerPage: 10 },
        totalItems: 0,
        hasNext: false,
      },
      [],
    );
    expect(first['hydra:view']).toEqual({
      '@id': '/api/contracts?page=1',
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/contracts?page=1',
      'hydra:last': '/api/contracts?page=1',
    });
  });

  it('names no last page when the total is a lower bound', () => {
    const page = hydraPage(
      {
        ...facts,
        lowerBound: true,
        url: '/api/contracts',
        query: { page: 1, itemsPerPage: 10 },
        totalItems: 1000,
        hasNext: true,
      },
      members,
    );
    expect(page.totalItemsIsLowerBound).toBe(true);
    expect(page['hydra:view']['hydra:last']).toBeUndefined();
  });

  it('links no next page that neither a number nor a cursor reaches', () => {
    const last = { ...facts, lowerBound: true, totalItems: 10_000, hasNext: true };
    const atCap = { url: '/api/assures?page=1001', query: { page: 1001, itemsPerPage: 10 } };
    // Without a cursor page 1002 (offset 10,010) would be a 400: no link to it.
    expect(hydraPage({ ...last, ...atCap }, members)['hydra:view']['hydra:next']).toBeUndefined();
    // With one, the link carries it.
    expect(
      hydraPage({ ...last, ...atCap, nextCursor: 'abc' }, members)['hydra:view']['hydra:next'],
    ).toBe('/api/assures?after=abc&page=1002');
    // The page before still links page 1001, the last a number reaches.
    expect(
      hydraPage(
        { ...last, url: '/api/assures?page=1000', query: { page: 1000, itemsPerPage: 10 } },
        members,
      )['hydra:view']['hydra:next'],
    ).toBe('/api/assures?page=1001');
  });
});
