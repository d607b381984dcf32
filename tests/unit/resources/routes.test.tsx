import { screen, waitFor } from '@testing-library/react';
import { generatePath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NOT_ALLOWED_MESSAGES } from '../../../src/domain/access.ts';
import { DECLARATIONS } from '../../../src/resources/index.ts';
import { renderApp } from '../layout/renderApp.tsx';

// ARCHITECTURE.md: every route of the spec resolves, with its exact path.
describe('every declared route resolves for the operator administrator', () => {
  const routes = DECLARATIONS.flatMap((d) => d.routes).filter((r) => r.path !== '/');
  it.each(routes.map((r) => [r.path, r] as const))('%s', async (_path, route) => {
    const path = generatePath(route.path, { id: '7' });
    const { location } = renderApp({ path });
    if (route.page) {
      // A built screen: react-admin's page for its kind, or a page of its own that says it is
      // one (data-screen), at the exact spec path.
      await waitFor(() =>
        expect(
          document.querySelector('.list-page, .show-page, .create-page, .edit-page, [data-screen]'),
        ).not.toBeNull(),
      );
      expect(screen.queryByText('Cette page sera disponible prochainement.')).toBeNull();
    } else {
      expect(
        await screen.findByRole('heading', { level: 1, name: route.title }),
      ).toBeInTheDocument();
      expect(screen.getByText('Cette page sera disponible prochainement.')).toBeInTheDocument();
    }
    expect(screen.queryByText('Cette page est introuvable')).toBeNull();
    expect(location().pathname).toBe(path);
  });

  it('opens the details without an id too (spec §2 "optional id")', async () => {
    renderApp({ path: '/contrats' });
    expect(await screen.findByText('Identifiant de contrat manquant')).toBeInTheDocument();
  });
});

// spec partner-extranet §6, administration §6.
describe('route guards', () => {
  it('sends a partner administrator away from the admin area to /404', async () => {
    const { location } = renderApp({ username: 'partenaire', path: '/admin/dashboard' });
    await waitFor(() => expect(location().pathname).toBe('/404'));
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });

  it('sends a manager without USERS_MANAGEMENT to /errors/405 with the message', async () => {
    const { location } = renderApp({ username: 'manager', path: '/users/list' });
    await waitFor(() => expect(location().pathname).toBe('/errors/405'));
    expect(new URLSearchParams(location().search).get('msg')).toBe(NOT_ALLOWED_MESSAGES.usersList);
    expect(await screen.findByText(NOT_ALLOWED_MESSAGES.usersList)).toBeInTheDocument();
  });

  it('sends a seller away from the commissions to /404', async () => {
    const { location } = renderApp({ username: 'vendeur', path: '/commission/list' });
    await waitFor(() => expect(location().pathname).toBe('/404'));
  });

  it('replaces the denied location rather than stacking it', async () => {
    const { location } = renderApp({ username: 'vendeur', path: '/users/create' });
    await waitFor(() => expect(location().pathname).toBe('/errors/405'));
    expect(await screen.findByText(NOT_ALLOWED_MESSAGES.usersCreate)).toBeInTheDocument();
  });
});

describe('react-admin conventional paths lead to the spec paths', () => {
  it.each([
    ['/contracts', '/contrats/liste'],
    ['/contracts/42/show', '/contrats/42'],
    ['/contracts/42', '/contrats/42'],
    ['/insureds/5/show', '/assures/5'],
    ['/brokers/9/show', '/brokers/9'],
    ['/users/3/show', '/users/3'],
    ['/commissions', '/Commission/list'],
  ])('%s -> %s', async (from, to) => {
    const { location } = renderApp({ path: from });
    await waitFor(() => expect(location().pathname).toBe(to));
  });
});

describe('unknown routes', () => {
  it('show the not-found page in French with a link home, in the layout', async () => {
    const { location } = renderApp({ path: '/nulle/part' });
    // The spec's 'This page could not be found' (§8), in French like the rest (issue 17 #10).
    expect(await screen.findByText('Cette page est introuvable')).toBeInTheDocument();
    expect(screen.queryByText('This page could not be found')).toBeNull();
    expect(document.querySelector('[lang="en"]')).toBeNull();
    expect(
      screen.getByText("La page demandée n'existe pas ou a été déplacée."),
    ).not.toHaveAttribute('lang');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(location().pathname).toBe('/nulle/part');
  });
});
