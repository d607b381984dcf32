import { describe, expect, it } from 'vitest';
import { routeOf, specPath } from '../../../src/resources/paths.ts';

describe('specPath', () => {
  it.each([
    ['contracts', 'list', undefined, '/contrats/liste'],
    ['contracts', 'show', 42, '/contrats/42'],
    ['contracts', 'edit', 42, '/contrats/42'],
    ['insureds', 'show', 'a b', '/assures/a%20b'],
    ['users', 'edit', 3, '/users/3/update'],
    ['brokers', 'create', undefined, '/brokers/create'],
    ['products', 'create', undefined, undefined],
    ['nothing', 'list', undefined, undefined],
  ] as const)('%s %s %s -> %s', (name, kind, id, expected) => {
    expect(specPath(name, kind, id)).toBe(expected);
  });

  it('gives the detail for an edit when there is no edit screen', () => {
    expect(routeOf('customers', 'edit')?.path).toBe('/Clients/:id?');
  });
});
