// The signed-in user's own profile (spec administration §2 /user/profile): the page
// src/pages/profile/OwnProfilePage.tsx through the real HTTP client, msw answering
// GET/PUT /api/user/profile and POST /api/user/password as server/src/resources/users/profile.ts
// does.
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useNotificationContext } from 'ra-core';
import { AdminContext } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { User } from '../../../src/domain/schema/user.ts';
import { PageTitleSlot } from '../../../src/layout/PageTitle.tsx';
import {
  OwnProfilePage,
  PASSWORD_RULE,
  RIGHTS_NOTE,
} from '../../../src/pages/profile/OwnProfilePage.tsx';
import type { OwnProfile } from '../../../src/pages/profile/ownProfile.ts';
import { createHttpClient } from '../../../src/providers/httpClient.ts';
import { demoAccount, fakeAuthProvider, i18nProvider } from '../layout/renderApp.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const VICTOR: OwnProfile = {
  id: 4,
  civility: 2,
  firstname: 'Victor',
  lastname: 'Morel',
  jobFunction: 'Conseiller',
  email: 'victor.morel@exemple.fr',
  username: 'vendeur',
  userType: { label: 'Vendeur' },
  roles: ['PROFILE_SELLER', 'ROLE_PARTNER', 'ROLE_USER'],
  rights: [
    { code: 'PROFILE_SELLER', label: 'Profil vendeur' },
    { code: 'ROLE_PARTNER', label: 'Partenaire' },
    { code: 'ROLE_USER', label: 'Utilisateur' },
  ],
  hasPassword: true,
};

interface Call {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}
/** Every call the fake server received. */
const calls: Call[] = [];
type Answer = { status: number; body?: unknown };
/** What the server answers next, per call; the default answers as the server would. */
let answers: Partial<Record<'get' | 'put' | 'password', Answer>> = {};
let stored: OwnProfile = { ...VICTOR };

const problem = (status: number, detail: string) => ({
  status,
  body: { 'hydra:description': detail, detail, status },
});
const violations = (...list: Array<[string, string]>) => ({
  status: 422,
  body: {
    '@type': 'ConstraintViolationList',
    'hydra:description': list.map(([p, m]) => `${p}: ${m}`).join('\n'),
    violations: list.map(([propertyPath, message]) => ({ propertyPath, message })),
  },
});

const record = async (request: Request) => {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.text();
  calls.push({
    method: request.method,
    path: url.pathname,
    authorization: request.headers.get('authorization'),
    body: text ? JSON.parse(text) : undefined,
  });
  return calls.at(-1) as Call;
};
const send = (answer: Answer) =>
  answer.body === undefined
    ? new HttpResponse(null, { status: answer.status })
    : HttpResponse.json(answer.body as object, { status: answer.status });

