// A property that applies only under other values (`onlyWhen` of the class declaration) shows
// its input only then, in the generic forms, and its value only then in the detail: a right's
// realms and profiles are not a folder's, and a right that warns on deletion does not also warn
// when given (spec administration §4; the server empties them: roleRules.ts).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenericCreate, GenericEdit } from '../../../src/components/generic/GenericForm.tsx';
import { GenericShow } from '../../../src/components/generic/GenericShow.tsx';
import { hydraCollection } from '../support/hydra.ts';
import { renderScreen } from '../support/renderScreen.tsx';

const folder = {
  '@id': '/api/roles/7',
  '@type': 'Role',
  id: 7,
  name: 'Commissions',
  description: 'Commissions',
  isFolder: true,
  hasWarning: false,
  deleteWarning: false,
  warningMsg: null,
  listOrder: 1,
  isRestricted: false,
  parent: null,
  theme: null,
  children: [],
  realms: [],
  profiles: [],
};

/** A right the product's code reads (Role.kept), and one an administrator added. */
const right = (id: number, name: string) => ({
  ...folder,
  '@id': `/api/roles/${id}`,
  id,
  name,
  description: name,
  isFolder: false,
});

/** Two user types, each holding a profile role (one type per role). */
const userTypes = [
  {
    '@id': '/api/userTypes/1',
    '@type': 'UserType',
    id: 1,
    name: 'Vendeur',
    role: 'PROFILE_SELLER',
  },
  {
    '@id': '/api/userTypes/2',
    '@type': 'UserType',
    id: 2,
    name: 'Manageur',
    role: 'PROFILE_MANAGER',
  },
];

