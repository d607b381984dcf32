// Spec administration §5: "an exact username and realm lookup returns the first member, or
// false" (GET /api/users?exact_username&realm). The creation and edit forms use it to say, as
// the name is typed, that it is taken; the server refuses it again (409) whatever the form says.
import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { DEFAULT_REALM } from '../../domain/userForm.ts';

export const USERNAME_TAKEN = "Ce nom d'utilisateur est déjà utilisé dans ce royaume.";
export const LOOKUP_ERROR = 'Une erreur est survenue durant la recherche';

export async function lookupUser(
  dataProvider: DataProvider,
  username: string,
  realm: string,
): Promise<RaRecord | false> {
  const { data } = await dataProvider.getList('users', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
    filter: { exact_username: username, realm },
  });
  return data[0] ?? false;
}

/**
 * The message to show under the username after it is typed (on blur): taken in the realm and
 * not the edited user's own, or nothing; a failed lookup is reported and says nothing.
 */
export async function usernameTaken(
  dataProvider: DataProvider,
  username: string,
  realm: string | null | undefined,
  ownId?: Identifier,
): Promise<string | undefined> {
  const name = username.trim();
  if (!name) return undefined;
  const found = await lookupUser(dataProvider, name, realm || DEFAULT_REALM);
  return found && found.id !== ownId ? USERNAME_TAKEN : undefined;
}
