// The profiles per realm (/admin/droits/profils-par-royaume), made from the ProfileRealm
// declaration by the generic list, msw answering: each value once, the profile's and the
// realm's names (sortable), not those names again beside the same relations.
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenericList } from '../../../src/components/generic/GenericList.tsx';
import { hydraCollection } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer(
  http.get('*/api/profileRealms', () =>
    hydraCollection([
      {
        '@id': '/api/profileRealms/7',
        '@type': 'ProfileRealm',
        id: 7,
        profile: '/api/profiles/3',
        realm: '/api/realms/2',
        profileName: 'Vendeur',
        realmName: 'partenaires',
      },
    ]),
  ),
  http.get('*/api/profiles', () => hydraCollection([])),
  http.get('*/api/realms', () => hydraCollection([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the profiles per realm', () => {
  it('shows the profile and the realm once each, by their names', async () => {
    renderScreen(<GenericList title="Profils par royaume" />, {
      route: '/admin/droits/profils-par-royaume',
      at: '/admin/droits/profils-par-royaume',
      resource: 'profileRealms',
      account: 'ageo',
    });
    expect(await screen.findByText('Vendeur')).toBeInTheDocument();
    expect(screen.getAllByText('partenaires')).toHaveLength(1);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Nom du profil', 'Nom du royaume']));
    expect(headers).not.toContain('Profil');
    expect(headers).not.toContain('Royaume');
  });
});
