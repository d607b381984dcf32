// Who is calling: built from a verified access token and the matching user row.
export interface Principal {
  /** app_user.id when the token's subject is a known user, else null (external SSO user). */
  userId: number | null;
  username: string;
  /** Display name for the header (spec §2). */
  name: string;
  /** Roles as given by the identity provider, before expansion. */
  givenRoles: string[];
  /** Roles expanded with the hierarchy of spec §6 (src/domain/roles.ts). */
  roles: string[];
  organizationId: number | null;
  partnerId: number | null;
  /** The sign-in session of the token (its `sid` claim), when the issuer names one. */
  sessionId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on every route of the protected API scope. */
    principal?: Principal;
  }
}
