// Owners of the private topics command/{uuid}, kept in the database (hub_topic_claim) so that
// every server instance agrees: the first login to claim a topic owns it for 24 hours.
import { type Kysely, sql } from 'kysely';

export const CLAIM_LIFETIME_HOURS = 24;
/** Expired claims are swept at most this often, on the next claim. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface Claims {
  /** True when the login now owns the topic (first claim, or its own claim renewed). */
  claim(topic: string, login: string): Promise<boolean>;
}

// biome-ignore lint/suspicious/noExplicitAny: the claim table is read with plain SQL
export function databaseClaims(db: Kysely<any>): Claims {
  let lastSweep = 0;
  return {
    async claim(topic, login) {
      const now = Date.now();
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await sql`DELETE FROM hub_topic_claim WHERE expires_at < now()`.execute(db);
      }
      // One statement, so two instances claiming at once cannot both win: the row is taken
      // when absent, expired, or already this login's (its lifetime then starts again).
      const { rows } = await sql<{ login: string }>`
        INSERT INTO hub_topic_claim (topic, login, expires_at)
        VALUES (${topic}, ${login}, now() + make_interval(hours => ${CLAIM_LIFETIME_HOURS}))
        ON CONFLICT (topic) DO UPDATE
          SET login = EXCLUDED.login, expires_at = EXCLUDED.expires_at
          WHERE hub_topic_claim.expires_at < now() OR hub_topic_claim.login = EXCLUDED.login
        RETURNING login`.execute(db);
      return rows.length === 1;
    },
  };
}
