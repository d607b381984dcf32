// /recherche (spec administration §2, §3 "Search result", §7 POST /search, §8) with the real HTTP
// client, msw answering the raw entries: the query and category read from the address, the
// category selector labelled 'Catégories' (id 0 by default), the results grouped by category and
// linking to their details, the §8 toast on failure; the raw entries mapped to
// { content, sourceId, categoryId }; and the header's box opening /recherche?q=... on Enter.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { createHttpClient } from '../../../src/providers/httpClient.ts';
import { createSearch, mapEntry, parseContent } from '../../../src/providers/search.ts';
import { SearchPage } from '../../../src/resources/search/SearchPage.tsx';
import { renderApp } from '../layout/renderApp.tsx';
import { hydraProblem } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  setBearerSource(async () => 'jwt-search');
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  setBearerSource(async () => null);
});

const client = createSearch(
  createHttpClient({
    getBearer: async () => 'jwt-search',
    navigate: () => undefined,
    onMaintenance: () => undefined,
    backoffMs: () => 0,
  }),
);

const raw = (categoryId: number, sourceId: number, label: string, detail: string) => ({
  CONTENT: JSON.stringify([{ label, detail }]),
  ID_SOURCE: sourceId,
  ID_CATEGORY: categoryId,
});

const ENTRIES = [
  raw(2, 41, 'DUPONT Hélène', '75011 Paris'),
  raw(1, 12, 'CT-2024-000012', 'Prévoyance Cadres Article 7 – Boulangerie Martin'),
  raw(3, 7, 'Boulangerie Dupont', '69001 Lyon'),
  raw(6, 3, 'Prévoyance Cadres Article 7', 'Prévoyance – Mutuelle Horizon'),
  raw(4, 5, 'Dupont Courtage', '33000 Bordeaux'),
  raw(5, 9, 'Mutuelle Dupont', '44000 Nantes'),
];

function serve(answer: () => Response = () => HttpResponse.json(ENTRIES)) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/search', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const renderPage = (at: string) =>
  renderScreen(<SearchPage title="Recherche" client={client} />, {
    route: '/recherche',
    at,
    resource: 'search',
  });

describe('src/providers/search.ts', () => {
  it('maps the raw entries to { content, sourceId, categoryId }, the first element of CONTENT', () => {
    expect(mapEntry(raw(1, 12, 'CT-1', 'Santé'))).toEqual({
      content: { label: 'CT-1', detail: 'Santé' },
      sourceId: 12,
      categoryId: 1,
    });
    expect(parseContent('[{"label":"A"},{"label":"B"}]').label).toBe('A');
    expect(parseContent('pas du JSON').label).toBe('pas du JSON');
  });

  it('POSTs the request to /search', async () => {
    const bodies = serve();
    const found = await client({ query: 'dupon', category: 2 });
    expect(bodies).toEqual([{ query: 'dupon', category: 2 }]);
    expect(found).toHaveLength(6);
  });
});

