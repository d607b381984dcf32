// The single sign-on directory search of the user form (spec administration §2 "SSO user
// search", §7 sso_search calls, §8 'Une erreur est survenue durant la recherche'): the
// component src/resources/users/DirectorySearch.tsx and its client src/providers/directory.ts,
// through the real HTTP client, msw answering the three calls as the server does.
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useNotificationContext } from 'ra-core';
import { AdminContext } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectoryEntry } from '../../../src/domain/directory.ts';
import { setBearerSource } from '../../../src/providers/bearer.ts';
import { createDirectorySearch, directorySearch } from '../../../src/providers/directory.ts';
import { createHttpClient } from '../../../src/providers/httpClient.ts';
import { DirectorySearch } from '../../../src/resources/users/DirectorySearch.tsx';
import { demoAccount, fakeAuthProvider } from '../layout/renderApp.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const VICTOR: DirectoryEntry = {
  id: 'kc-1',
  username: 'victor.morel',
  firstName: 'Victor',
  lastName: 'Morel',
  email: 'victor.morel@exemple.fr',
  enabled: true,
  realm: 'partenaires',
};
const VANESSA: DirectoryEntry = {
  id: 'kc-2',
  username: 'vanessa.vidal',
  firstName: null,
  lastName: null,
  email: null,
  enabled: false,
  realm: 'partenaires',
};

/** Every call the fake server received: path with its query, and the bearer. */
const calls: Array<{ url: string; authorization: string | null }> = [];
/** What the server answers next: the entries, or a failure. */
let answer: DirectoryEntry[] | { status: number; detail: string } = [];

const reply = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  calls.push({
    url: `${url.pathname}${url.search}`,
    authorization: request.headers.get('authorization'),
  });
  if (Array.isArray(answer)) return HttpResponse.json(answer);
  return HttpResponse.json(
    { 'hydra:description': answer.detail, detail: answer.detail, status: answer.status },
    { status: answer.status, headers: { 'content-type': 'application/problem+json' } },
  );
};

const server = setupServer(
  http.get('*/api/users/sso_search', reply),
  http.get('*/api/users/sso_search_by_username', reply),
  http.get('*/api/users/sso_search_by_email', reply),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls.length = 0;
  answer = [];
});
afterAll(() => {
  server.close();
  setBearerSource(async () => null);
});

const navigate = vi.fn();
/** The directory client on the real HTTP client, without retry delays. */
const testDirectory = () =>
  createDirectorySearch(
    createHttpClient({
      getBearer: async () => 'jwt-directory',
      navigate,
      onMaintenance: () => undefined,
      backoffMs: () => 0,
    }),
  );

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

function renderSearch(props: { realm?: string; limit?: number } = {}) {
  const onPick = vi.fn();
  const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
  render(
    <AdminContext authProvider={fakeAuthProvider(demoAccount('ageo'))}>
      {/* The user form it lives in: searching must never submit it. */}
      <form onSubmit={onSubmit}>
        <DirectorySearch onPick={onPick} directory={testDirectory()} {...props} />
      </form>
      <Toasts />
    </AdminContext>,
  );
  return { onPick, onSubmit };
}

const field = () => screen.findByLabelText("Rechercher dans l'annuaire", { selector: 'input' });
const type = async (text: string) => fireEvent.change(await field(), { target: { value: text } });

describe('DirectorySearch', () => {
  it('searches the user names containing the text and hands the picked entry to the form', async () => {
    answer = [VICTOR, VANESSA];
    const { onPick, onSubmit } = renderSearch();
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeDisabled();
    await type(' v ');
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));

    const list = await screen.findByRole('list', { name: "Comptes de l'annuaire" });
    expect(calls).toEqual([
      { url: '/api/users/sso_search?max=50&username=v', authorization: 'Bearer jwt-directory' },
    ]);
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(list).toHaveTextContent('Victor Morel');
    expect(list).toHaveTextContent('victor.morel · victor.morel@exemple.fr');
    // No names: the user name; disabled accounts say so.
    expect(list).toHaveTextContent('vanessa.vidal · désactivé');

    fireEvent.click(screen.getByText('Victor Morel'));
    expect(onPick).toHaveBeenCalledWith(VICTOR);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('searches on Enter without submitting the user form around it', async () => {
    answer = [VICTOR];
    const { onSubmit } = renderSearch({ realm: 'partenaires' });
    await type('victor');
    fireEvent.keyDown(await field(), { key: 'Enter', code: 'Enter' });
    expect(await screen.findByText('Victor Morel')).toBeVisible();
    expect(calls[0].url).toBe('/api/users/sso_search?max=50&realm=partenaires&username=victor');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('looks an e-mail up exactly', async () => {
    answer = [VICTOR];
    renderSearch({ realm: 'ageo' });
    await type('Victor.Morel@exemple.fr');
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('Victor Morel')).toBeVisible();
    expect(calls[0].url).toBe(
      '/api/users/sso_search_by_email?email=Victor.Morel%40exemple.fr&realm=ageo',
    );
  });

  it('says when nothing is found, and when the list is cut at its limit', async () => {
    renderSearch({ limit: 2 });
    await type('zz');
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText("Aucun compte trouvé dans l'annuaire.")).toBeVisible();

    answer = [VICTOR, VANESSA];
    await type('v');
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(
      await screen.findByText(
        'Seuls les 2 premiers comptes sont affichés : précisez la recherche.',
      ),
    ).toBeVisible();
    expect(calls.at(-1)?.url).toBe('/api/users/sso_search?max=2&username=v');
    expect(screen.queryByText("Aucun compte trouvé dans l'annuaire.")).toBeNull();
  });

  it.each([
    [503, 'Annuaire indisponible, réessayez dans un instant.'],
    [404, "Ce royaume est introuvable dans l'annuaire."],
  ])('shows the French error toast when the server answers %i', async (status, detail) => {
    answer = { status, detail };
    renderSearch({ realm: 'inconnu' });
    await type('victor');
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(
      await screen.findByText('Une erreur est survenue durant la recherche'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: "Comptes de l'annuaire" })).toBeNull();
    // A 5xx is retried as every call is (spec §7), then reported once.
    expect(calls).toHaveLength(status === 503 ? 4 : 1);
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rechercher' })).toBeEnabled(),
    );
  });
});

describe('the directory client', () => {
  it("calls the three paths with the application's bearer, realm optional", async () => {
    setBearerSource(async () => 'jwt-app');
    answer = [VICTOR];
    expect(await directorySearch.byUsername(' Victor.Morel ')).toEqual([VICTOR]);
    expect(await directorySearch.byEmail('a+b@exemple.fr', 'partenaires')).toEqual([VICTOR]);
    expect(await directorySearch.search()).toEqual([VICTOR]);
    expect(calls).toEqual([
      {
        url: '/api/users/sso_search_by_username?username=Victor.Morel',
        authorization: 'Bearer jwt-app',
      },
      {
        url: '/api/users/sso_search_by_email?email=a%2Bb%40exemple.fr&realm=partenaires',
        authorization: 'Bearer jwt-app',
      },
      { url: '/api/users/sso_search?max=100000', authorization: 'Bearer jwt-app' },
    ]);
  });

  it('throws the server words on a refusal', async () => {
    answer = {
      status: 400,
      detail: 'Le paramètre « max » doit être un nombre entier de 1 à 100000.',
    };
    await expect(testDirectory().search({ max: 0 })).rejects.toMatchObject({
      status: 400,
      message: 'Le paramètre « max » doit être un nombre entier de 1 à 100000.',
    });
  });
});
