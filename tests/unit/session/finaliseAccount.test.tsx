// /finalise-account with a one-time link's token (docs/security.md, "Accounts an administrator
// creates"), in the real App, signed out, msw answering the two public calls.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decideTokenEntry } from '../../../src/domain/tokenParam.ts';
import { startApp } from './startApp.tsx';

const TOKEN = 'Q2FtaWxsZSBEdXJhbmQgaW52aXRhdGlvbiB0b2tlbjA';
const GONE = "Ce lien n'est plus valable. Demandez un nouveau lien à votre administrateur.";
const PASSWORD = 'Printemps2025 au jardin';

const LINK = {
  username: 'camille.durand',
  firstname: 'Camille',
  purpose: 'invitation',
  expiresAt: '2030-06-03T10:00:00.000Z',
};

const gone = () =>
  HttpResponse.json(
    { '@type': 'hydra:Error', 'hydra:description': GONE, detail: GONE, status: 410 },
    { status: 410, headers: { 'content-type': 'application/problem+json' } },
  );

const posted: unknown[] = [];
const server = setupServer(
  http.get('*/api/maintenance', () => HttpResponse.json({ maintenance: false })),
  http.get('*/api/account/password_link', ({ request }) =>
    new URL(request.url).searchParams.get('token') === TOKEN ? HttpResponse.json(LINK) : gone(),
  ),
  http.post('*/api/account/password', async ({ request }) => {
    posted.push(await request.json());
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  posted.length = 0;
  sessionStorage.clear();
  localStorage.clear();
});

/** The machine is shared: a round trip through msw and React may take over the default 1 s. */
const WAIT = { timeout: 5000 };

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

/** Replaces a field's value in one input event (typing each key re-renders the whole form). */
async function fill(user: ReturnType<typeof userEvent.setup>, name: RegExp, value: string) {
  await user.clear(field(name));
  await user.click(field(name));
  await user.paste(value);
}

// The first test loads the page's chunk (MUI text fields included): seconds on a busy machine.
describe('/finalise-account with a link', { timeout: 20_000 }, () => {
  it('greets the person, checks the passwords in French, saves, then offers to sign in', async () => {
    const user = userEvent.setup();
    const { oidc } = startApp(`/finalise-account?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Finaliser votre compte' }, WAIT),
    ).toBeVisible();
    expect(screen.getByText('Bonjour Camille,')).toBeVisible();
    expect(
      screen.getByText('Choisissez le mot de passe de votre compte « camille.durand ».'),
    ).toBeVisible();
    // French messages of its own, never the browser's bubbles.
    const form = screen.getByRole('form', { name: 'Finaliser votre compte' });
    expect(form).toHaveAttribute('novalidate');
    const submit = screen.getByRole('button', { name: 'Enregistrer mon mot de passe' });

    await user.click(submit);
    expect(screen.getByText('Le mot de passe est obligatoire.')).toBeVisible();
    expect(screen.getByText('Confirmez le mot de passe.')).toBeVisible();

    await fill(user, /^Mot de passe/, 'court1');
    await user.click(submit);
    expect(screen.getByText('Le mot de passe doit contenir au moins 12 caractères.')).toBeVisible();

    await fill(user, /^Mot de passe/, 'seulementdeslettres');
    await user.click(submit);
    expect(
      screen.getByText('Le mot de passe doit contenir au moins une lettre et un chiffre.'),
    ).toBeVisible();

    await fill(user, /^Mot de passe/, PASSWORD);
    await fill(user, /^Confirmez le mot de passe/, `${PASSWORD}!`);
    await user.click(submit);
    expect(screen.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
    expect(posted).toEqual([]);

    await fill(user, /^Confirmez le mot de passe/, PASSWORD);
    await user.click(submit);
    expect(
      await screen.findByRole('heading', { name: 'Votre mot de passe est enregistré.' }, WAIT),
    ).toBeVisible();
    expect(posted).toEqual([{ token: TOKEN, plainPassword: PASSWORD, repeatPassword: PASSWORD }]);
    expect(await screen.findByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(oidc.signinRedirect).not.toHaveBeenCalled();
  });

  it('shows the server’s words for a password it refuses', async () => {
    server.use(
      http.post('*/api/account/password', () =>
        HttpResponse.json(
          {
            violations: [
              { propertyPath: 'plainPassword', message: 'Ce mot de passe est trop courant.' },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    startApp(`/finalise-account?token=${TOKEN}`);
    await screen.findByText('Bonjour Camille,', {}, WAIT);
    await fill(user, /^Mot de passe/, PASSWORD);
    await fill(user, /^Confirmez le mot de passe/, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Enregistrer mon mot de passe' }));
    expect(await screen.findByText('Ce mot de passe est trop courant.', {}, WAIT)).toBeVisible();
  });

  it('says an expired or used link is no longer valid', async () => {
    const { oidc } = startApp(
      '/finalise-account?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    expect(
      await screen.findByRole('heading', { name: 'Lien expiré ou déjà utilisé' }, WAIT),
    ).toBeVisible();
    expect(screen.getByText(GONE)).toBeVisible();
    expect(screen.queryByLabelText(/^Mot de passe/)).toBeNull();
    expect(oidc.signinRedirect).not.toHaveBeenCalled();
  });

  it('says where passwords are changed once the identity provider holds them', async () => {
    const elsewhere =
      "Les mots de passe sont gérés par le fournisseur d'identité : chacun change le sien sur https://sso.exemple.fr/realms/partenaires/account.";
    server.use(
      http.get('*/api/account/password_link', () =>
        HttpResponse.json(
          { '@type': 'hydra:Error', detail: elsewhere, status: 409 },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    startApp(`/finalise-account?token=${TOKEN}`);
    expect(
      await screen.findByRole(
        'heading',
        { name: "Votre mot de passe est géré par votre fournisseur d'identité" },
        WAIT,
      ),
    ).toBeVisible();
    expect(screen.getByText(elsewhere)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(screen.queryByLabelText(/^Mot de passe/)).toBeNull();
  });

  it('says so when the link dies between reading and saving', async () => {
    server.use(http.post('*/api/account/password', gone));
    const user = userEvent.setup();
    startApp(`/finalise-account?token=${TOKEN}`);
    await screen.findByText('Bonjour Camille,', {}, WAIT);
    await fill(user, /^Mot de passe/, PASSWORD);
    await fill(user, /^Confirmez le mot de passe/, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Enregistrer mon mot de passe' }));
    expect(await screen.findByText(GONE, {}, WAIT)).toBeVisible();
  });

  it('keeps its explanation without a token', async () => {
    startApp('/finalise-account');
    expect(
      await screen.findByRole('heading', { name: 'Finaliser votre compte' }, WAIT),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login'),
    );
    expect(screen.queryByLabelText(/^Mot de passe/)).toBeNull();
  });

  it('never takes the link’s token for a session token', () => {
    expect(
      decideTokenEntry({
        pathname: '/finalise-account',
        search: `?token=${TOKEN}`,
        sessionToken: null,
        signedIn: false,
      }),
    ).toEqual({ action: 'none' });
  });
});
