// A property that applies only under other values (`onlyWhen` of the class declaration) shows
// its input only then, in the generic forms, and its value only then in the detail: a right's
// realms and profiles are not a folder's, and a right that warns on deletion does not also warn
// when given (spec administration §4; the server empties them: roleRules.ts).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GenericCreate } from '../../../src/components/generic/GenericForm.tsx';
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

const server = setupServer(
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
      'Manageur (PROFILE_MANAGER)',
      'Vendeur (PROFILE_SELLER)',
    ]);
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
    await userEvent.click(await screen.findByRole('option', { name: 'Vendeur (PROFILE_SELLER)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Cette valeur est déjà utilisée.')).toBeVisible();
    await waitFor(() => expect(label).toHaveFocus());
  });
});
