// The rights history (/admin/droits/historique), made from the RightsChange declaration by the
// generic list, msw answering: the element and the operation are shown in French (their closed
// lists' labels: the recorded classes' titles, the operations' names), not as recorded.
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenericList } from '../../../src/components/generic/GenericList.tsx';
import { Profile, Role } from '../../../src/domain/schema/rights.ts';
import { hydraCollection } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const change = (id: number, className: string, action: string) => ({
  '@id': `/api/rights_changes/${id}`,
  '@type': 'RightsChange',
  id,
  changedAt: '2026-11-26T15:04:22.123Z',
  actor: 'ageo',
  className,
  targetId: className === 'Role' ? null : 5,
  action,
  before: null,
  after: { name: 'Vendeur' },
});

const server = setupServer(
  http.get('*/api/rights_changes', () =>
    hydraCollection([change(2, 'Role', 'tree'), change(1, 'Profile', 'create')]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the rights history', () => {
  it('names each element and operation in French', async () => {
    renderScreen(<GenericList title="Historique des droits" />, {
      route: '/admin/droits/historique',
      at: '/admin/droits/historique',
      resource: 'rights_changes',
      account: 'ageo',
    });
    const created = (await screen.findByText('Création')).closest('tr') as HTMLElement;
    expect(within(created).getByText(Profile.title)).toBeInTheDocument();
    const moved = screen.getByText("Déplacement dans l'arbre").closest('tr') as HTMLElement;
    expect(within(moved).getByText(Role.title)).toBeInTheDocument();
    for (const recorded of ['Profile', 'Role', 'create', 'tree']) {
      expect(screen.queryByText(recorded)).toBeNull();
    }
  });
});
