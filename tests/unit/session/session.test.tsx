import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeOidcClient, signedInUser, startApp } from './startApp.tsx';

const server = setupServer(
  http.get('*/api/maintenance', () => HttpResponse.json({ maintenance: false })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const path = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

describe('sign-in flow through the App', () => {
  it('sends an anonymous visitor to the identity provider, remembering the deep link', async () => {
    const { oidc } = startApp('/contrats/liste?page=2');
    await waitFor(() => expect(oidc.signinRedirect).toHaveBeenCalled());
    expect(oidc.signinRedirect).toHaveBeenCalledTimes(1);
    expect(oidc.signinRedirect).toHaveBeenCalledWith({
      state: { target: '/contrats/liste?page=2' },
    });
    expect(await screen.findByText('Redirection vers la page de connexion...')).toBeInTheDocument();
  });

  it('exchanges the code once under StrictMode, then opens the remembered page', async () => {
    const oidc = fakeOidcClient();
    oidc.signinCallback.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const user = signedInUser('/Produits/liste?page=3');
      oidc.store(user);
      return user;
    });
    startApp('/callback?code=abc&state=s1', oidc);
    await waitFor(() => expect(path()).toBe('/Produits/liste?page=3'));
    expect(oidc.signinCallback).toHaveBeenCalledTimes(1);
    expect(oidc.signinRedirect).not.toHaveBeenCalled();
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('does not follow an unsafe remembered target (%s)', async (target) => {
    const oidc = fakeOidcClient();
    oidc.signinCallback.mockImplementation(async () => {
      const user = signedInUser(target);
      oidc.store(user);
      return user;
    });
    startApp('/callback?code=abc&state=s2', oidc);
    await waitFor(() => expect(oidc.signinCallback).toHaveBeenCalled());
    await waitFor(() => expect(path()).toBe('/'));
  });

  it('shows the login error page when the exchange fails', async () => {
    const oidc = fakeOidcClient();
    oidc.signinCallback.mockRejectedValue(new Error('invalid_grant'));
    startApp('/callback?code=used&state=s3', oidc);
    expect(await screen.findByRole('heading', { name: 'Erreur de connexion' })).toBeInTheDocument();
    expect(path()).toBe('/erreur_connexion');
    expect(await screen.findByRole('link', { name: 'Réessayer la connexion' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('shows /token-expired to a visitor who is not signed in, with a way back in', async () => {
    const { oidc } = startApp('/token-expired');
    expect(
      await screen.findByRole('heading', { name: 'Votre session a expiré' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Se reconnecter' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(oidc.signinRedirect).not.toHaveBeenCalled();
  });

  it('says an account refused since it signed in apart from an expired session', async () => {
    startApp('/token-expired?motif=compte');
    expect(
      await screen.findByRole('heading', {
        name: "Votre compte n'a plus accès à l'espace partenaire",
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/a peut-être été désactivé/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Se reconnecter' })).toBeInTheDocument();
  });

  it('logs out at the identity provider from /logout', async () => {
    const { oidc } = startApp('/logout', fakeOidcClient(signedInUser()));
    await waitFor(() => expect(oidc.signoutRedirect).toHaveBeenCalledTimes(1));
    expect(oidc.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-1' });
    expect(screen.getByText('Déconnexion en cours...')).toBeInTheDocument();
  });

  it('redirects /indexOld home', async () => {
    startApp('/indexOld', fakeOidcClient(signedInUser()));
    await waitFor(() => expect(path()).toBe('/'));
  });

  it.each([
    ['/finalise-account', 'Finaliser votre compte'],
    ['/reinitialiser-password', 'Réinitialiser votre mot de passe'],
    ['/reset-password', 'Réinitialiser votre mot de passe'],
    ['/login-backup', 'Connexion de secours'],
    ['/public', 'Bienvenue sur votre espace partenaire'],
  ])('explains %s without requiring a session', async (address, title) => {
    const { oidc } = startApp(address);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(oidc.signinRedirect).not.toHaveBeenCalled();
  });

  it('names the page and the partner space of the brand in the browser title', async () => {
    startApp('/public');
    await waitFor(() =>
      expect(document.title).toBe(
        'Bienvenue sur votre espace partenaire – Espace partenaire Azur Prévoyance',
      ),
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  // Issue 17 #9: a session page never offers to sign in to someone who is signed in.
  it.each([
    ['/public', 'Bienvenue sur votre espace partenaire'],
    ['/token-expired', 'Votre session a expiré'],
    ['/erreur_connexion', 'Erreur de connexion'],
    ['/finalise-account', 'Finaliser votre compte'],
  ])('offers the way home on %s to a signed-in user, not to sign in', async (address, title) => {
    const { oidc } = startApp(address, fakeOidcClient(signedInUser()));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute(
      'href',
      '/',
    );
    expect(
      screen.queryByRole('link', { name: /Se connecter|Se reconnecter|Réessayer/ }),
    ).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(oidc.signinRedirect).not.toHaveBeenCalled();
  });
});
