// Reading roles and names from the claims of the embedded provider and of Keycloak.
import { describe, expect, it } from 'vitest';
import { bearerToken } from '../../server/src/auth/authenticate.ts';
import { displayNameOf, usernameOf } from '../../server/src/auth/claims.ts';
import { rolesOfClaims } from '../../src/domain/roles.ts';

describe('rolesOfClaims', () => {
  it('reads the roles claim (embedded provider, or a Keycloak "roles" mapper)', () => {
    expect(rolesOfClaims({ roles: ['PROFILE_SELLER'] }, 'espace-partenaire')).toEqual([
      'PROFILE_SELLER',
    ]);
    expect(rolesOfClaims({ roles: 'PROFILE_SELLER, VIEW_COMMISSIONS' }, 'x')).toEqual([
      'PROFILE_SELLER',
      'VIEW_COMMISSIONS',
    ]);
  });

  it("falls back to Keycloak's realm roles and the client's roles together", () => {
    const keycloak = {
      realm_access: { roles: ['PROFILE_MANAGER', 'offline_access'] },
      resource_access: { 'espace-partenaire': { roles: ['VIEW_SELLER', 'PROFILE_MANAGER'] } },
    };
    expect(rolesOfClaims(keycloak, 'espace-partenaire')).toEqual([
      'PROFILE_MANAGER',
      'VIEW_SELLER',
    ]);
    // A realm that holds only Keycloak's defaults does not hide the client's roles.
    expect(
      rolesOfClaims(
        {
          realm_access: { roles: ['offline_access', 'default-roles-partners'] },
          resource_access: keycloak.resource_access,
        },
        'espace-partenaire',
      ),
    ).toEqual(['VIEW_SELLER', 'PROFILE_MANAGER']);
    expect(
      rolesOfClaims({ resource_access: keycloak.resource_access }, 'espace-partenaire'),
    ).toEqual(['VIEW_SELLER', 'PROFILE_MANAGER']);
    expect(rolesOfClaims({ resource_access: keycloak.resource_access }, 'autre')).toEqual([]);
    expect(rolesOfClaims({}, 'espace-partenaire')).toEqual([]);
  });

  it("leaves out Keycloak's default roles, which grant nothing here", () => {
    const keycloak = {
      realm_access: {
        roles: ['offline_access', 'uma_authorization', 'default-roles-partners', 'VIEW_ADMIN'],
      },
    };
    expect(rolesOfClaims(keycloak, 'x')).toEqual(['VIEW_ADMIN']);
    expect(rolesOfClaims({ realm_access: { roles: ['offline_access'] } }, 'x')).toEqual([]);
  });

  it('prefers the roles claim when both are present', () => {
    expect(
      rolesOfClaims({ roles: ['VIEW_ADMIN'], realm_access: { roles: ['ROLE_USER'] } }, 'x'),
    ).toEqual(['VIEW_ADMIN']);
  });
});

describe('names', () => {
  it('keys users by preferred_username, else by subject', () => {
    expect(usernameOf({ preferred_username: 'vendeur', sub: '4' })).toBe('vendeur');
    expect(usernameOf({ sub: 'f3a1' })).toBe('f3a1');
    expect(usernameOf({})).toBeUndefined();
  });

  it('shows name, else given and family names', () => {
    expect(displayNameOf({ name: 'Victor Morel' })).toBe('Victor Morel');
    expect(displayNameOf({ given_name: 'Victor', family_name: 'Morel' })).toBe('Victor Morel');
    expect(displayNameOf({})).toBeUndefined();
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer authorization header, whatever the case of the scheme', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
