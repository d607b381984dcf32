// Which server process owns a background job (an export, a user import), and whether that
// process is still alive, so that a restart fails the jobs of a killed process at once and
// never those of another server running on the same PostgreSQL (REDIS_URL, several instances).
//
// Each process has an id (INSTANCE_ID), written on the rows of the jobs it runs (migration
// 018_job_owner), and holds a session-level advisory lock named after it for as long as it
// lives: on its own connection with PostgreSQL, in the one session of PGlite. When a process
// dies, PostgreSQL ends its session and the lock is free: anybody can then take it, which is
// the proof that the owner is gone (instanceGone below). Nothing waits on a timer.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type Expression, type RawBuilder, sql } from 'kysely';
import { keepConnection } from './keptConnection.ts';

/** This process's id, fresh at each start. */
export const INSTANCE_ID = randomUUID();

/** First key of the instance locks (the second is hashtext(id)): no other lock uses it. */
export const INSTANCE_LOCK_CLASS = 18_018;

const RECONNECT_MS = 2_000;

const LOCK = `SELECT pg_try_advisory_lock(${INSTANCE_LOCK_CLASS}, hashtext($1)) AS locked`;

/**
 * True when the job row's owner (a uuid column) is another process that is gone: its lock can
 * be taken (for the statement's transaction only, released at once). Rows without an owner
 * (written before migration 018) count as gone when `nullIsGone`.
 */
export function instanceGone(
  column: Expression<string | null> | RawBuilder<string | null>,
  options: { nullIsGone: boolean },
): RawBuilder<boolean> {
  const owned = sql<boolean>`(${column} <> ${INSTANCE_ID}::uuid
    AND pg_try_advisory_xact_lock(${sql.lit(INSTANCE_LOCK_CLASS)}, hashtext(${column}::text)))`;
  return options.nullIsGone ? sql<boolean>`(${column} IS NULL OR ${owned})` : owned;
}

/** PGlite: the lock lives as long as the embedded database's one session. */
export async function holdInstanceLockOnPglite(pglite: PGlite): Promise<void> {
  await pglite.query(LOCK, [INSTANCE_ID]);
}

/**
 * PostgreSQL: a dedicated connection holds the lock; after a loss (the server restarted, the
 * network was cut) it comes back and takes the lock again. Resolves with the release.
 */
export function holdInstanceLockOnServer(
  url: string,
  warn: (message: string) => void,
): Promise<() => Promise<void>> {
  return keepConnection({
    url,
    retryMs: RECONNECT_MS,
    keepAlive: true,
    setUp: async (client) => {
      await client.query(LOCK, [INSTANCE_ID]);
    },
    lost: (error) => warn(`Connexion du verrou d'instance perdue : ${error?.message ?? 'fermée'}`),
  });
}
