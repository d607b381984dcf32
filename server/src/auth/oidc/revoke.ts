// Ends what the embedded provider holds for one account (docs/security.md, "Accounts an
// administrator creates"): its sign-in sessions, grants, refresh tokens and pending codes, so
// that a disabled user, or one whose password was just reset, cannot go on refreshing. Access
// tokens are JWTs that are not stored: one already issued dies within its 300 s, and the API
// refuses a disabled user's meanwhile (docs/identity.md). One's own password change keeps the
// session it was made in (`keepSession`, the token's `sid`) and ends all the others.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The stored models that carry `accountId` (adapter.ts keeps each payload as jsonb). */
const ACCOUNT_MODELS = ['Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode'];

/**
 * Deletes the account's sessions, grants and tokens, and every row issued under one of its
 * grants; answers how many rows went. Harmless for a user that never signed in. With
 * `keepSession` (a session uid), that session, its grants and what they issued stay.
 */
export async function revokeSessions(
  db: Kysely<DB>,
  userId: number,
  options: { keepSession?: string | null } = {},
): Promise<number> {
  const accountId = String(userId);
  // The grants of the kept session: its `authorizations`, one per client, each names its grant.
  const kept = options.keepSession
    ? (
        await db
          .selectFrom('oidc_payload')
          .select(sql<string>`entry.value ->> 'grantId'`.as('grantId'))
          .innerJoin(sql`jsonb_each(payload -> 'authorizations')`.as('entry'), (join) =>
            join.onTrue(),
          )
          .where('model', '=', 'Session')
          .where('uid', '=', options.keepSession)
          .where(sql<string>`payload ->> 'accountId'`, '=', accountId)
          .execute()
      )
        .map((row) => row.grantId)
        .filter(Boolean)
    : [];
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
    .$if(Boolean(options.keepSession), (qb) =>
      qb.where((eb) =>
        eb.not(
          eb.or([
            eb.and([eb('model', '=', 'Session'), eb('uid', '=', options.keepSession ?? '')]),
            ...(kept.length
              ? [
                  // Not NULL first: a session's grant_id is NULL, and NOT (NULL IN ...) would
                  // keep every other session of the account.
                  eb.and([eb('grant_id', 'is not', null), eb('grant_id', 'in', kept)]),
                  eb.and([eb('model', '=', 'Grant'), eb('id', 'in', kept)]),
                ]
              : []),
          ]),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