const server = setupServer(
  http.get('*/api/userTypes', () => hydraCollection(userTypes)),
  http.get('*/api/userTypes/1', () => HttpResponse.json(userTypes[0])),
  http.get('*/api/roles/4', () => HttpResponse.json(right(4, 'PROFILE_GROUP'))),
  http.get('*/api/roles/90', () => HttpResponse.json(right(90, 'VIEW_REPORTS'))),
  http.get('*/api/realms', () => hydraCollection([])),
  http.get('*/api/profiles', () => hydraCollection([])),
  http.get('*/api/roles', () => hydraCollection([])),
  http.get('*/api/role_themes', () => hydraCollection([])),
  http.get('*/api/roles/7', () => HttpResponse.json(folder)),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A generic creation form of the rights screens, as the operator opens it. */
const openCreationOf = (resource: string, path: string, title: string) =>
  renderScreen(<GenericCreate title={title} />, {
    route: `${path}/create`,
    at: `${path}/create`,
    resource,
    account: 'ageo',
  });
const openCreation = () => openCreationOf('roles', '/admin/droits/arbre', 'Nouveau droit');

describe("a right's creation form", () => {
  it('hides the realms and profiles of a folder, and the warning on giving a right that warns on deletion', async () => {
    openCreation();
    const user = userEvent.setup();
    expect(await screen.findByRole('combobox', { name: 'Royaumes' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Profils' })).toBeInTheDocument();

    await user.click(screen.getByLabelText('Dossier'));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Royaumes' })).toBeNull());
    expect(screen.queryByRole('combobox', { name: 'Profils' })).toBeNull();
    await user.click(screen.getByLabelText('Dossier'));
    expect(await screen.findByRole('combobox', { name: 'Royaumes' })).toBeInTheDocument();

    const givenWarning = 'Avertissement à l’attribution';
    expect(screen.getByLabelText(givenWarning)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Avertissement à la suppression'));
    await waitFor(() => expect(screen.queryByLabelText(givenWarning)).toBeNull());
  });
});

describe("a right's order", () => {
  it('is refused below zero under the field, with the message the API gives', async () => {
    openCreation();
    const user = userEvent.setup();
    const order = await screen.findByRole('spinbutton', { name: 'Ordre' });
    await user.clear(order);
    await user.type(order, '-1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('« Ordre » ne peut pas être inférieur à 0.'),
    ).toBeInTheDocument();
  });
});

/** A screen of one right, as the operator opens it. */
const openRight = (page: ReactElement, at: string) =>
  renderScreen(page, {
    route: '/admin/droits/arbre/:id/*',
    at,
    resource: 'roles',
    account: 'ageo',
  });

describe('a right the product relies on (Role.kept), on the screens', () => {
  it('offers no delete', async () => {
    openRight(<GenericShow title="Droit" />, '/admin/droits/arbre/4');
    expect(await screen.findByText('Dossier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
  });

  it('offers a delete for a right an administrator added', async () => {
    openRight(<GenericShow title="Droit" />, '/admin/droits/arbre/90');
    expect(await screen.findByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });

  it('shows its code and kind read-only, with the reason, and no delete on its edit form', async () => {
    openRight(<GenericEdit title="Droit" />, '/admin/droits/arbre/4/edit');
    const code = await screen.findByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(code).toHaveValue('PROFILE_GROUP'));
    expect(code).toHaveAttribute('readonly');
    // Reached by the keyboard, the reason read with it.
    expect(code).not.toBeDisabled();
    expect(code).toHaveAccessibleDescription(
      'Code non modifiable : l’application lit le droit PROFILE_GROUP sous ce code. Changez plutôt son libellé.',
    );
    const folder = screen.getByRole('textbox', { name: 'Dossier' });
    expect(folder).toHaveValue('Non');
    expect(folder).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Libellé' })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
  });

  it('leaves a right an administrator added open to a new code, and to deletion', async () => {
    openRight(<GenericEdit title="Droit" />, '/admin/droits/arbre/90/edit');
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    await waitFor(() => expect(code).toHaveValue('VIEW_REPORTS'));
    expect(code).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Dossier')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });
});

describe("a folder's detail", () => {
  it('shows no realms nor profiles', async () => {
    renderScreen(<GenericShow title="Droit" />, {
      route: '/admin/droits/arbre/:id',
      at: '/admin/droits/arbre/7',
      resource: 'roles',
      account: 'ageo',
    });
    expect(await screen.findByText('Contenu du dossier')).toBeInTheDocument();
    expect(screen.queryByText('Royaumes')).toBeNull();
    expect(screen.queryByText('Profils')).toBeNull();
  });
});

describe('the rights a form offers (RelationDecl.only), by label', () => {
  /** The queries of GET /api/roles the form makes. */
  const asked = () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/roles', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return hydraCollection([]);
      }),
    );
    return queries;
  };

  it("offers a profile's rights without the folders, sorted by label", async () => {
    const queries = asked();
    openCreationOf('profiles', '/admin/droits/profils', 'Nouveau profil');
    expect(await screen.findByRole('combobox', { name: 'Droits' })).toBeInTheDocument();
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(queries.at(-1)?.get('isFolder')).toBe('false');
    expect(queries.at(-1)?.get('order[description]')).toBe('asc');
  });

  it("offers a right's parent among the folders only, sorted by label", async () => {
    const queries = asked();
    openCreation();
    expect(await screen.findByRole('combobox', { name: 'Dossier parent' })).toBeInTheDocument();
    await waitFor(() => expect(queries.some((q) => q.get('isFolder') === 'true')).toBe(true));
    const parent = queries.find((q) => q.get('isFolder') === 'true');
    expect(parent?.get('order[description]')).toBe('asc');
  });
});

describe("a user type's creation form", () => {
  it('offers the five profile roles by name and code, not a free text', async () => {
    // A role another type gives is offered disabled (one type per role), named by that type.
    openCreationOf('userTypes', '/admin/droits/types', 'Nouveau type');
    // Left empty, a field says what the API would: its label, in the same words.
    await userEvent.type(await screen.findByLabelText(/^Libellé/), 'Courtier');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('« Rôle du profil » est obligatoire.')).toBeVisible();

    await userEvent.click(screen.getByRole('combobox', { name: /^Rôle du profil/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Administrateur AGEO (PROFILE_ADMIN_AGEO)',
      'Administrateur partenaire (PROFILE_ADMIN_PARTNER)',
      'Groupe (PROFILE_GROUP)',
      'Manageur (PROFILE_MANAGER), déjà pris par « Manageur »',
      'Vendeur (PROFILE_SELLER), déjà pris par « Vendeur »',
    ]);
  });

  it('offers disabled, by the type holding it, a role another type already gives', async () => {
    openCreationOf('userTypes', '/admin/droits/types', 'Nouveau type');
    await userEvent.click(await screen.findByRole('combobox', { name: /^Rôle du profil/ }));
    const taken = await screen.findByRole('option', {
      name: 'Vendeur (PROFILE_SELLER), déjà pris par « Vendeur »',
    });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByRole('option', {
        name: 'Manageur (PROFILE_MANAGER), déjà pris par « Manageur »',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Groupe (PROFILE_GROUP)' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it("offers a type's own role to its edit form", async () => {
    renderScreen(<GenericEdit title="Type" />, {
      route: '/admin/droits/types/:id/*',
      at: '/admin/droits/types/1/edit',
      resource: 'userTypes',
      account: 'ageo',
    });
    await userEvent.click(await screen.findByRole('combobox', { name: /^Rôle du profil/ }));
    expect(
      await screen.findByRole('option', { name: 'Vendeur (PROFILE_SELLER)' }),
    ).not.toHaveAttribute('aria-disabled');
  });

  it('gives the focus to the field the server refused', async () => {
    server.use(
      http.post('*/api/userTypes', () =>
        HttpResponse.json(
          {
            '@type': 'ConstraintViolationList',
            detail: 'name: Cette valeur est déjà utilisée.',
            violations: [{ propertyPath: 'name', message: 'Cette valeur est déjà utilisée.' }],
          },
          { status: 422 },
        ),
      ),
    );
    openCreationOf('userTypes', '/admin/droits/types', 'Nouveau type');
    const label = await screen.findByLabelText(/^Libellé/);
    await userEvent.type(label, 'Vendeur');
    await userEvent.click(screen.getByRole('combobox', { name: /^Rôle du profil/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Groupe (PROFILE_GROUP)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Cette valeur est déjà utilisée.')).toBeVisible();
    await waitFor(() => expect(label).toHaveFocus());
  });
});
