// oidc-provider storage in the database (table oidc_payload, migration 002), so that sessions,
// grants and refresh tokens survive a restart and are shared between instances.
// Every method is one short statement: PGlite is a single connection shared with the API.
import { type Kysely, sql } from 'kysely';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { DB } from '../../db/schema.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../db/unavailable.ts';

/** Models whose consumption must happen once: a second one is a replay. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken']);

/** Expired rows are purged at most this often, during a write (no timer to stop on close). */
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * The database cannot be reached: the provider answers 503 temporarily_unavailable with the
 * service's French sentence (its JSON answer, or its error page), not a 500 server_error.
 */
export function unavailableError(cause: unknown): Error {
  const error = new errors.TemporarilyUnavailable(DATABASE_UNAVAILABLE, { cause });
  // Statuses of 5xx are not shown by oidc-provider unless exposed (its error_handler.js).
  Object.assign(error, { status: 503, statusCode: 503, expose: true });
  return error;
}

/** Every method of the adapter, its database failures turned into unavailableError. */
function guarded(adapter: Adapter): Adapter {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(adapter)) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        throw isDatabaseUnavailable(error) ? unavailableError(error) : error;
      }
    };
  }
  return wrapped as unknown as Adapter;
}

export function databaseAdapterFactory(db: Kysely<DB>): (model: string) => Adapter {
  let lastPurge = Date.now();

  async function purgeExpired(): Promise<void> {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await db.deleteFrom('oidc_payload').where('expires_at', '<', sql<Date>`now()`).execute();
  }

  return (model: string): Adapter => {
    // Expired rows may wait for the purge: reads never return them.
    const live = () =>
      db
        .selectFrom('oidc_payload')
        .select(['payload', 'consumed_at'])
        .where('model', '=', model)
        .where((eb) =>
          eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]),
        );

    const toPayload = (
      row: { payload: unknown; consumed_at: Date | null } | undefined,
    ): AdapterPayload | undefined => {
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      // oidc-provider reads `consumed` (epoch seconds) to detect a reused code or refresh token.
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : payload;
    };

    return guarded({
      async upsert(id, payload, expiresIn) {
        const expiresAt =
          typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
        const row = {
          model,
          id,
          payload: sql`cast(${JSON.stringify(payload)} as jsonb)`,
          grant_id: payload.grantId ?? null,
          uid: payload.uid ?? null,
          user_code: payload.userCode ?? null,
          expires_at: expiresAt,
        };
        await db
          .insertInto('oidc_payload')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['model', 'id']).doUpdateSet({
              payload: sql`excluded.payload`,
              grant_id: (eb) => eb.ref('excluded.grant_id'),
              uid: (eb) => eb.ref('excluded.uid'),
              user_code: (eb) => eb.ref('excluded.user_code'),
              expires_at: (eb) => eb.ref('excluded.expires_at'),
            }),
          )
          .execute();
        await purgeExpired();
      },

      async find(id) {
        return toPayload(await live().where('id', '=', id).executeTakeFirst());
      },

      async findByUid(uid) {
        return toPayload(await live().where('uid', '=', uid).executeTakeFirst());
      },

      async findByUserCode(userCode) {
        return toPayload(await live().where('user_code', '=', userCode).executeTakeFirst());
      },

      async consume(id) {
        // Only the first consumption counts, atomically: oidc-provider reads then consumes, so
        // two requests presenting the same code or refresh token at once both pass its check.
        const result = await db
          .updateTable('oidc_payload')
          .set({ consumed_at: sql<Date>`now()` })
          .where('model', '=', model)
          .where('id', '=', id)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0 || !SINGLE_USE.has(model)) return;
        // The other request won: treat this one as a reuse, as oidc-provider does for a
        // sequential one (revoke the whole grant, answer invalid_grant).
        const row = await db
          .selectFrom('oidc_payload')
          .select('grant_id')
          .where('model', '=', model)
          .where('id', '=', id)
          .executeTakeFirst();
        const grantId = row?.grant_id;
        if (grantId) {
          await db
            .deleteFrom('oidc_payload')
            .where((eb) =>
              eb.or([
                eb('grant_id', '=', grantId),
                eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)]),
              ]),
            )
            .execute();
        }
        throw new errors.InvalidGrant(`${model} already used`);
      },

      async destroy(id) {
        await db
          .deleteFrom('oidc_payload')
          .where('model', '=', model)
          .where('id', '=', id)
          .execute();
      },

      async revokeByGrantId(grantId) {
        await db
          .deleteFrom('oidc_payload')
          .where('model', '=', model)
          .where('grant_id', '=', grantId)
          .execute();
      },
    });
  };
}