const server = setupServer(
  http.get('*/api/user/profile', async ({ request }) => {
    await record(request);
    return send(answers.get ?? { status: 200, body: stored });
  }),
  http.put('*/api/user/profile', async ({ request }) => {
    const call = await record(request);
    if (answers.put) return send(answers.put);
    stored = { ...stored, ...(call.body as Partial<OwnProfile>) };
    return send({ status: 200, body: stored });
  }),
  http.post('*/api/user/password', async ({ request }) => {
    await record(request);
    return send(answers.password ?? { status: 204 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls.length = 0;
  answers = {};
  stored = { ...VICTOR };
});
afterAll(() => server.close());

const testHttp = () =>
  createHttpClient({
    getBearer: async () => 'jwt-vendeur',
    navigate: vi.fn(),
    onMaintenance: () => undefined,
    backoffMs: () => 0,
  });

/** Every toast asked for, in order. */
function Toasts() {
  const { notifications } = useNotificationContext();
  return (
    <ul aria-label="toasts">
      {notifications.map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a log, never reordered.
        <li key={i}>{typeof n.message === 'string' ? n.message : ''}</li>
      ))}
    </ul>
  );
}
const toasts = () => within(screen.getByRole('list', { name: 'toasts' }));

function renderPage() {
  render(
    <AdminContext
      authProvider={fakeAuthProvider(demoAccount('vendeur'))}
      i18nProvider={i18nProvider}
    >
      {/* The layout's title portal: the page's h1 (src/layout/PageTitle.tsx). */}
      <PageTitleSlot />
      <OwnProfilePage title="Mon profil" http={testHttp()} />
      <Toasts />
    </AdminContext>,
  );
}

const informations = async () =>
  within(await screen.findByRole('region', { name: 'Mes informations' }));
const passwordCard = async () =>
  within(await screen.findByRole('region', { name: 'Mon mot de passe' }));
const input = async (label: string) =>
  (await screen.findByLabelText(label, { selector: 'input' })) as HTMLInputElement;
const type = async (label: string, value: string) =>
  fireEvent.change(await input(label), { target: { value } });
/** The helper line under an input: where its error is written. */
const helperOf = (element: HTMLElement) =>
  element.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root');

describe('OwnProfilePage', () => {
  it('loads the profile with the bearer and shows it', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const card = await informations();
    expect(await input('Prénom')).toHaveValue('Victor');
    expect(await input('Nom')).toHaveValue('Morel');
    expect(await input('Fonction')).toHaveValue('Conseiller');
    expect(await input('Adresse e-mail')).toHaveValue('victor.morel@exemple.fr');
    expect(card.getByRole('radio', { name: 'M.' })).toBeChecked();
    expect(card.getByRole('radio', { name: 'Mme' })).not.toBeChecked();
    expect(card.getByText('vendeur')).toBeVisible();
    expect(card.getByText('Vendeur')).toBeVisible();
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/api/user/profile',
        authorization: 'Bearer jwt-vendeur',
        body: undefined,
      },
    ]);
    // No native validation bubbles: the server's French words say what is wrong.
    for (const form of document.querySelectorAll('form'))
      expect(form).toHaveAttribute('novalidate');
    expect(await passwordCard()).toBeTruthy();
  });

  it('shows the rights as chips, with who manages them, and never sends them', async () => {
    renderPage();
    const card = await informations();
    const rights = card.getByRole('list', { name: 'Mes droits' });
    expect(
      within(rights)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Profil vendeur', 'Partenaire', 'Utilisateur']);
    expect(card.getByText(RIGHTS_NOTE)).toBeVisible();
    // Nothing to type or tick about them.
    for (const field of card.getAllByRole('textbox')) {
      expect(VICTOR.roles).not.toContain((field as HTMLInputElement).value);
    }
    expect(card.queryByRole('checkbox')).toBeNull();
    expect(card.queryByDisplayValue('vendeur')).toBeNull();
  });

  it('saves exactly the five own fields, and says so', async () => {
    renderPage();
    const card = await informations();
    const save = card.getByRole('button', { name: 'Enregistrer' });
    // Nothing changed yet: nothing to save.
    expect(save).toBeDisabled();
    fireEvent.click(card.getByRole('radio', { name: 'Mme' }));
    await type('Fonction', 'Conseiller senior');
    fireEvent.click(save);
    expect(await toasts().findByText('Vos informations ont été enregistrées.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toEqual({
      method: 'PUT',
      path: '/api/user/profile',
      authorization: 'Bearer jwt-vendeur',
      body: {
        civility: 1,
        firstname: 'Victor',
        lastname: 'Morel',
        jobFunction: 'Conseiller senior',
        email: 'victor.morel@exemple.fr',
      },
    });
    // The form now holds what the server answered, and has nothing left to save.
    expect(await input('Fonction')).toHaveValue('Conseiller senior');
    await vi.waitFor(() =>
      expect(card.getByRole('button', { name: 'Enregistrer' })).toBeDisabled(),
    );
  });

  it("writes the server's French message next to its field on a 422", async () => {
    const message = 'Cette adresse e-mail est déjà utilisée par un autre compte.';
    answers.put = violations(['email', message]);
    renderPage();
    const card = await informations();
    await type('Adresse e-mail', 'aurelie.garnier@exemple.fr');
    fireEvent.click(card.getByRole('button', { name: 'Enregistrer' }));
    const email = await input('Adresse e-mail');
    await vi.waitFor(() => expect(helperOf(email)).toHaveTextContent(message));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(helperOf(await input('Fonction'))?.textContent ?? '').not.toContain(message);
    // react-admin's own "the form is not valid" may say so; neither success nor failure does.
    expect(toasts().queryByText('Vos informations ont été enregistrées.')).toBeNull();
    expect(toasts().queryByText(User.messages?.saveError as string)).toBeNull();
  });

  it('toasts the French failure on any other error', async () => {
    answers.put = problem(500, 'Internal Server Error');
    renderPage();
    const card = await informations();
    await type('Nom', 'Morel-Durand');
    fireEvent.click(card.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText(User.messages?.saveError as string)).toBeInTheDocument();
  });

  it('changes the password with the three fields, and writes a wrong current one on its field', async () => {
    answers.password = violations(['currentPassword', 'Le mot de passe actuel est incorrect.']);
    renderPage();
    const card = await passwordCard();
    expect(card.getByText(PASSWORD_RULE)).toBeVisible();
    await type('Mot de passe actuel', 'faux');
    await type('Nouveau mot de passe', 'nouveau2027abc');
    await type('Confirmation du nouveau mot de passe', 'nouveau2027abc');
    const submit = card.getByRole('button', { name: 'Changer mon mot de passe' });
    fireEvent.click(submit);
    const current = await input('Mot de passe actuel');
    await vi.waitFor(() =>
      expect(helperOf(current)).toHaveTextContent('Le mot de passe actuel est incorrect.'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/user/password',
        authorization: 'Bearer jwt-vendeur',
        body: {
          currentPassword: 'faux',
          plainPassword: 'nouveau2027abc',
          repeatPassword: 'nouveau2027abc',
        },
      },
    ]);

    answers.password = { status: 204 };
    await type('Mot de passe actuel', 'demo');
    // Once the first submission is over.
    await vi.waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(
      await toasts().findByText(
        "Votre mot de passe a été changé. Vos sessions ouvertes sur d'autres appareils ont été fermées.",
      ),
    ).toBeInTheDocument();
    // A fresh form: nothing typed is left on the page.
    await vi.waitFor(async () => expect(await input('Mot de passe actuel')).toHaveValue(''));
    expect(await input('Nouveau mot de passe')).toHaveValue('');
  });

  it('has no password form for an account without a password', async () => {
    stored = { ...VICTOR, hasPassword: false };
    renderPage();
    await informations();
    expect(screen.queryByRole('region', { name: 'Mon mot de passe' })).toBeNull();
    expect(screen.queryByLabelText('Mot de passe actuel')).toBeNull();
  });

  it('sends one to the identity provider to change a password it holds', async () => {
    const page = 'https://sso.example.fr/realms/partners/account';
    stored = { ...VICTOR, hasPassword: false, passwordPage: page };
    renderPage();
    await informations();
    const card = within(await screen.findByRole('region', { name: 'Mon mot de passe' }));
    expect(card.getByText(/il se change sur la page de ce compte/, { exact: false })).toBeVisible();
    expect(card.getByRole('link', { name: /Changer mon mot de passe/ })).toHaveAttribute(
      'href',
      page,
    );
    expect(screen.queryByLabelText('Mot de passe actuel')).toBeNull();
  });

  it("tells an account the organisation's directory manages where to change it", async () => {
    const detail = "Votre compte est géré par l'annuaire de votre organisation : modifiez-le là.";
    answers.get = problem(404, detail);
    renderPage();
    expect(await screen.findByText(detail)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Mes informations' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});
