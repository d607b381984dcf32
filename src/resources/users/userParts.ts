// What the user screens share (spec administration §3 "User", §4): the four parts of the form
// and their fields (each part has its changed flag and its reset in edit mode), the record as
// the form holds it (references as ids, the inputs' values), and how a user is named and shown.
// The body a save sends is src/domain/userForm.ts's userSaveBody, never written here.
import dayjs from 'dayjs';
import { idOfIri } from '../../domain/apiValues.ts';
import { allLabels } from '../../domain/schema/types.ts';
import { User } from '../../domain/schema/user.ts';
import type { UserRecord } from '../../domain/userForm.ts';

export type UserPart = 'account' | 'organization' | 'rights' | 'access';

/** The tabs of the form, in order, with the fields each one edits. */
export const USER_PARTS: ReadonlyArray<{
  part: UserPart;
  label: string;
  fields: readonly string[];
}> = [
  {
    part: 'account',
    label: 'Compte',
    fields: [
      'civility',
      'firstname',
      'lastname',
      'jobFunction',
      'username',
      'email',
      'realm',
      'enabled',
      'hasLdap',
      'idSso',
      'plainPassword',
      'repeatPassword',
    ],
  },
  {
    part: 'organization',
    label: 'Organisation',
    fields: ['organization', 'pole', 'regroupementKey', 'sellerCode', 'managedBy'],
  },
  { part: 'rights', label: 'Droits', fields: ['typeSelected', 'profileRealm', 'roles'] },
  { part: 'access', label: 'Accès', fields: ['accessGroup'] },
];

// The realm a user is in when none is chosen, shared with the server's rules.
export { DEFAULT_REALM } from '../../domain/userForm.ts';

/** The references the API embeds in a user ({ '@id', id, ... }) and the form holds as ids. */
const REFERENCES = ['organization', 'profileRealm', 'pole', 'accessGroup', 'managedBy'] as const;

const idOf = (value: unknown): unknown => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') return (value as { id?: unknown }).id ?? null;
  return idOfIri(value);
};

/** A user as the API answers it, as the form holds it: its references as their ids. */
export function toFormValues(record: UserRecord): UserRecord {
  const values: UserRecord = { ...record, roles: [...((record.roles as string[]) ?? [])] };
  for (const name of REFERENCES) if (name in record) values[name] = idOf(record[name]);
  return values;
}

const blank = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** Whether a field still holds its loaded value: an emptied field equals a missing one. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (blank(a) && blank(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    const sorted = (list: unknown[]) => list.map((item) => JSON.stringify(item)).sort();
    return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
  }
  if (typeof a === 'object' || typeof b === 'object') {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return String(a) === String(b);
}

export interface UserShown {
  id?: number | string;
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
}

/** 'Camille Martin', else the user name. */
export function userName(user: UserShown | undefined): string {
  const name = [user?.firstname, user?.lastname].filter(Boolean).join(' ').trim();
  return name || (user?.username ?? '');
}

/** The last sign-in, DD/MM/YYYY HH:mm in the browser's time, or 'Jamais'. */
export function lastSignIn(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Jamais';
  const when = dayjs(value as string);
  return when.isValid() ? when.format('DD/MM/YYYY HH:mm') : 'Jamais';
}

/** Spec administration §8: the save failure, when the server gives no French words of its own. */
export const SAVE_ERROR =
  User.messages?.saveError ?? "Une erreur est survenue durant la sauvegarde de l'utilisateur";
/** Spec administration §8: the user list's load failure. */
export const LIST_LOAD_ERROR =
  User.messages?.loadError ?? 'Une erreur est survenue durant le chargement des utilisateurs';
/** Spec administration §8: "User or access group load failure". */
export const LOAD_ERROR = 'Une erreur est survenue durant le chargement';
/** The rights the account's profile gives, shown beside its own (User.shown). */
export const PROFILE_RIGHTS_LABEL = allLabels(User).profileRights;
/** Spec administration §8: "Rights of a profile failure". */
export const PROFILE_RIGHTS_ERROR =
  'Une erreur est survenue durant le chargement des droits du profil';
export const RESET_LINK_SENT = (email: string) =>
  `Un lien pour choisir un nouveau mot de passe a été envoyé à ${email}.`;
