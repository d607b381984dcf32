// Ends everything the embedded provider holds for one account (docs/security.md, "Accounts an
// administrator creates"): its sign-in sessions, grants, refresh tokens and pending codes, so
// that a disabled user, or one whose password was just reset, cannot go on refreshing. Access
// tokens are JWTs that are not stored: one already issued dies within its 300 s, and the API
// refuses a disabled user's meanwhile (docs/identity.md).
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The stored models that carry `accountId` (adapter.ts keeps each payload as jsonb). */
const ACCOUNT_MODELS = ['Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode'];

/**
 * Deletes the account's sessions, grants and tokens, and every row issued under one of its
 * grants; answers how many rows went. Harmless for a user that never signed in.
 */
export async function revokeSessions(db: Kysely<DB>, userId: number): Promise<number> {
  const accountId = String(userId);
  const result = await db
    .deleteFrom('oidc_payload')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('model', 'in', ACCOUNT_MODELS),
          eb(sql<string>`payload ->> 'accountId'`, '=', accountId),
        ]),
        eb(
          'grant_id',
          'in',
          eb
            .selectFrom('oidc_payload as g')
            .select('g.id')
            .where('g.model', '=', 'Grant')
            .where(sql<string>`g.payload ->> 'accountId'`, '=', accountId),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
