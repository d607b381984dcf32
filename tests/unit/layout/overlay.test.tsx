import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './renderApp.tsx';

// spec partner-extranet §2: under 992 px the side menu becomes a full-width overlay opened by a
// burger button, closed on navigation, with a logout link inside.
describe('Layout under 992 px', () => {
  it('hides the menu behind the burger and opens it as an overlay with a logout link', async () => {
    const user = userEvent.setup();
    renderApp({ username: 'vendeur', width: 800 });
    const burger = await screen.findByRole('button', { name: 'Ouvrir le menu' });
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    await user.click(burger);
    const overlay = await screen.findByRole('dialog', { name: 'Menu principal' });
    const nav = within(overlay).getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Se déconnecter' })).toHaveAttribute(
      'href',
      '/logout',
    );
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    // Focus moves into the overlay (MUI's focus trap).
    await waitFor(() => expect(overlay.contains(document.activeElement)).toBe(true));
  });

  it('closes on navigation', async () => {
    const user = userEvent.setup();
    const { location } = renderApp({ username: 'vendeur', width: 800 });
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
    const overlay = await screen.findByRole('dialog', { name: 'Menu principal' });
    await user.click(within(overlay).getByRole('link', { name: 'Contrats' }));

    await waitFor(() => expect(location().pathname).toBe('/contrats/liste'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The contract list itself is on screen.
    await waitFor(() => expect(document.querySelector('.list-page')).not.toBeNull());
  });

  it('closes on Escape and gives the focus back to the burger', async () => {
    const user = userEvent.setup();
    renderApp({ username: 'vendeur', width: 800 });
    const burger = await screen.findByRole('button', { name: 'Ouvrir le menu' });
    await user.click(burger);
    await screen.findByRole('dialog', { name: 'Menu principal' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(burger).toHaveFocus();
  });

  it('keeps the wide layout at 992 px', async () => {
    renderApp({ username: 'vendeur', width: 992 });
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ouvrir le menu' })).toBeNull();
  });
});