describe('/recherche', () => {
  it('searches what the address says, every category by default (id 0, « Catégories »)', async () => {
    const bodies = serve();
    renderPage('/recherche?q=dupon');
    await screen.findByText('6 résultats');
    expect(bodies).toEqual([{ query: 'dupon', category: 0 }]);
    expect(screen.getByRole('combobox', { name: 'Catégories' })).toHaveTextContent('Catégories');
    expect(screen.getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('dupon');
  });

  it('groups the results by category, each one a link to its detail', async () => {
    serve();
    renderPage('/recherche?q=dupon');
    await screen.findByText('6 résultats');
    const links: Record<string, [string, string]> = {
      Contrats: ['CT-2024-000012', '/contrats/12'],
      Assurés: ['DUPONT Hélène', '/assures/41'],
      Souscripteurs: ['Boulangerie Dupont', '/Clients/7'],
      Apporteurs: ['Dupont Courtage', '/apporteurs/5'],
      Mutuelles: ['Mutuelle Dupont', '/mutuelles/9'],
      Produits: ['Prévoyance Cadres Article 7', '/Produits/3'],
    };
    for (const [group, [label, href]] of Object.entries(links)) {
      const list = screen.getByRole('list', { name: group });
      const link = within(list).getByRole('link', { name: new RegExp(label) });
      expect(link).toHaveAttribute('href', href);
    }
    // The groups in the selector's order.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Contrats',
      'Assurés',
      'Souscripteurs',
      'Apporteurs',
      'Mutuelles',
      'Produits',
    ]);
  });

  it('searches again in the category chosen, kept in the address', async () => {
    const bodies = serve();
    const locations: string[] = [];
    renderScreen(<SearchPage title="Recherche" client={client} />, {
      route: '/recherche',
      at: '/recherche?q=dupon',
      resource: 'search',
      onLocation: (l) => locations.push(`${l.pathname}${l.search}`),
    });
    await screen.findByText('6 résultats');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Catégories' }));
    await user.click(screen.getByRole('option', { name: 'Assurés' }));
    // One category: its most results (the server's largest limit), not the default ten.
    await waitFor(() => expect(bodies.at(-1)).toEqual({ query: 'dupon', category: 2, limit: 50 }));
    expect(locations.at(-1)).toBe('/recherche?q=dupon&categorie=2');
  });

  it('says when nothing is found, and searches nothing without a text', async () => {
    const bodies = serve(() => HttpResponse.json([]));
    renderPage('/recherche?q=zzz');
    expect(await screen.findByText('Aucun résultat pour cette recherche.')).toBeVisible();
    expect(bodies).toHaveLength(1);
  });

  it('toasts the §8 message when the search fails, the loading bar gone', async () => {
    serve(() => hydraProblem(500, 'boom'));
    renderPage('/recherche?q=dupon');
    expect(
      (await screen.findAllByText('Une erreur est survenue durant la recherche')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('progressbar', { name: 'Recherche en cours' })).toBeNull();
  });

  it('says beside the box why the server refuses a text, not the §8 toast', async () => {
    const reason = 'Le texte recherché doit contenir au moins une lettre ou un chiffre.';
    // As the server answers: a violation of `query`, its description prefixed by the field.
    serve(() =>
      HttpResponse.json(
        {
          '@type': 'ConstraintViolationList',
          'hydra:description': `query: ${reason}`,
          violations: [{ propertyPath: 'query', message: reason }],
        },
        { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    );
    renderPage('/recherche?q=%25');
    expect(await screen.findByText(reason)).toBeVisible();
    expect(screen.queryByText(/query:/)).toBeNull();
    expect(screen.queryByText('Une erreur est survenue durant la recherche')).toBeNull();
  });

  it('says when a category may hold more than shown, and offers it alone, fifty at most', async () => {
    const insureds = Array.from({ length: 10 }, (_, i) =>
      raw(2, 100 + i, `LACROIX ${i}`, '75011 Paris'),
    );
    const bodies = serve(() => HttpResponse.json([...insureds, ENTRIES[1]]));
    renderPage('/recherche?q=lacroix');
    // What is counted is what is shown: a full category may hold more.
    expect(
      await screen.findByText('11 résultats affichés (au plus 10 par catégorie)'),
    ).toBeVisible();
    // Only the full category has more to show.
    expect(screen.queryByRole('button', { name: /Voir plus de résultats : Contrats/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Voir plus de résultats : Assurés' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ query: 'lacroix', category: 2, limit: 50 }),
    );

    const fifty = Array.from({ length: 50 }, (_, i) => raw(2, 200 + i, `LACROIX ${i}`, 'Lyon'));
    serve(() => HttpResponse.json(fifty));
    renderPage('/recherche?q=lacroix&categorie=2');
    expect(
      await screen.findByText(
        'Seuls les 50 premiers résultats sont affichés : précisez la recherche.',
      ),
    ).toBeVisible();
  });
});

describe('the header’s search box', () => {
  it('opens /recherche?q=... on Enter', async () => {
    serve();
    const { location } = renderApp({ username: 'vendeur', path: '/' });
    const box = await screen.findByRole('searchbox', {
      name: 'Rechercher un contrat, un assuré, un souscripteur…',
    });
    const user = userEvent.setup();
    await user.type(box, 'prévoyance cadres{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/recherche'));
    expect(new URLSearchParams(location().search).get('q')).toBe('prévoyance cadres');
    await act(async () => undefined);
  });
});
