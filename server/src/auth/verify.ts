// Bearer token verification with jose: signature against the issuer's keys, issuer, audience,
// expiry (5 s of clock tolerance) and an algorithm allow-list. The embedded provider's keys are
// used directly; an external issuer's (Keycloak) come from its discovery document's jwks_uri.
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { Config } from '../config.ts';
import { BoundedMap } from '../lib/boundedMap.ts';

/** Asymmetric algorithms only: never HS* (a shared secret) nor none. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'RS384', 'PS384', 'ES384', 'EdDSA'];
export const CLOCK_TOLERANCE_S = 5;
/** Verified tokens kept (the oldest is forgotten first). */
const VERIFIED_MAX = 10_000;

/** The token is not acceptable: answer 401. Any other error means the check could not run. */
export class InvalidTokenError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'expired' ? 'The access token expired' : 'The access token is invalid',
      options,
    );
  }
}

/** Keycloak's `typ` claim of the tokens that are not access tokens (ID, refresh, logout). */
const NOT_ACCESS_TOKENS = new Set(['ID', 'Refresh', 'Offline', 'Logout']);

export type VerifyToken = (token: string) => Promise<JWTPayload>;

/** Finds the issuer's jwks_uri once (retried after a failure); jose caches the keys. */
function remoteKeySet(issuer: string): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`OIDC discovery of ${issuer} answered ${response.status}`);
    const document = (await response.json()) as { issuer?: string; jwks_uri?: string };
    if (document.issuer !== issuer) {
      throw new Error(`OIDC discovery of ${issuer} names another issuer: ${document.issuer}`);
    }
    if (!document.jwks_uri) throw new Error(`OIDC discovery of ${issuer} has no jwks_uri`);
    return createRemoteJWKSet(new URL(document.jwks_uri), {
      cacheMaxAge: 10 * 60 * 1000,
      cooldownDuration: 30 * 1000,
    });
  };
  return async (header, token) => {
    keySet ??= discover().catch((error) => {
      keySet = undefined;
      throw error;
    });
    return (await keySet)(header, token);
  };
}

const TOKEN_ERRORS = [
  errors.JWTClaimValidationFailed,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWSInvalid,
  errors.JWTInvalid,
  errors.JWEInvalid,
];

/**
 * `localKeys`: the embedded provider's public keys. Without them the configured issuer is an
 * external one and its keys are fetched.
 */
export function createVerifier(oidc: Config['oidc'], localKeys?: { keys: JWK[] }): VerifyToken {
  const getKey = localKeys ? createLocalJWKSet(localKeys) : remoteKeySet(oidc.issuer);
  // A token whose signature and claims were checked stays valid until it expires: checking the
  // RSA signature again costs ~0.16 ms of CPU on every request (docs/benchmarks.md).
  const verified = new BoundedMap<string, JWTPayload>(VERIFIED_MAX);
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      if (Number(known.exp) + CLOCK_TOLERANCE_S > Date.now() / 1000) return known;
      verified.delete(token);
      throw new InvalidTokenError('expired');
    }
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: oidc.issuer,
        audience: oidc.audience,
        algorithms: ALLOWED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp'],
        // The embedded provider marks access tokens (RFC 9068); an ID token is not one.
        ...(localKeys ? { typ: 'at+jwt' } : {}),
      });
      if (typeof payload.typ === 'string' && NOT_ACCESS_TOKENS.has(payload.typ)) {
        throw new InvalidTokenError('invalid');
      }
      verified.set(token, payload);
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new InvalidTokenError('expired', { cause: error });
      // Fetching or timing out on the issuer's keys is the server's problem, not the token's.
      if (error instanceof errors.JWKSTimeout) throw error;
      if (TOKEN_ERRORS.some((type) => error instanceof type)) {
        throw new InvalidTokenError('invalid', { cause: error });
      }
      throw error;
    }
  };
}
