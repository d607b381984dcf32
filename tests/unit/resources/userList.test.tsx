// The users list (/users/list, spec administration §2) with the real data provider, msw
// answering: the filters it offers are named by the User class's own labels, in French (a
// reference filter without its label showed react-admin's "Profile", made from its source).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filterLabel } from '../../../src/domain/schema/types.ts';
import { User } from '../../../src/domain/schema/user.ts';
import { UserList } from '../../../src/resources/users/UserList.tsx';
import { hydraCollection } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = {
  '@id': '/api/users/3',
  '@type': 'User',
  id: 3,
  firstname: 'Camille',
  lastname: 'Morel',
  username: 'camille.morel',
  email: 'camille.morel@exemple.fr',
  enabled: true,
  lastLogged: null,
};

describe('/users/list', () => {
  it('offers its filters under the class’s French labels', async () => {
    server.use(http.get('*/api/users', () => hydraCollection([user])));
    renderScreen(<UserList title="Utilisateurs" />, {
      route: '/users/list',
      at: '/users/list',
      resource: 'users',
      account: 'ageo',
    });
    expect(await screen.findByText('camille.morel')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un filtre' }));
    const menu = await screen.findByRole('menu');
    const offered = within(menu)
      .getAllByRole('menuitemcheckbox')
      .map((item) => item.textContent?.trim());
    expect(offered).toContain(filterLabel(User, 'profile'));
    expect(offered).toContain('Profil');
    expect(offered).not.toContain('Profile');
  });

  it('says Actif or Inactif, the words of User.enabled, in its rows and its filter', async () => {
    const queries: URLSearchParams[] = [];
    const disabled = {
      ...user,
      '@id': '/api/users/4',
      id: 4,
      username: 'paul.roy',
      enabled: false,
    };
    server.use(
      http.get('*/api/users', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([user, disabled]);
      }),
    );
    renderScreen(<UserList title="Utilisateurs" />, {
      route: '/users/list',
      at: '/users/list',
      resource: 'users',
      account: 'ageo',
    });
    const row = async (username: string) =>
      (await screen.findByText(username)).closest('tr') as HTMLElement;
    expect(within(await row('camille.morel')).getByText('Actif')).toBeInTheDocument();
    expect(within(await row('paul.roy')).getByText('Inactif')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un filtre' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Actif' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Actif' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Tous', 'Actif', 'Inactif']);
    await userEvent.click(screen.getByRole('option', { name: 'Inactif' }));
    await waitFor(() => expect(queries.at(-1)?.get('enabled')).toBe('false'));
  });
});
