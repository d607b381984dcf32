// Secrets of the embedded identity provider, generated on the first start and kept in the
// database (table oidc_secret) so that a restart, or another instance, signs and verifies with
// the same keys: tokens and session cookies stay valid.
import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** RS256 like Keycloak's default realm key, so both issuers look alike to the verifier. */
export const SIGNING_ALG = 'RS256';

export interface ProviderSecrets {
  /** Private signing keys (JWK) handed to oidc-provider. */
  jwks: { keys: JWK[] };
  /** Keys signing the provider's cookies; the first one signs, all verify. */
  cookieKeys: string[];
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, {
    modulusLength: 2048,
    extractable: true,
  });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALG, use: 'sig' };
}

/**
 * Reads a secret, or stores `create()` when none exists yet. Two instances starting at once
 * both try to insert; ON CONFLICT keeps the first one and both read it back.
 */
async function loadOrCreate<T>(db: Kysely<DB>, name: string, create: () => Promise<T>): Promise<T> {
  const read = () =>
    db.selectFrom('oidc_secret').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value as T;
  await db
    .insertInto('oidc_secret')
    .values({ name, value: sql`cast(${JSON.stringify(await create())} as jsonb)` })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`oidc_secret ${name} could not be stored`);
  return stored.value as T;
}

export async function loadProviderSecrets(db: Kysely<DB>): Promise<ProviderSecrets> {
  const jwks = await loadOrCreate(db, 'jwks', async () => ({ keys: [await newSigningKey()] }));
  const cookieKeys = await loadOrCreate(db, 'cookie_keys', async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { jwks, cookieKeys };
}

/** The public half of a key set, as the verifier and the jwks endpoint see it. */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
