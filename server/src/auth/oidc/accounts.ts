// The embedded provider's accounts are the enabled rows of app_user in the 'partenaires' realm.
import { type Kysely, sql } from 'kysely';
import type { Account } from 'oidc-provider';
import { DEFAULT_REALM } from '../../../../src/domain/userForm.ts';
import type { DB } from '../../db/schema.ts';
import { verifyPassword } from '../password.ts';
import { givenRolesOfRow, givenRolesSql } from '../rights.ts';

interface AccountRow {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string | null;
  roles: string;
}

/** A sign-in's outcome: the account, or why not (the page words each reason). */
export type SignInResult = { accountId: string } | { refused: 'invalid' | 'disabled' };

const COLUMNS = ['id', 'username', 'firstname', 'lastname', 'email'] as const;

/** The claims this provider can state about a user, filtered by scope by oidc-provider. */
export function claimsOf(user: AccountRow): Record<string, unknown> {
  const name = `${user.firstname} ${user.lastname}`.trim() || user.username;
  return {
    sub: String(user.id),
    name,
    given_name: user.firstname,
    family_name: user.lastname,
    preferred_username: user.username,
    email: user.email ?? undefined,
    // As given (own and profile's), not expanded: the API and the SPA expand them with
    // src/domain/roles.ts. Read at each issue and refresh: a profile's change reaches its
    // users at their next token refresh.
    roles: givenRolesOfRow(user.roles),
  };
}

/** Claims copied into access tokens, so the API needs no lookup to know who calls. */
export function accessTokenClaimsOf(user: AccountRow): Record<string, unknown> {
  const { roles, preferred_username, name } = claimsOf(user);
  return { roles, preferred_username, name };
}

export function accountStore(db: Kysely<DB>) {
  /** The enabled user behind an account id (sub); a disabled user has no account any more. */
  async function findById(accountId: string): Promise<AccountRow | undefined> {
    if (!/^\d{1,10}$/.test(accountId)) return undefined;
    return db
      .selectFrom('app_user')
      .select([...COLUMNS, givenRolesSql.as('roles')])
      .where('id', '=', Number(accountId))
      .where('realm', '=', DEFAULT_REALM)
      .where('enabled', '=', true)
      .executeTakeFirst();
  }

  return {
    findById,

    /** oidc-provider's findAccount: refresh and token issuance fail once the user is gone. */
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const user = await findById(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => claimsOf(user) };
    },

    /**
     * Checks a sign-in: the account id, or why it is refused. An unknown or password-less user
     * and a wrong password are all 'invalid' (the page says the same thing); 'disabled' only
     * when the password is right, so the page tells nothing to someone without it.
     */
    async authenticate(username: string, password: string): Promise<SignInResult> {
      const user = await db
        .selectFrom('app_user')
        .select(['id', 'password_hash', 'enabled'])
        .where('username', '=', username.trim())
        .where('realm', '=', DEFAULT_REALM)
        .executeTakeFirst();
      // Hash even when the user is unknown, so the answer time does not reveal which names exist.
      const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !valid) return { refused: 'invalid' };
      if (!user.enabled) return { refused: 'disabled' };
      await db
        .updateTable('app_user')
        .set({ last_logged: sql<Date>`now()` })
        .where('id', '=', user.id)
        .execute();
      // Counted by the operator's dashboard (sign-ins of the last 30 days).
      await db.insertInto('sign_in').values({ user_id: user.id }).execute();
      return { accountId: String(user.id) };
    },
  };
}

export type AccountStore = ReturnType<typeof accountStore>;

// A well-formed scrypt hash of a random password (same cost as real ones).
const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$yxwlAsJXG0jg8kWT7kgnV2cX2gqXGyVL3A3-4xXkWA0';
