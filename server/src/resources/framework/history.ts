// The history of changes to rights (docs/security.md, "Rights come from data"): one row per
// write of an audited class (profiles, roles, realms, user types...), in the write's own
// transaction, so that a change and its record are saved or refused together.
import { type Kysely, sql } from 'kysely';
import type { Principal } from '../../auth/principal.ts';

export interface Change {
  /** The Hydra class: 'Profile'. */
  className: string;
  targetId: number | null;
  /** create, update, delete, or a named operation ('tree'). */
  action: string;
  /** The member as GET showed it before, and after (null: none). */
  before: unknown;
  after: unknown;
}

export async function recordChange(
  trx: Kysely<unknown>,
  principal: Principal,
  change: Change,
): Promise<void> {
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  await sql`INSERT INTO rights_change (actor_id, actor, class, target_id, action, before, after)
    VALUES (${principal.userId}, ${principal.username}, ${change.className}, ${change.targetId},
      ${change.action}, ${json(change.before)}::jsonb, ${json(change.after)}::jsonb)`.execute(trx);
}
