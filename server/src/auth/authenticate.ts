// The onRequest hook of the protected API scope: a valid bearer token, or 401.
import type { onRequestHookHandler } from 'fastify';
import { type PrincipalResolver, RefusedPrincipalError } from './principals.ts';
import { sendAuthUnavailable, sendUnauthorized } from './unauthorized.ts';
import { InvalidTokenError, type VerifyToken } from './verify.ts';

/** The token of an `Authorization: Bearer <token>` header; '' for an empty one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^\s*Bearer(?:\s+(.*))?$/i);
  return match ? (match[1] ?? '').trim() : undefined;
}

export function createAuthenticate(deps: {
  verify: VerifyToken;
  principals: PrincipalResolver;
}): onRequestHookHandler {
  return async function authenticate(request, reply) {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return sendUnauthorized(reply, 'missing');
    if (!token) return sendUnauthorized(reply, 'invalid');
    try {
      const payload = await deps.verify(token);
      request.principal = await deps.principals.resolve(payload);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        request.log.debug({ reason: error.cause }, 'bearer token refused');
        return sendUnauthorized(reply, error.reason);
      }
      if (error instanceof RefusedPrincipalError) {
        request.log.info({ reason: error.message }, 'bearer token user refused');
        return sendUnauthorized(reply, 'refused');
      }
      request.log.error({ err: error }, 'bearer token could not be verified');
      return sendAuthUnavailable(reply, error);
    }
  };
}
