// The rights history (/admin/droits/historique), made from the RightsChange declaration by the
// generic list, msw answering: the element and the operation are shown in French (their closed
// lists' labels: the recorded classes' titles, the operations' names), not as recorded. A
// change's detail says what differs, under the changed class's labels and with related records
// named, not as raw JSON.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenericList } from '../../../src/components/generic/GenericList.tsx';
import { GenericShow } from '../../../src/components/generic/GenericShow.tsx';
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

const profileUpdate = {
  ...change(3, 'Profile', 'update'),
  before: {
    '@id': '/api/profiles/5',
    '@type': 'Profile',
    id: 5,
    name: 'Vendeur',
    description: 'Les vendeurs',
    isRestricted: false,
    realms: ['/api/realms/1'],
    roles: ['/api/roles/10', '/api/roles/11'],
  },
  after: {
    '@id': '/api/profiles/5',
    '@type': 'Profile',
    id: 5,
    name: 'Vendeur senior',
    description: 'Les vendeurs',
    isRestricted: true,
    realms: ['/api/realms/1', '/api/realms/2'],
    roles: ['/api/roles/10', '/api/roles/11'],
  },
};

const treeMove = {
  ...change(4, 'Role', 'tree'),
  before: [
    { id: 12, name: 'VIEW_COMMISSIONS', parent: 3, listOrder: 1 },
    { id: 13, name: 'VIEW_SELLER', parent: 3, listOrder: 2 },
    { id: 14, name: 'GONE_SINCE', parent: 3, listOrder: 3 },
  ],
  after: [
    { id: 12, name: 'VIEW_COMMISSIONS', parent: null, listOrder: 4 },
    { id: 13, name: 'VIEW_SELLER', parent: 3, listOrder: 2 },
    { id: 14, name: 'GONE_SINCE', parent: 3, listOrder: 1 },
  ],
};

/** A collection's members whose ids the request's id[] filter names. */
const named = (key: string, all: { id: number; [name: string]: unknown }[]) =>
  http.get(`*/api/${key}`, ({ request }) => {
    const ids = new URL(request.url).searchParams.getAll('id[]').map(Number);
    const found = all.filter((r) => ids.includes(r.id));
    return hydraCollection(found.map((r) => ({ '@id': `/api/${key}/${r.id}`, ...r })));
  });

const server = setupServer(
  http.get('*/api/rights_changes', () =>
    hydraCollection([change(2, 'Role', 'tree'), change(1, 'Profile', 'create')]),
  ),
  http.get('*/api/rights_changes/3', () => HttpResponse.json(profileUpdate)),
  http.get('*/api/rights_changes/4', () => HttpResponse.json(treeMove)),
  named('realms', [
    { id: 1, name: 'Espace partenaire' },
    { id: 2, name: 'Extranet AGEO' },
  ]),
  named('roles', [
    { id: 3, name: 'COMMISSIONS', description: 'Commissions' },
    { id: 12, name: 'VIEW_COMMISSIONS', description: 'Voir les commissions' },
  ]),
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

describe("a change's detail", () => {
  it('lists the values that changed under their labels, related records by name', async () => {
    renderScreen(<GenericShow title="Modification de droits" />, {
      route: '/admin/droits/historique/:id',
      at: '/admin/droits/historique/3',
      resource: 'rights_changes',
      account: 'ageo',
    });
    const table = await screen.findByRole('table', { name: 'Changements' });
    const row = (label: string) =>
      within(within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement);
    expect(row('Nom').getByText('Vendeur')).toBeInTheDocument();
    expect(row('Nom').getByText('Vendeur senior')).toBeInTheDocument();
    expect(row('Réservé à l’opérateur').getByText('Non')).toBeInTheDocument();
    expect(row('Réservé à l’opérateur').getByText('Oui')).toBeInTheDocument();
    expect(
      await row('Royaumes').findByText('Espace partenaire, Extranet AGEO'),
    ).toBeInTheDocument();
    // What did not change, and the JSON-LD bookkeeping, are not rows.
    for (const unchanged of ['Description', 'Droits', '@id', 'id']) {
      expect(within(table).queryByRole('rowheader', { name: unchanged })).toBeNull();
    }
    expect(screen.getByText('Enregistrement complet (JSON)')).toBeInTheDocument();
  });

  it("tells the roles tree's moves: each right's folder and order before and after", async () => {
    renderScreen(<GenericShow title="Modification de droits" />, {
      route: '/admin/droits/historique/:id',
      at: '/admin/droits/historique/4',
      resource: 'rights_changes',
      account: 'ageo',
    });
    const table = await screen.findByRole('table', { name: 'Changements' });
    const row = async (name: string) =>
      within((await within(table).findByRole('rowheader', { name })).closest('tr') as HTMLElement);
    // Each right by its description; one deleted since by the name the change recorded.
    const moved = await row('Voir les commissions');
    expect(await moved.findByText('Commissions, ordre 1')).toBeInTheDocument();
    expect(moved.getByText('Racine, ordre 4')).toBeInTheDocument();
    expect(await (await row('GONE_SINCE')).findByText('Commissions, ordre 3')).toBeInTheDocument();
    const unmoved = /VIEW_SELLER|Voir les vendeurs/;
    expect(within(table).queryByRole('rowheader', { name: unmoved })).toBeNull();
  });
});
