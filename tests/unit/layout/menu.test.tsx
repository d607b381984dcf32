import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../src/domain/demoAccounts.ts';
import { renderApp } from './renderApp.tsx';

const menuLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
  await waitFor(() => expect(nav.querySelectorAll('[data-menu-entry]').length).toBeGreaterThan(0));
  return [...nav.querySelectorAll('[data-menu-entry]')].map((n) =>
    n.getAttribute('data-menu-entry'),
  );
};

// spec partner-extranet §2: header, side menu, footer; ARCHITECTURE.md demo accounts.
describe('Layout on a wide screen', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a] as const))(
    '%s sees its menu, its name and the way out',
    async (username, account) => {
      renderApp({ username });
      expect(
        await screen.findByRole('heading', { name: 'Bienvenue sur votre espace partenaire' }),
      ).toBeInTheDocument();
      expect(await menuLabels()).toEqual(account.menu);
      expect(await screen.findByText(`${account.firstname} ${account.lastname}`)).toBeVisible();
      const banner = screen.getByRole('banner');
      expect(within(banner).getByRole('link', { name: 'Se déconnecter' })).toHaveAttribute(
        'href',
        '/logout',
      );
      expect(screen.queryByRole('button', { name: 'Ouvrir le menu' })).toBeNull();
    },
  );

  it('has a footer with the copyright and the legal notice link', async () => {
    renderApp();
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2024');
    expect(within(footer).getByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
      'href',
      '/mentions/mentions_legales',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('marks the current page in the menu', async () => {
    renderApp({ path: '/contrats/liste' });
    await menuLabels();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Contrats' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('Utilisateurs submenu', () => {
  it('opens by itself on one of its entries, and can be closed', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/users/imports' });
    await menuLabels();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    const toggle = within(nav).getByRole('button', { name: 'Utilisateurs' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Importer' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(
      expect.arrayContaining(['Liste', 'Ajouter', 'Importer', 'Historique', 'Groupes partenaires']),
    );

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Importer' })).toBeNull());
  });

  it('stays closed elsewhere until toggled', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/' });
    await menuLabels();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    const toggle = within(nav).getByRole('button', { name: 'Utilisateurs' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Historique' })).toBeNull();
    await user.click(toggle);
    expect(within(nav).getByRole('link', { name: 'Historique' })).toHaveAttribute(
      'href',
      '/users/imports/list',
    );
  });
});
