// Issue 17 #4: each page has its own browser title ("Contrat 12345 – Espace partenaire AGEO")
// and exactly one h1, the page's title (src/layout/PageTitle.tsx), through the whole app: the
// layout, the routes, the guards and the screens.
import { screen, waitFor } from '@testing-library/react';
import { testDataProvider } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../../src/layout/PageTitle.tsx';
import { renderApp } from './renderApp.tsx';

const SPACE = 'Espace partenaire AGEO';

const contract = {
  id: 12345,
  lbContrat: 'CT-2024-12345',
  lbProduit: 'Santé Collective Confort',
  lbSouscrip: 'Boulangerie Dupont SARL',
  dateDebVal: '2024-03-09',
  dateFinVal: null,
  state: { id: 1, label: 'Actif' },
  contractType: { id: 1, label: 'Base' },
  options: [],
  organizations: [],
  customerPortfolios: [],
};

/** Empty lists everywhere; one contract and one supplier to open. */
const data = () =>
  testDataProvider({
    getList: async () => ({ data: [], total: 0 }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    getOne: async (resource: string, { id }: { id: unknown }) => {
      if (resource === 'contracts' && String(id) === '12345') return { data: contract };
      if (resource === 'suppliers' && String(id) === '3') {
        return { data: { id: 3, name: 'Papeterie Lenoir' } };
      }
      throw Object.assign(new Error('Introuvable'), { status: 404 });
    },
    // biome-ignore lint/suspicious/noExplicitAny: the test provider's overrides are loosely typed.
  } as any);

/** The page's one h1, once it names `name`; fails when there are two, or none. */
async function onlyH1(name: string) {
  expect(await screen.findByRole('heading', { level: 1, name })).toBeVisible();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

describe('the browser title', () => {
  it('names the page, then the partner space of the brand', () => {
    expect(documentTitle('AGEO', 'Contrat 12345')).toBe('Contrat 12345 – Espace partenaire AGEO');
    expect(documentTitle('AGEO', '  Mon   profil ')).toBe('Mon profil – Espace partenaire AGEO');
    expect(documentTitle('AGEO')).toBe(SPACE);
  });
});

describe('one h1 and its own browser title on every kind of page', () => {
  it('a business list', async () => {
    renderApp({ path: '/contrats/liste', dataProvider: data() });
    await onlyH1('Contrats');
    await waitFor(() => expect(document.title).toBe(`Contrats – ${SPACE}`));
  });

  it('a detail names its record once loaded: a contract by its number, not its id', async () => {
    renderApp({ path: '/contrats/12345', dataProvider: data() });
    await onlyH1('Contrat CT-2024-12345');
    await waitFor(() => expect(document.title).toBe(`Contrat CT-2024-12345 – ${SPACE}`));
  });

  it('a detail without its id keeps the route title', async () => {
    renderApp({ path: '/contrats', dataProvider: data() });
    expect(await screen.findByText('Identifiant de contrat manquant')).toBeInTheDocument();
    await onlyH1('Contrat');
    await waitFor(() => expect(document.title).toBe(`Contrat – ${SPACE}`));
  });

  it('a generic administration list', async () => {
    renderApp({ path: '/admin/fournisseurs', dataProvider: data() });
    await onlyH1('Fournisseurs');
    await waitFor(() => expect(document.title).toBe(`Fournisseurs – ${SPACE}`));
  });

  it('a generic administration detail', async () => {
    renderApp({ path: '/admin/fournisseurs/3', dataProvider: data() });
    await onlyH1('Fournisseur Papeterie Lenoir');
    await waitFor(() => expect(document.title).toBe(`Fournisseur Papeterie Lenoir – ${SPACE}`));
  });

  it('a creation form', async () => {
    renderApp({ path: '/admin/fournisseurs/create', dataProvider: data() });
    await onlyH1('Nouveau fournisseur');
    await waitFor(() => expect(document.title).toBe(`Nouveau fournisseur – ${SPACE}`));
  });

  it('an edit form names its record', async () => {
    renderApp({ path: '/admin/fournisseurs/3/edit', dataProvider: data() });
    await onlyH1('Modifier le fournisseur Papeterie Lenoir');
  });

  it('a dashboard (PageFrame)', async () => {
    renderApp({ path: '/admin/droits/dashboard', dataProvider: data() });
    await onlyH1('Droits et profils');
    await waitFor(() => expect(document.title).toBe(`Droits et profils – ${SPACE}`));
  });

  it('the home page', async () => {
    renderApp({ path: '/', dataProvider: data() });
    await onlyH1('Accueil');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Bienvenue sur votre espace partenaire' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Accueil – ${SPACE}`));
  });

  it('the 404', async () => {
    renderApp({ path: '/nulle-part', dataProvider: data() });
    expect(await screen.findByText('404')).toBeInTheDocument();
    await onlyH1('Cette page est introuvable');
    await waitFor(() => expect(document.title).toBe(`Cette page est introuvable – ${SPACE}`));
  });

  it('the legal notice, outside the layout', async () => {
    renderApp({ path: '/mentions/mentions_legales', dataProvider: data() });
    await onlyH1('Mentions légales');
    await waitFor(() => expect(document.title).toBe(`Mentions légales – ${SPACE}`));
  });

  it('the header holds no second title', async () => {
    renderApp({ path: '/contrats/liste', dataProvider: data() });
    await onlyH1('Contrats');
    const header = screen.getByRole('banner');
    expect(header.textContent).not.toContain('Contrats');
  });
});
