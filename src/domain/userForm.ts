// The user form's save rules (spec administration §4, §5), pure so that the SPA's form and the
// tests share them: the body a save sends, from the record the form holds. The server enforces
// the same rules again whatever it is sent (server/src/resources/users/rules.ts).
import { entries, isWritable } from './schema/types.ts';
import { User } from './schema/user.ts';

export type UserRecord = Record<string, unknown>;

/** Spec administration §4, §9: a new user is a seller until the form says otherwise. */
export const DEFAULT_TYPE = 'PROFILE_SELLER';
export const DEFAULT_COUNTRY = 'FRANCE';
/** The realm of partners' accounts, the embedded provider's: where a user is created by default. */
export const DEFAULT_REALM = 'partenaires';

/** What a save may send: the declaration's writable properties. */
const WRITABLE = entries(User)
  .filter(([, p]) => isWritable(p))
  .map(([name]) => name);

/** A reference as the API takes it: its IRI (or id), whatever shape the form holds. */
function reference(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value === '' ? null : value;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return record['@id'] ?? record.id ?? null;
  }
  return value;
}

/** A new user's record as the creation form starts it (§4). */
export const newUserRecord = (): UserRecord => ({
  civility: null,
  firstname: '',
  lastname: '',
  jobFunction: null,
  username: '',
  email: '',
  enabled: true,
  typeSelected: DEFAULT_TYPE,
  roles: [],
  rolesSelected: [],
  profileRealm: null,
  organization: null,
  pole: null,
  accessGroup: null,
  managedBy: null,
  sellerCode: null,
  regroupementKey: null,
  idSso: null,
  hasLdap: false,
  plainPassword: '',
  repeatPassword: '',
});

/** The body of a save (§5): create when the record is new, update otherwise. */
export function userSaveBody(record: UserRecord, mode: 'create' | 'update'): UserRecord {
  const body: UserRecord = {};
  for (const name of WRITABLE) if (name in record) body[name] = record[name];

  // Every role beginning PROFILE_ is removed from the roles sent; rolesSelected is not sent.
  if (Array.isArray(body.roles)) {
    body.roles = (body.roles as unknown[]).filter(
      (role) => typeof role === 'string' && !role.startsWith('PROFILE_'),
    );
  }
  // partnerId is dropped if null.
  if (body.partnerId === null || body.partnerId === undefined) delete body.partnerId;
  // An organization whose legalname is empty is sent as null.
  if ('organization' in body) {
    const organization = body.organization as Record<string, unknown> | null | string;
    body.organization =
      organization &&
      typeof organization === 'object' &&
      !String(organization.legalname ?? '').trim()
        ? null
        : reference(organization);
  }
  // profileRealm is sent as its identifier; so are the other references.
  for (const name of ['profileRealm', 'pole', 'accessGroup', 'managedBy']) {
    if (name in body) body[name] = reference(body[name]);
  }
  // An empty idSso is sent as null.
  if (typeof body.idSso === 'string' && body.idSso.trim() === '') body.idSso = null;

  const noPassword = !body.plainPassword && !body.repeatPassword;
  if (mode === 'update') {
    // Empty plainPassword and repeatPassword are dropped; managedBy is removed.
    if (noPassword) {
      delete body.plainPassword;
      delete body.repeatPassword;
    }
    delete body.managedBy;
  } else {
    // On create, id is removed; no password means an invitation e-mail.
    delete body.id;
    if (noPassword) {
      body.plainPassword = null;
      body.repeatPassword = null;
    }
  }
  return body;
}
