// A user's detail (/users/{id}; spec administration §2): « Envoyer un lien de réinitialisation »
// sends a link to choose a password where the passwords are held here, and is not offered where
// the identity provider holds them (Keycloak: nothing here to reset).
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../src/domain/session.ts';
import { UserShow } from '../../../src/resources/users/UserShow.tsx';
import { KEYCLOAK_CONFIG } from '../support/publicConfig.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer(
  http.get('*/api/users/42', () =>
    HttpResponse.json({
      '@id': '/api/users/42',
      '@type': 'User',
      id: 42,
      civility: 1,
      firstname: 'Camille',
      lastname: 'Martin',
      username: 'camille.martin',
      email: 'camille.martin@exemple.fr',
      enabled: true,
      roles: ['PROFILE_SELLER'],
      typeSelected: 'PROFILE_SELLER',
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const open = (config?: PublicConfig) =>
  renderScreen(<UserShow title="Utilisateur" />, {
    route: '/users/:id',
    at: '/users/42',
    resource: 'users',
    account: 'ageo',
    config,
  });

describe('the reset link on a user detail', () => {
  it('is offered where the passwords are held here', async () => {
    open();
    expect(await screen.findByRole('link', { name: /Modifier/ })).toBeVisible();
    expect(
      screen.getByRole('button', { name: /Envoyer un lien de réinitialisation/ }),
    ).toBeVisible();
  });

  it('is not offered where the identity provider holds them', async () => {
    open(KEYCLOAK_CONFIG);
    expect(await screen.findByRole('link', { name: /Modifier/ })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: /Envoyer un lien de réinitialisation/ }),
    ).toBeNull();
  });
});
