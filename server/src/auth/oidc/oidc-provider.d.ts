// oidc-provider ships no TypeScript types: this declares the small part this server uses
// (checked against node_modules/oidc-provider/lib, v9). Loose on purpose where the provider's
// own objects are passed back to it untouched.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(
      use: 'id_token' | 'userinfo',
      scope: string,
      claims: unknown,
      rejected: string[],
    ): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ClientLike {
    clientId: string;
    redirectUris: string[];
    clientAuthMethod: string;
    grantTypeAllowed(type: string): boolean;
  }

  export interface GrantInstance {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface SessionLike {
    accountId?: string;
    loginTs?: number;
    grantIdFor(clientId: string): string | undefined;
  }

  export interface KoaContextWithOIDC {
    host: string;
    href: string;
    type: string;
    status: number;
    body: unknown;
    set(name: string, value: string): void;
    oidc: {
      route: string;
      client?: ClientLike;
      session: SessionLike;
      params: Record<string, unknown>;
      entities: Record<string, unknown>;
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
  }

  export interface TokenLike {
    kind: string;
    accountId?: string;
    /** The uid of the sign-in session the token was issued in. */
    sessionUid?: string;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; scope?: string };
    session?: { accountId?: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
  }

  export type Configuration = Record<string, unknown>;

  export interface GrantConstructor {
    new (properties: { accountId?: string; clientId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    InvalidGrant: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
    TemporarilyUnavailable: new (description?: string, options?: { cause?: unknown }) => Error;
  };
}

// The storage the provider runs each request in (requestStorage.ts switches it off between them).
declare module 'oidc-provider/lib/helpers/als.js' {
  import type { AsyncLocalStorage } from 'node:async_hooks';

  const storage: AsyncLocalStorage<unknown>;
  export default storage;
}
