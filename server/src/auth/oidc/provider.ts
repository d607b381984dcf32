// Configuration of the embedded identity provider (oidc-provider v9), used when OIDC_ISSUER is
// unset. docs/identity.md explains each choice; the lifetimes follow spec partner-extranet §9.
import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  type ClientLike,
  errors,
  type KoaContextWithOIDC,
  type SessionLike,
  type TokenLike,
} from 'oidc-provider';
import { BRAND_COLOURS } from '../../../../src/domain/brands.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { type AccountStore, accessTokenClaimsOf } from './accounts.ts';
import { databaseAdapterFactory } from './adapter.ts';
import { type ProviderSecrets, SIGNING_ALG } from './keys.ts';
import { errorPage, loggedOutPage, logoutPage, type Page } from './pages.ts';

/** Access token, ID token and refresh token lifetime: "token duration 300 seconds" (§9). */
export const TOKEN_TTL = 300;
/** Sign-in session (cookie) and grant lifetime: a working day, counted from the sign-in. */
export const SESSION_TTL = 10 * 60 * 60;
/** The scopes of spec §6; the grant holds all of them for the first-party client. */
export const SCOPE = 'openid profile roles';

/** The SPA's addresses: the public URL, and the Vite dev server while developing. */
export function clientUrls(publicUrl: string) {
  const bases = [publicUrl, 'http://localhost:5173'];
  return {
    redirectUris: bases.map((base) => `${base}/callback`),
    postLogoutRedirectUris: bases.flatMap((base) => [`${base}/`, `${base}/logout`]),
    origins: new Set(bases.map((base) => new URL(base).origin)),
  };
}

const epoch = () => Math.floor(Date.now() / 1000);

function render(ctx: KoaContextWithOIDC, page: Page, status?: number): void {
  ctx.type = 'html';
  ctx.set('content-security-policy', page.csp);
  if (status) ctx.status = status;
  ctx.body = page.html;
}

