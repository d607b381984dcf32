// The user form (/users/create, /users/{id}/update; spec administration §2, §4, §5) with the real
// data provider, msw answering: a creation posts exactly the §5 body to /api/users/create; in
// edit mode a changed part is flagged on its tab, its 'Rétablir' resets that part only, and after
// a save the fields show the server's answer; a 422 shows the French violation on its field.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { Location } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newUserRecord, userSaveBody } from '../../../src/domain/userForm.ts';
import { UserCreate, UserEdit } from '../../../src/resources/users/UserForm.tsx';
import { hydraCollection, hydraProblem } from '../support/hydra.ts';
import { EMBEDDED_CONFIG, KEYCLOAK_CONFIG } from '../support/publicConfig.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Json = Record<string, unknown>;

/** A user as GET /api/users/{id} answers it. */
const loaded = (): Json => ({
  '@id': '/api/users/42',
  '@type': 'User',
  id: 42,
  civility: 1,
  firstname: 'Camille',
  lastname: 'Martin',
  jobFunction: 'Conseillère',
  username: 'camille.martin',
  realm: 'partenaires',
  email: 'camille.martin@exemple.fr',
  enabled: true,
  hasLdap: false,
  hasSsoAccount: false,
  idSso: null,
  typeSelected: 'PROFILE_SELLER',
  userType: { id: 4, label: 'Vendeur', role: 'PROFILE_SELLER' },
  roles: ['PROFILE_SELLER', 'VIEW_COMMISSIONS'],
  profileRealm: {
    '@id': '/api/profileRealms/7',
    id: 7,
    profile: { '@id': '/api/profiles/4', id: 4, name: 'Vendeur' },
    realm: { '@id': '/api/realms/2', id: 2, name: 'partenaires' },
  },
  organization: { '@id': '/api/organizations/12', id: 12, legalname: 'Horizon Courtage' },
  partnerId: 3,
  managedBy: { '@id': '/api/supervisors/9', id: 9, firstname: 'Mathilde', lastname: 'Roux' },
  pole: { '@id': '/api/poles/2', id: 2, label: 'Santé' },
  accessGroup: null,
  sellerCode: 'V-042',
  regroupementKey: null,
  lastLogged: null,
  createdAt: '2025-01-10T10:00:00Z',
});

/** The option lists the form reads (spec administration §7). */
function optionLists() {
  server.use(
    http.get('*/api/realms', () =>
      hydraCollection([
        { id: 1, name: 'ageo' },
        { id: 2, name: 'partenaires' },
      ]),
    ),
    http.get('*/api/userTypes', () =>
      hydraCollection([
        { id: 1, name: 'Administrateur AGEO', role: 'PROFILE_ADMIN_AGEO' },
        { id: 3, name: 'Manageur', role: 'PROFILE_MANAGER' },
        { id: 4, name: 'Vendeur', role: 'PROFILE_SELLER' },
      ]),
    ),
    http.get('*/api/profileRealms', () =>
      hydraCollection([
        { id: 7, profile: '/api/profiles/4', realm: '/api/realms/2', profileName: 'Vendeur' },
      ]),
    ),
    http.get('*/api/profileRealms/7', () =>
      HttpResponse.json({
        id: 7,
        profile: '/api/profiles/4',
        realm: '/api/realms/2',
        profileName: 'Vendeur',
      }),
    ),
    http.get('*/api/roles_by_profile', () =>
      hydraCollection([{ id: 30, name: 'VIEW_PRODUCTS', description: 'Voir les produits' }]),
    ),
    http.get('*/api/roles', () =>
      hydraCollection([
        { id: 20, name: 'VIEW_COMMISSIONS', description: 'Consulter les commissions' },
        { id: 21, name: 'VIEW_ADMIN', description: "Accès à l'administration" },
        { id: 22, name: 'PROFILE_SELLER', description: 'Vendeur' },
      ]),
    ),
    http.get('*/api/organizations', () =>
      hydraCollection([{ id: 12, legalname: 'Horizon Courtage' }]),
    ),
    http.get('*/api/organizations/12', () =>
      HttpResponse.json({ id: 12, legalname: 'Horizon Courtage' }),
    ),
    http.get('*/api/poles', () => hydraCollection([{ id: 2, label: 'Santé' }])),
    http.get('*/api/poles/2', () => HttpResponse.json({ id: 2, label: 'Santé' })),
    http.get('*/api/supervisors', () => hydraCollection([])),
    // §5's lookup (exact username + realm): the first member, or none.
    http.get('*/api/users', ({ request }) => {
      const url = new URL(request.url);
      const taken = url.searchParams.get('exact_username') === 'deja.pris';
      return hydraCollection(taken ? [{ ...loaded(), id: 5, username: 'deja.pris' }] : []);
    }),
    // Another engineer's endpoint, not there yet: the field stays empty, the form works.
    http.get('*/api/access_groups', () => hydraProblem(404, 'Aucune route')),
  );
}

