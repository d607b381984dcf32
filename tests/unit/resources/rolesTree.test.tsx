// The roles tree (/admin/droits/arbre) when its rights cannot be read: the §8 words at once,
// after the HTTP client's own retries only (react-query's added three rounds and nine seconds).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TREE_CHANGED_ELSEWHERE, treeVersion } from '../../../src/domain/rolesTree.ts';
import { RolesTree } from '../../../src/resources/roles/RolesTree.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

describe('the roles tree', () => {
  it('says the rights cannot be loaded after four calls: one and three retries', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/roles', () => {
        calls++;
        return hydraProblem(500, 'boom');
      }),
    );
    renderScreen(<RolesTree title="Arbre des droits" />, {
      route: '/admin/droits/arbre',
      at: '/admin/droits/arbre',
      resource: 'roles',
      account: 'ageo',
    });
    expect(
      (await screen.findAllByText('Une erreur est survenue durant le chargement des droits'))
        .length,
    ).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toBe(4);
  });

  it('saves against the version it loaded, and says so when another session saved meanwhile', async () => {
    const roles = [
      { '@id': '/api/roles/1', id: 1, name: 'Équipes', isFolder: true, listOrder: 0, parent: null },
      {
        '@id': '/api/roles/2',
        id: 2,
        name: 'VIEW_SELLER',
        isFolder: false,
        listOrder: 0,
        parent: '/api/roles/1',
      },
      {
        '@id': '/api/roles/3',
        id: 3,
        name: 'VIEW_MANAGER',
        isFolder: false,
        listOrder: 1,
        parent: '/api/roles/1',
      },
    ];
    const sent: Array<string | null> = [];
    server.use(
      http.get('*/api/roles', () => hydraCollection(roles)),
      http.post('*/api/roles/updateRolesTree', ({ request }) => {
        sent.push(request.headers.get('if-match'));
        return hydraProblem(412, TREE_CHANGED_ELSEWHERE);
      }),
    );
    renderScreen(<RolesTree title="Arbre des droits" />, {
      route: '/admin/droits/arbre',
      at: '/admin/droits/arbre',
      resource: 'roles',
      account: 'ageo',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Monter « VIEW_MANAGER »' }));
    await userEvent.click(screen.getByRole('button', { name: "Enregistrer l'arbre" }));
    expect((await screen.findAllByText(TREE_CHANGED_ELSEWHERE)).length).toBeGreaterThan(0);
    expect(sent).toEqual([
      treeVersion([
        { id: 1, parent: null, listOrder: 0 },
        { id: 2, parent: 1, listOrder: 0 },
        { id: 3, parent: 1, listOrder: 1 },
      ]),
    ]);
    // Reloading drops the changes made here: nothing left to save.
    await userEvent.click(screen.getByRole('button', { name: "Recharger l'arbre" }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: "Enregistrer l'arbre" })).toBeDisabled(),
    );
  });
});
