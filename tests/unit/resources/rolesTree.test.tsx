// The roles tree (/admin/droits/arbre) when its rights cannot be read: the §8 words at once,
// after the HTTP client's own retries only (react-query's added three rounds and nine seconds).
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RolesTree } from '../../../src/resources/roles/RolesTree.tsx';
import { hydraProblem } from '../support/hydra.ts';
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
});