beforeEach(optionLists);

const tab = (name: RegExp) => screen.getByRole('tab', { name });

/** /users/create as this account. */
const create = (account: 'ageo' | 'partenaire' = 'ageo', onLocation?: (l: Location) => void) =>
  renderScreen(<UserCreate title="Nouvel utilisateur" />, {
    route: '/users/create',
    at: '/users/create',
    resource: 'users',
    account,
    onLocation,
  });

describe('/users/create', () => {
  it('posts exactly the §5 body to /api/users/create, then opens the new user', async () => {
    const posted: Json[] = [];
    server.use(
      http.post('*/api/users/create', async ({ request }) => {
        posted.push((await request.json()) as Json);
        return HttpResponse.json({ ...loaded(), id: 77 }, { status: 201 });
      }),
    );
    let location: Location | undefined;
    create('ageo', (l) => {
      location = l;
    });
    await userEvent.type(await screen.findByLabelText(/^Prénom/), 'Camille');
    await userEvent.type(screen.getByLabelText(/^Nom \*/), 'Martin');
    await userEvent.type(screen.getByLabelText(/^Nom d'utilisateur/), 'camille.martin');
    await userEvent.type(screen.getByLabelText(/^Adresse e-mail/), 'camille.martin@exemple.fr');
    expect(
      screen.getByText(/Laissez les deux champs vides : un e-mail d’invitation/),
    ).toBeInTheDocument();
    // Droits: the default type is a seller's; one extra right.
    await userEvent.click(tab(/Droits/));
    expect(await screen.findByText('Consulter les commissions')).toBeInTheDocument();
    // PROFILE_* rights are never offered as extra rights.
    expect(screen.queryByRole('checkbox', { name: 'Vendeur' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Consulter les commissions' }));
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual(
      userSaveBody(
        {
          ...newUserRecord(),
          realm: 'partenaires',
          firstname: 'Camille',
          lastname: 'Martin',
          username: 'camille.martin',
          email: 'camille.martin@exemple.fr',
          roles: ['VIEW_COMMISSIONS'],
        },
        'create',
      ),
    );
    expect(posted[0]).toMatchObject({
      typeSelected: 'PROFILE_SELLER',
      plainPassword: null,
      repeatPassword: null,
    });
    expect(posted[0]).not.toHaveProperty('rolesSelected');
    await waitFor(() => expect(location?.pathname).toBe('/users/77'));
  });
});

describe('with an identity provider that holds the passwords (Keycloak)', () => {
  it('asks for no password, says where it lives, and sends none', async () => {
    const posted: Json[] = [];
    server.use(
      http.post('*/api/users/create', async ({ request }) => {
        posted.push((await request.json()) as Json);
        return HttpResponse.json({ ...loaded(), id: 78 }, { status: 201 });
      }),
    );
    renderScreen(<UserCreate title="Nouvel utilisateur" />, {
      route: '/users/create',
      at: '/users/create',
      resource: 'users',
      account: 'ageo',
      config: KEYCLOAK_CONFIG,
    });
    await userEvent.type(await screen.findByLabelText(/^Prénom/), 'Hugo');
    await userEvent.type(screen.getByLabelText(/^Nom \*/), 'Lambert');
    await userEvent.type(screen.getByLabelText(/^Nom d'utilisateur/), 'hugo.lambert');
    await userEvent.type(screen.getByLabelText(/^Adresse e-mail/), 'hugo.lambert@exemple.fr');
    expect(
      screen.getByText(/géré par le fournisseur d'identité : il ne se saisit pas ici/),
    ).toBeVisible();
    expect(screen.queryByLabelText(/Mot de passe/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The §5 body of a creation without a password: the server sends the access mail.
    expect(posted[0]).toMatchObject({ plainPassword: null, repeatPassword: null });
  });
});

describe('the realms offered', () => {
  const realmOptions = async (config: typeof KEYCLOAK_CONFIG) => {
    const view = renderScreen(<UserCreate title="Nouvel utilisateur" />, {
      route: '/users/create',
      at: '/users/create',
      resource: 'users',
      account: 'ageo',
      config,
    });
    await userEvent.click(await screen.findByRole('combobox', { name: /^Royaume/ }));
    const names = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    view.unmount();
    return names;
  };

  it('are the one the embedded provider signs in, and every realm with Keycloak', async () => {
    expect(await realmOptions(EMBEDDED_CONFIG)).toEqual(['partenaires']);
    expect(await realmOptions(KEYCLOAK_CONFIG)).toEqual(['ageo', 'partenaires']);
  });
});

describe('the checks of the User declaration, made before sending', () => {
  it('says under the field what the API would refuse (accents, a bad e-mail, a seller code with a space) and posts nothing', async () => {
    const posted: Json[] = [];
    server.use(
      http.post('*/api/users/create', async ({ request }) => {
        posted.push((await request.json()) as Json);
        return HttpResponse.json({ ...loaded(), id: 77 }, { status: 201 });
      }),
    );
    create();
    await userEvent.type(await screen.findByLabelText(/^Prénom/), 'Jérôme');
    await userEvent.type(screen.getByLabelText(/^Nom \*/), 'Dupré');
    await userEvent.type(screen.getByLabelText(/^Nom d'utilisateur/), 'jérôme.dupré');
    await userEvent.type(screen.getByLabelText(/^Adresse e-mail/), 'jerome@exemple');
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(
      await screen.findByText(
        "« Nom d'utilisateur » commence par une lettre ou un chiffre et ne contient que des lettres sans accent, des chiffres et . _ @ -",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("« Adresse e-mail » n'est pas une adresse e-mail valide."),
    ).toBeInTheDocument();

    await userEvent.click(tab(/Organisation/));
    await userEvent.type(await screen.findByLabelText(/^Code vendeur/), 'V 042');
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(
      await screen.findByText(
        '« Code vendeur » ne peut contenir que des lettres sans accent, des chiffres, - et _.',
      ),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});

describe('the profiles and organisations offered', () => {
  it('offers a partner administrator no profile reserved to the operator, and asks the organisations one may attach a user to', async () => {
    for (const [account, reserved, attachable] of [
      ['partenaire', 'false', 'true'],
      ['ageo', null, 'true'],
    ] as const) {
      const asked: URL[] = [];
      const organizations: URL[] = [];
      server.events.on('request:start', ({ request }) => {
        const url = new URL(request.url);
        if (url.pathname.endsWith('/api/profileRealms')) asked.push(url);
        if (url.pathname.endsWith('/api/organizations')) organizations.push(url);
      });
      const { unmount } = create(account);
      await userEvent.click(await screen.findByRole('tab', { name: /Droits/ }));
      await waitFor(() => expect(asked.length).toBeGreaterThan(0));
      expect(
        asked.every((url) => url.searchParams.get('isRestricted') === reserved),
        account,
      ).toBe(true);
      await userEvent.click(screen.getByRole('tab', { name: /Organisation/ }));
      await waitFor(() => expect(organizations.length).toBeGreaterThan(0));
      expect(
        organizations.every((url) => url.searchParams.get('attachable') === attachable),
        account,
      ).toBe(true);
      server.events.removeAllListeners();
      unmount();
    }
  });
});

describe('the poles offered', () => {
  it('toasts spec §8 once when they cannot be read, after the HTTP client has retried', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/poles', () => {
        calls++;
        return hydraProblem(500, 'boom');
      }),
    );
    create();
    await userEvent.click(await screen.findByRole('tab', { name: /Organisation/ }));
    expect(
      await screen.findByText('Une erreur est survenue durant le chargement des pôles'),
    ).toBeInTheDocument();
    // Four calls (one and the client's three retries), not four for each of react-query's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(4);
  });
});

describe('the username lookup (§5)', () => {
  it('says a name is taken in the realm once typed, and says nothing of a free one', async () => {
    const lookups: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/api/users')) lookups.push(url.search);
    });
    create();
    const username = await screen.findByLabelText(/^Nom d'utilisateur/);
    await userEvent.type(username, 'deja.pris');
    await userEvent.tab();
    expect(
      await screen.findByText("Ce nom d'utilisateur est déjà utilisé dans ce royaume."),
    ).toBeInTheDocument();
    // One lookup when the field is left, not one per key.
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toContain('exact_username=deja.pris');
    expect(lookups[0]).toContain('realm=partenaires');

    await userEvent.clear(username);
    await userEvent.type(username, 'libre.nom');
    await userEvent.tab();
    await waitFor(() => expect(lookups).toHaveLength(2));
    expect(screen.queryByText("Ce nom d'utilisateur est déjà utilisé dans ce royaume.")).toBeNull();
    server.events.removeAllListeners();
  });
});

describe('/users/{id}/update', () => {
  const edit = () =>
    renderScreen(<UserEdit title="Modifier l'utilisateur" />, {
      route: '/users/:id?/update',
      at: '/users/42/update',
      resource: 'users',
      account: 'ageo',
    });

  it('says the server’s words for an unknown or out-of-scope user, never an empty form', async () => {
    server.use(
      http.get('*/api/users/42', () => hydraProblem(404, 'Cet utilisateur est introuvable.')),
    );
    edit();
    const alerts = await screen.findAllByText('Cet utilisateur est introuvable.');
    expect(alerts.some((a) => a.closest('[role="alert"]'))).toBe(true);
    expect(screen.queryByRole('button', { name: /Enregistrer/ })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it("offers the groups of the user's partner only", async () => {
    server.use(
      http.get('*/api/users/42', () => HttpResponse.json(loaded())),
      http.get('*/api/access_groups', () =>
        hydraCollection([
          { id: 1, name: 'Horizon – Siège', partnerId: 3 },
          { id: 2, name: 'Alpes Santé – Siège', partnerId: 5 },
        ]),
      ),
    );
    edit();
    await userEvent.click(await screen.findByRole('tab', { name: /Accès/ }));
    await userEvent.click(await screen.findByRole('combobox', { name: /Groupe partenaire/ }));
    expect(await screen.findByRole('option', { name: 'Horizon – Siège' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Alpes Santé – Siège' })).toBeNull();
  });

  it('offers the groups of the new partner as soon as another organisation is chosen', async () => {
    server.use(
      http.get('*/api/users/42', () => HttpResponse.json(loaded())),
      http.get('*/api/organizations', () =>
        hydraCollection([
          { id: 12, legalname: 'Horizon Courtage', partnerId: 3 },
          { id: 14, legalname: 'Alpes Santé Grenoble', partnerId: 5 },
          { id: 15, legalname: 'Cabinet indépendant', partnerId: null },
        ]),
      ),
      http.get('*/api/access_groups', () =>
        hydraCollection([
          { id: 1, name: 'Horizon – Siège', partnerId: 3 },
          { id: 2, name: 'Alpes Santé – Siège', partnerId: 5 },
        ]),
      ),
    );
    edit();
    const groupsOffered = async () => {
      await userEvent.click(tab(/Accès/));
      await userEvent.click(await screen.findByRole('combobox', { name: /Groupe partenaire/ }));
      const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
      await userEvent.keyboard('{Escape}');
      return names;
    };
    const chooseOrganization = async (legalname: string) => {
      await userEvent.click(tab(/Organisation/));
      const organization = await screen.findByRole('combobox', { name: /^Organisation/ });
      await userEvent.clear(organization);
      await userEvent.type(organization, legalname.slice(0, 5));
      await userEvent.click(await screen.findByRole('option', { name: legalname }));
    };
    await screen.findByLabelText(/^Fonction/);
    expect(await groupsOffered()).toContain('Horizon – Siège');

    await chooseOrganization('Alpes Santé Grenoble');
    const alpes = await groupsOffered();
    expect(alpes).toContain('Alpes Santé – Siège');
    expect(alpes).not.toContain('Horizon – Siège');

    await chooseOrganization('Cabinet indépendant');
    const none = await groupsOffered();
    expect(none).not.toContain('Alpes Santé – Siège');
    expect(none).not.toContain('Horizon – Siège');
  });

  it('flags the changed part, resets that part only, and shows the server answer after a save', async () => {
    const put: Json[] = [];
    server.use(
      http.get('*/api/users/42', () => HttpResponse.json(loaded())),
      http.put('*/api/users/42', async ({ request }) => {
        const body = (await request.json()) as Json;
        put.push(body);
        // The server answers the record as it stored it (here, its own spelling).
        return HttpResponse.json({ ...loaded(), jobFunction: 'Chargée de clientèle (siège)' });
      }),
    );
    edit();
    const job = await screen.findByLabelText(/^Fonction/);
    expect(job).toHaveValue('Conseillère');
    expect(screen.queryByText(/modifié/)).not.toBeInTheDocument();

    await userEvent.clear(job);
    await userEvent.type(job, 'Chargée de clientèle');
    expect(within(tab(/Compte/)).getByText(/modifié/)).toBeInTheDocument();
    expect(within(tab(/Organisation/)).queryByText(/modifié/)).not.toBeInTheDocument();

    await userEvent.click(tab(/Organisation/));
    const sellerCode = screen.getByLabelText(/^Code vendeur/);
    await userEvent.clear(sellerCode);
    await userEvent.type(sellerCode, 'V-999');
    expect(within(tab(/Organisation/)).getByText(/modifié/)).toBeInTheDocument();
    // The manager is fixed at creation: shown, not editable.
    expect(screen.getByLabelText(/^Manager/)).toBeDisabled();
    expect(screen.getByLabelText(/^Manager/)).toHaveValue('Mathilde Roux');

    await userEvent.click(screen.getByRole('button', { name: 'Rétablir : Organisation' }));
    expect(sellerCode).toHaveValue('V-042');
    expect(within(tab(/Organisation/)).queryByText(/modifié/)).not.toBeInTheDocument();
    // The other part keeps its change.
    expect(within(tab(/Compte/)).getByText(/modifié/)).toBeInTheDocument();
    expect(job).toHaveValue('Chargée de clientèle');

    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual(
      userSaveBody(
        {
          ...loaded(),
          organization: 12,
          profileRealm: 7,
          pole: 2,
          managedBy: 9,
          jobFunction: 'Chargée de clientèle',
        },
        'update',
      ),
    );
    expect(put[0]).not.toHaveProperty('managedBy');
    expect(put[0]).not.toHaveProperty('plainPassword');
    expect(put[0].roles).toEqual(['VIEW_COMMISSIONS']);

    await waitFor(() => expect(job).toHaveValue('Chargée de clientèle (siège)'));
    expect(screen.queryByText(/modifié/)).not.toBeInTheDocument();
    expect(await screen.findByText("L'utilisateur a été enregistré.")).toBeInTheDocument();
  });

  it("empties the profile when the type changes: the new type's profile comes with it", async () => {
    const put: Json[] = [];
    server.use(
      http.get('*/api/users/42', () => HttpResponse.json(loaded())),
      http.put('*/api/users/42', async ({ request }) => {
        put.push((await request.json()) as Json);
        return HttpResponse.json(loaded());
      }),
    );
    edit();
    await screen.findByLabelText(/^Fonction/);
    await userEvent.click(tab(/Droits/));
    const profile = await screen.findByRole('combobox', { name: /Profil/ });
    await waitFor(() => expect(profile).toHaveTextContent('Vendeur'));
    await userEvent.click(await screen.findByRole('combobox', { name: /Type d'utilisateur/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Manageur' }));
    await waitFor(() => expect(profile).not.toHaveTextContent('Vendeur'));
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({ typeSelected: 'PROFILE_MANAGER', profileRealm: null });
  });

  it('shows a 422 violation in French next to its field, and a 409 on a field too', async () => {
    const TAKEN = "Le nom d'utilisateur « vendeur » est déjà utilisé dans ce royaume.";
    let answer = 422;
    server.use(
      http.get('*/api/users/42', () => HttpResponse.json(loaded())),
      http.put('*/api/users/42', () =>
        answer === 422
          ? HttpResponse.json(
              {
                '@type': 'ConstraintViolationList',
                'hydra:description':
                  'email: Cette adresse e-mail est déjà utilisée par un autre compte.',
                violations: [
                  {
                    propertyPath: 'email',
                    message: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
                  },
                ],
              },
              { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
            )
          : // As the server answers a username taken in the realm: a 409 naming its field.
            HttpResponse.json(
              {
                '@type': 'hydra:Error',
                'hydra:description': TAKEN,
                detail: TAKEN,
                status: 409,
                violations: [{ propertyPath: 'username', message: TAKEN }],
              },
              { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
            ),
      ),
    );
    edit();
    const emailInput = await screen.findByLabelText(/^Adresse e-mail/);
    await userEvent.clear(emailInput);
    await userEvent.type(emailInput, 'vendeur@exemple.fr');
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    const message = await screen.findByText(
      'Cette adresse e-mail est déjà utilisée par un autre compte.',
    );
    // Next to its field: the input's own helper text.
    expect(emailInput).toHaveAccessibleDescription(
      /Cette adresse e-mail est déjà utilisée par un autre compte/,
    );
    expect(message).toBeInTheDocument();

    answer = 409;
    await userEvent.type(emailInput, 'x');
    await userEvent.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Nom d'utilisateur/)).toHaveAccessibleDescription(
        new RegExp(TAKEN.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      ),
    );
  });
});
