import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOT_ALLOWED_MESSAGES, notAllowedPath } from '../../../src/domain/access.ts';
import { renderApp } from './renderApp.tsx';

// spec partner-extranet §2 "Error pages" and §8.
describe('error pages', () => {
  it.each([
    ['/errors/400', '400', 'Requête invalide'],
    ['/errors/403', '403', 'Accès refusé'],
    ['/errors/404', '404', 'Page introuvable'],
    ['/404', '404', 'Page introuvable'],
    ['/errors/500', '500', 'Erreur du serveur'],
  ])('%s shows its code, a French title and a way home', async (path, code, title) => {
    renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(code)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    // Inside the app layout: the menu and the way out stay at hand.
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Se déconnecter' }),
    ).toBeInTheDocument();
  });

  it('/errors/desynchronized offers to sign in again', async () => {
    renderApp({ path: '/errors/desynchronized' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Session désynchronisée' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se reconnecter' })).toHaveAttribute('href', '/logout');
  });

  it('/errors/405 shows the msg parameter', async () => {
    renderApp({ path: notAllowedPath(NOT_ALLOWED_MESSAGES.partnerGroups) });
    expect(await screen.findByText(NOT_ALLOWED_MESSAGES.partnerGroups)).toBeInTheDocument();
    expect(screen.getByText('405')).toBeInTheDocument();
  });

  it.each([
    ['/errors/405'],
    [`/errors/405?msg=${encodeURIComponent('Appelez le 08 99 99 99 99')}`],
  ])('%s shows the default message', async (path) => {
    renderApp({ path });
    expect(
      await screen.findByText('Vous ne disposez pas des droits pour accèder à cette page'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Appelez/)).toBeNull();
  });
});

describe('legal notice', () => {
  it('is a public page with the sections a French insurance intermediary owes', async () => {
    renderApp({ path: '/mentions/mentions_legales' });
    // Outside the app layout: readable signed in or not, with no menu.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mentions légales' }),
    ).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(
      expect.arrayContaining([
        'Éditeur du site',
        'Intermédiaire en assurance',
        'Hébergeur',
        'Données personnelles',
        'Cookies',
      ]),
    );
    expect(screen.getAllByText(/ORIAS/).length).toBeGreaterThan(0);
    expect(screen.getByText(/délégué à la protection des données/)).toBeInTheDocument();
    // A real notice: no placeholder left, nothing made up.
    expect(screen.queryAllByText(/À compléter/)).toHaveLength(0);
    expect(document.body.textContent).not.toMatch(/compléter|\[|exemple fictif/i);
    // Personal data: what the product stores, and how to exercise the RGPD rights.
    const text = document.body.textContent ?? '';
    for (const stored of [
      /comptes des utilisateurs/,
      /numéro de\s+sécurité sociale/,
      /données de santé/,
      /journal des imports/,
    ]) {
      expect(text).toMatch(stored);
    }
    expect(text).toMatch(/droit d’accès, de rectification, d’effacement/);
    // Cookies: those that really exist (server/src/http/spa.ts, the identity provider's
    // cookie names, the browser storage of the tokens and of the cached lists).
    const cookies = screen.getByRole('heading', { level: 2, name: 'Cookies' })
      .parentElement as HTMLElement;
    for (const name of ['locale', 'ep_session', 'ep_interaction', 'ep_resume']) {
      expect(within(cookies).getByText(name)).toBeInTheDocument();
    }
    expect(cookies.textContent).toMatch(/365 jours/);
    expect(cookies.textContent).toMatch(/Stockage de session/);
    expect(cookies.textContent).toMatch(/Stockage local/);
    // The cached lists stay in the tab's memory (src/providers/responseCache.ts).
    expect(cookies.textContent).toMatch(/Mémoire de l’onglet/);
    expect(cookies.textContent).toMatch(/jamais écrites dans le navigateur/);
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
    expect(within(screen.getByRole('contentinfo')).getByText('Mentions légales')).toBeVisible();
  });
});

describe('home', () => {
  it('offers shortcuts to the menu entries of the user', async () => {
    renderApp({ username: 'vendeur' });
    const shortcuts = await screen.findByRole('heading', { name: 'Accès rapides' });
    const list = shortcuts.nextElementSibling as HTMLElement;
    const labels = within(list)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(labels).toEqual([
      'Produits',
      'Souscripteurs',
      'Contrats',
      'Apporteurs',
      'Compagnies',
      'Assurés',
    ]);
  });
});
