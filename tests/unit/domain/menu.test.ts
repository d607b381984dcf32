import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/domain/demoAccounts.ts';
import { buildMenu, isInSubmenu } from '../../../src/domain/menu.ts';
import { expandRoles } from '../../../src/domain/roles.ts';
import type { Permissions } from '../../../src/domain/session.ts';
import { DECLARATIONS } from '../../../src/resources/index.ts';

const permissionsOf = (given: string[]): Permissions => ({
  givenRoles: given,
  roles: expandRoles(given),
});

// spec partner-extranet §2 "Side menu" and ARCHITECTURE.md "Demo accounts".
describe('buildMenu over the declarations', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a] as const))(
    '%s sees exactly its menu, in order',
    (_name, account) => {
      const labels = buildMenu(DECLARATIONS, permissionsOf(account.roles)).map((e) => e.label);
      expect(labels).toEqual(account.menu);
    },
  );

  it('links each entry to the route of the spec table', () => {
    const everything = buildMenu(DECLARATIONS, permissionsOf(DEMO_ACCOUNTS[0].roles));
    expect(everything.map((e) => [e.label, e.path])).toEqual([
      ['Produits', '/Produits/liste'],
      ['Souscripteurs', '/Clients/liste'],
      ['Contrats', '/contrats/liste'],
      ['Commissions', '/commission/list'],
      ['Vendeurs', '/brokers/list'],
      ['Managers', '/managers/liste'],
      ['Apporteurs', '/apporteurs/liste'],
      ['Compagnies', '/mutuelles/liste'],
      ['Assurés', '/affilies/liste'],
      ['Utilisateurs', '/users/list'],
      ['Admin', '/admin/dashboard'],
    ]);
  });

  it('gives Utilisateurs its submenu of administration §2', () => {
    const users = buildMenu(DECLARATIONS, permissionsOf(['USERS_MANAGEMENT'])).find(
      (e) => e.key === 'users',
    );
    expect(users?.children).toEqual([
      { label: 'Liste', path: '/users/list' },
      { label: 'Ajouter', path: '/users/create' },
      { label: 'Importer', path: '/users/imports' },
      { label: 'Historique', path: '/users/imports/list' },
      { label: 'Groupes partenaires', path: '/admin/groups/list' },
    ]);
  });

  it('shows nothing without permissions', () => {
    expect(buildMenu(DECLARATIONS, undefined)).toEqual([]);
    expect(buildMenu(DECLARATIONS, null)).toEqual([]);
  });

  it('hides Managers for a holder of PROFILE_MANAGER as given, not once expanded', () => {
    const labels = (given: string[]) =>
      buildMenu(DECLARATIONS, permissionsOf(given)).map((e) => e.label);
    // An administrator's expanded roles include PROFILE_MANAGER: the entry stays.
    expect(labels(['PROFILE_ADMIN_AGEO'])).toContain('Managers');
    expect(labels(['PROFILE_ADMIN_PARTNER', 'VIEW_MANAGER'])).toContain('Managers');
    expect(labels(['PROFILE_MANAGER', 'VIEW_MANAGER'])).not.toContain('Managers');
    expect(labels(['PROFILE_ADMIN_PARTNER'])).not.toContain('Managers');
  });

  it('reads the aliases through the expansion (ROLE_COMMISSION, ROLE_MANAGE_USER)', () => {
    const labels = buildMenu(
      DECLARATIONS,
      permissionsOf(['PROFILE_SELLER', 'ROLE_COMMISSION', 'ROLE_MANAGE_USER']),
    ).map((e) => e.label);
    expect(labels).toContain('Commissions');
    expect(labels).toContain('Utilisateurs');
  });
});

describe('isInSubmenu', () => {
  const [users] = buildMenu(DECLARATIONS, permissionsOf(['USERS_MANAGEMENT']));
  it.each([
    ['/users/imports', true],
    ['/users/imports/list/', true],
    ['/Users/List', true],
    ['/admin/groups/list', true],
    ['/users/12', false],
    ['/contrats/liste', false],
  ])('%s -> %s', (path, expected) => {
    expect(isInSubmenu(users, path)).toBe(expected);
  });
});
