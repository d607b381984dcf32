import { describe, expect, it } from 'vitest';
import { expandRoles, hasAnyRole, rolesFromString, rolesToString } from '../../src/domain/roles.ts';

// spec partner-extranet §6: each profile includes every lower one; some roles are kept as is.
describe('expandRoles', () => {
  it.each([
    [
      ['PROFILE_ADMIN_AGEO'],
      [
        'PROFILE_ADMIN_AGEO',
        'PROFILE_ADMIN_PARTNER',
        'PROFILE_GROUP',
        'PROFILE_MANAGER',
        'PROFILE_SELLER',
        'ROLE_PARTNER',
        'ROLE_USER',
      ],
    ],
    [
      ['PROFILE_ADMIN_PARTNER'],
      [
        'PROFILE_ADMIN_PARTNER',
        'PROFILE_GROUP',
        'PROFILE_MANAGER',
        'PROFILE_SELLER',
        'ROLE_PARTNER',
        'ROLE_USER',
      ],
    ],
    [
      ['PROFILE_GROUP'],
      ['PROFILE_GROUP', 'PROFILE_MANAGER', 'PROFILE_SELLER', 'ROLE_PARTNER', 'ROLE_USER'],
    ],
    [['PROFILE_MANAGER'], ['PROFILE_MANAGER', 'PROFILE_SELLER', 'ROLE_PARTNER', 'ROLE_USER']],
    [['PROFILE_SELLER'], ['PROFILE_SELLER', 'ROLE_PARTNER', 'ROLE_USER']],
    [['ROLE_PARTNER'], ['ROLE_PARTNER', 'ROLE_USER']],
    [['ROLE_USER'], ['ROLE_USER']],
    [
      ['ROLE_BUSINESS_PROVIDER', 'ROLE_COMPANIE', 'COMMISSION'],
      ['ROLE_BUSINESS_PROVIDER', 'ROLE_COMPANIE', 'COMMISSION'],
    ],
    [['ROLE_COMMISSION'], ['ROLE_COMMISSION', 'VIEW_COMMISSIONS']],
    [['ROLE_MANAGE_USER'], ['ROLE_MANAGE_USER', 'USERS_MANAGEMENT']],
    [[], []],
  ])('%j expands to %j', (given, expected) => {
    expect(expandRoles(given)).toEqual(expected);
  });

  it('keeps extra rights beside the profile and drops duplicates', () => {
    expect(expandRoles(['PROFILE_SELLER', 'VIEW_COMMISSIONS', 'ROLE_USER', ' '])).toEqual([
      'PROFILE_SELLER',
      'ROLE_PARTNER',
      'ROLE_USER',
      'VIEW_COMMISSIONS',
    ]);
  });

  it('stores roles as a comma list', () => {
    expect(rolesToString(['A', 'B'])).toBe('A,B');
    expect(rolesFromString('A, B,,')).toEqual(['A', 'B']);
    expect(rolesFromString(null)).toEqual([]);
  });

  it('matches one role or any of a list', () => {
    expect(hasAnyRole(['VIEW_SELLER'], ['PROFILE_ADMIN_AGEO', 'VIEW_SELLER'])).toBe(true);
    expect(hasAnyRole(['VIEW_SELLER'], 'VIEW_MANAGER')).toBe(false);
  });
});
