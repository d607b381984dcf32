// The user form's save rules (spec administration §4, §5), as src/domain/userForm.ts writes them:
// what a save sends, from the record the form holds, on creation and on update.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TYPE, newUserRecord, userSaveBody } from '../../../src/domain/userForm.ts';

/** A user as the API answers it (GET /api/users/{id}), embedded references included. */
const loaded = () => ({
  '@id': '/api/users/42',
  '@type': 'User',
  id: 42,
  civility: 1,
  firstname: 'Camille',
  lastname: 'Martin',
  jobFunction: 'Conseillère',
  username: 'camille.martin',
  realm: 'partenaires',
  email: 'camille.martin@exemple.fr',
  enabled: true,
  hasLdap: false,
  hasSsoAccount: false,
  idSso: null,
  typeSelected: 'PROFILE_SELLER',
  userType: { id: 4, label: 'Vendeur', role: 'PROFILE_SELLER' },
  roles: ['PROFILE_SELLER', 'VIEW_COMMISSIONS'],
  rolesSelected: ['VIEW_COMMISSIONS'],
  profileRealm: {
    '@id': '/api/profileRealms/7',
    id: 7,
    profile: { id: 4, name: 'Vendeur' },
    realm: { id: 2, name: 'partenaires' },
  },
  organization: { '@id': '/api/organizations/12', id: 12, legalname: 'Horizon Courtage' },
  partnerId: 3,
  managedBy: { '@id': '/api/supervisors/9', id: 9, firstname: 'Mathilde', lastname: 'Roux' },
  pole: { '@id': '/api/poles/2', id: 2, label: 'Santé' },
  accessGroup: { '@id': '/api/access_groups/5', id: 5, name: 'Agences Sud' },
  sellerCode: 'V-042',
  regroupementKey: null,
  lastLogged: '2026-03-02T08:15:00Z',
  createdAt: '2025-01-10T10:00:00Z',
});

describe('userSaveBody: what every save sends (§5)', () => {
  it('removes every role beginning PROFILE_ from the roles sent', () => {
    const body = userSaveBody(
      { ...loaded(), roles: ['PROFILE_ADMIN_AGEO', 'VIEW_COMMISSIONS', 'PROFILE_SELLER'] },
      'update',
    );
    expect(body.roles).toEqual(['VIEW_COMMISSIONS']);
  });

  it('never sends rolesSelected, nor what the API computes', () => {
    const body = userSaveBody(loaded(), 'update');
    for (const name of [
      'rolesSelected',
      '@id',
      '@type',
      'userType',
      'hasSsoAccount',
      'lastLogged',
      'createdAt',
    ]) {
      expect(body).not.toHaveProperty(name);
    }
  });

  it('drops partnerId when it is null, keeps it otherwise', () => {
    expect(userSaveBody({ ...loaded(), partnerId: null }, 'update')).not.toHaveProperty(
      'partnerId',
    );
    expect(userSaveBody(loaded(), 'update').partnerId).toBe(3);
  });

  it('sends an organization whose legalname is empty as null, any other as its identifier', () => {
    expect(
      userSaveBody({ ...loaded(), organization: { id: 12, legalname: '' } }, 'update').organization,
    ).toBeNull();
    expect(
      userSaveBody({ ...loaded(), organization: { id: 12, legalname: '  ' } }, 'update')
        .organization,
    ).toBeNull();
    expect(userSaveBody(loaded(), 'update').organization).toBe('/api/organizations/12');
    expect(userSaveBody({ ...loaded(), organization: 12 }, 'update').organization).toBe(12);
  });

  it('sends profileRealm as its identifier (and the other references too)', () => {
    const body = userSaveBody(loaded(), 'update');
    expect(body.profileRealm).toBe('/api/profileRealms/7');
    expect(body.pole).toBe('/api/poles/2');
    expect(body.accessGroup).toBe('/api/access_groups/5');
    expect(userSaveBody({ ...loaded(), profileRealm: { id: 7 } }, 'update').profileRealm).toBe(7);
    expect(userSaveBody({ ...loaded(), profileRealm: 7 }, 'update').profileRealm).toBe(7);
    expect(userSaveBody({ ...loaded(), profileRealm: '' }, 'update').profileRealm).toBeNull();
  });

  it('sends an empty idSso as null', () => {
    expect(userSaveBody({ ...loaded(), idSso: '' }, 'update').idSso).toBeNull();
    expect(userSaveBody({ ...loaded(), idSso: '   ' }, 'update').idSso).toBeNull();
    expect(userSaveBody({ ...loaded(), idSso: 'f3a1-77' }, 'update').idSso).toBe('f3a1-77');
  });
});

describe('userSaveBody on update (§5)', () => {
  it('drops empty plainPassword and repeatPassword', () => {
    for (const empty of ['', null, undefined]) {
      const body = userSaveBody(
        { ...loaded(), plainPassword: empty, repeatPassword: empty },
        'update',
      );
      expect(body).not.toHaveProperty('plainPassword');
      expect(body).not.toHaveProperty('repeatPassword');
    }
  });

  it('keeps a new password', () => {
    const body = userSaveBody(
      { ...loaded(), plainPassword: 'motdepasse2026', repeatPassword: 'motdepasse2026' },
      'update',
    );
    expect(body).toMatchObject({
      plainPassword: 'motdepasse2026',
      repeatPassword: 'motdepasse2026',
    });
  });

  it('removes managedBy (the server keeps the first manager); the id stays in the URL', () => {
    const body = userSaveBody(loaded(), 'update');
    expect(body).not.toHaveProperty('managedBy');
    expect(body).not.toHaveProperty('id');
  });
});

describe('userSaveBody on create (§4, §5)', () => {
  it('removes the id and keeps managedBy as its identifier', () => {
    const body = userSaveBody({ ...loaded(), id: 42 }, 'create');
    expect(body).not.toHaveProperty('id');
    expect(body.managedBy).toBe('/api/supervisors/9');
  });

  it('sends no password as null both: the server invites the user by e-mail', () => {
    const body = userSaveBody(
      { ...newUserRecord(), plainPassword: '', repeatPassword: '' },
      'create',
    );
    expect(body.plainPassword).toBeNull();
    expect(body.repeatPassword).toBeNull();
  });

  it('starts a new user as a seller, enabled, with no role and no rolesSelected sent', () => {
    const record = newUserRecord();
    expect(record.typeSelected).toBe(DEFAULT_TYPE);
    expect(DEFAULT_TYPE).toBe('PROFILE_SELLER');
    expect(record.enabled).toBe(true);
    const body = userSaveBody(record, 'create');
    expect(body.typeSelected).toBe('PROFILE_SELLER');
    expect(body.roles).toEqual([]);
    expect(body).not.toHaveProperty('rolesSelected');
    expect(body).not.toHaveProperty('partnerId');
    expect(body.organization).toBeNull();
    expect(body.profileRealm).toBeNull();
    expect(body.idSso).toBeNull();
  });
});