export function createProvider(deps: {
  config: Config;
  database: Database;
  secrets: ProviderSecrets;
  accounts: AccountStore;
  log: FastifyBaseLogger;
}): Provider {
  const { config, secrets, accounts, log } = deps;
  const { clientId, audience, issuer } = config.oidc;
  const brand = config.brand;
  const urls = clientUrls(config.publicUrl);
  const issuerPath = new URL(issuer).pathname.replace(/\/+$/, '');
  const homeUrl = `${config.publicUrl}/`;

  const provider = new Provider(issuer, {
    adapter: databaseAdapterFactory(deps.database.db),
    jwks: secrets.jwks,
    cookies: {
      keys: secrets.cookieKeys,
      names: { session: 'ep_session', interaction: 'ep_interaction', resume: 'ep_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: clientId,
        client_name: `Espace partenaire ${BRAND_COLOURS[brand].name}`,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: urls.redirectUris,
        post_logout_redirect_uris: urls.postLogoutRedirectUris,
        id_token_signed_response_alg: SIGNING_ALG,
      },
    ],
    // The SPA calls the token endpoint from the browser (another origin in development).
    clientBasedCORS: (_ctx: unknown, origin: string, client: ClientLike) =>
      client.clientId === clientId && urls.origins.has(origin),

    // Authorization code flow only, for a public client: no implicit or hybrid responses.
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    // Every authorization request carries a PKCE S256 challenge (oidc-provider v9 knows only
    // S256 and refuses `plain`); required for every client, not only public ones.
    pkce: { required: () => true },

    scopes: ['openid', 'profile', 'roles'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'email'],
      roles: ['roles'],
    },
    // The ID token carries the profile and roles claims even though an access token is issued
    // beside it: the access token is for the API, not for the userinfo endpoint.
    conformIdTokenClaims: false,
    findAccount: accounts.findAccount,
    // Who calls, in the access token itself: the API builds its principal without the provider.
    // `sid` names the sign-in session, as Keycloak's tokens do: one's own password change ends
    // the other sessions and keeps this one (revoke.ts).
    extraTokenClaims: async (_ctx: unknown, token: TokenLike) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await accounts.findById(token.accountId);
      if (!user) return undefined;
      const claims = accessTokenClaimsOf(user);
      return token.sessionUid ? { ...claims, sid: token.sessionUid } : claims;
    },

    features: {
      devInteractions: { enabled: false },
      // Bearer tokens only: the API verifies plain JWT bearer tokens, like Keycloak's.
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      // Access tokens are JWT for one resource server, the API (OIDC_AUDIENCE), even when the
      // `resource` parameter is absent, and even with the openid scope.
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string[]) =>
          oneOf ? (oneOf.includes(audience) ? audience : oneOf[0]) : audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resource: string) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: SCOPE,
            audience,
            accessTokenTTL: TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          // A sign-out the application asked for (valid id_token_hint) needs no second click.
          const autoSubmit =
            Boolean(ctx.oidc.entities.IdTokenHint) && ctx.oidc.client?.clientId === clientId;
          render(ctx, logoutPage(brand, { form, autoSubmit }));
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          render(ctx, loggedOutPage(brand, homeUrl));
        },
      },
    },

    // Refresh tokens for the SPA without offline_access: they end with the sign-in session.
    issueRefreshToken: async (_ctx: unknown, client: ClientLike) =>
      client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => true,
    // Each refresh returns a new refresh token; presenting a used one revokes the whole grant
    // (oidc-provider does so for any consumed refresh token, see docs/identity.md).
    rotateRefreshToken: true,

    // Consent is implicit for the first-party SPA: its grant is created on first sign-in.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      if (!client) return undefined;
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      if (existing || client.clientId !== clientId) return existing;
      const grant = new provider.Grant({ clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope(SCOPE);
      grant.addResourceScope(audience, SCOPE);
      await grant.save();
      return grant;
    },

    interactions: {
      url: async (_ctx: unknown, interaction: { uid: string }) =>
        `${issuerPath}/interaction/${interaction.uid}`,
    },

    ttl: {
      AccessToken: TOKEN_TTL,
      IdToken: TOKEN_TTL,
      // Sliding: each rotation gives 300 s more, within the session (see docs/identity.md).
      RefreshToken: TOKEN_TTL,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Grant: SESSION_TTL,
      // Counted from the sign-in, not slid by each visit: a working day at most.
      Session: (_ctx: unknown, session: SessionLike) =>
        session.loginTs ? Math.max(1, session.loginTs + SESSION_TTL - epoch()) : SESSION_TTL,
    },
    clockTolerance: 5,

    renderError: async (
      ctx: KoaContextWithOIDC,
      out: { error?: string; error_description?: string },
    ) => {
      const detail = [out.error, out.error_description].filter(Boolean).join(' : ');
      const logout = ctx.oidc.route?.startsWith('end_session');
      render(
        ctx,
        errorPage(brand, {
          title: logout ? 'Déconnexion impossible' : 'Connexion impossible',
          message: logout
            ? "La demande de déconnexion n'a pas pu aboutir. Revenez à l'accueil pour recommencer."
            : "La demande de connexion n'a pas pu aboutir. Revenez à l'accueil pour recommencer.",
          detail,
          homeUrl,
        }),
      );
    },
  });

  // Koa reads X-Forwarded-Proto / -Host / -For; they reach it only as Fastify read them, from
  // the proxies of TRUST_PROXY alone (forwarded.ts, called by mount.ts and interactions.ts).
  provider.proxy = true;
  // The provider answers outside Fastify (hijacked): it sets the basic headers itself.
  provider.use(async (ctx, next) => {
    await next();
    ctx.set('x-content-type-options', 'nosniff');
    ctx.set('referrer-policy', 'no-referrer');
  });
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'oidc-provider error'));
  provider.on('grant.revoked', (_ctx, grantId) => log.info({ grantId }, 'OIDC grant revoked'));
  return provider;
}
