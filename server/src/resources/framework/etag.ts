// Versions of a member for optimistic concurrency: GET sends the ETag of the member as the
// caller sees it, a write names it in If-Match, and a write on a record that changed since is
// refused with 412 (./write.ts). Without If-Match the write goes through (clients that do not
// send it, as API Platform allows); the SPA always sends it.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The ETag of a member as GET shows it: any change of what the client sees changes it. */
export function etagOf(member: unknown): string {
  return `W/"${createHash('sha1').update(JSON.stringify(member)).digest('base64url')}"`;
}

/**
 * Whether If-Match lets a write on the version `tag` through: no header, `*`, or one of the tags
 * it names (weak or strong alike). Also the roles tree's, whose version is no member's ETag.
 */
export function ifMatchAllows(request: FastifyRequest, tag: string): boolean {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return true;
  const strip = (given: string) => given.trim().replace(/^W\//, '');
  const now = strip(tag);
  return header.split(',').some((given) => strip(given) === now);
}

/** If-Match given and naming none of the current member's ETag: the client read an older one. */
export function preconditionFails(request: FastifyRequest, current: unknown): boolean {
  return !ifMatchAllows(request, etagOf(current));
}
