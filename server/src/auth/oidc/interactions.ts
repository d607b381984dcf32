// The sign-in interaction of the embedded provider: oidc-provider sends the browser to
// /oidc/interaction/:uid when it needs a login; this page checks the credentials against
// app_user and hands the result back. Consent is given automatically (first-party client).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionDetails } from 'oidc-provider';
import type { Config } from '../../config.ts';
import { rateLimitsOf, signInLockedMessage } from '../../http/rateLimits.ts';
import type { AccountStore, SignInResult } from './accounts.ts';
import { forwardedAsFastifySees } from './forwarded.ts';
import { MOUNT_PATH } from './mount.ts';
import { errorPage, type Page, signInPage } from './pages.ts';
import { SCOPE } from './provider.ts';

const FORM = 'application/x-www-form-urlencoded';

function send(reply: FastifyReply, page: Page, status = 200): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', page.csp)
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

export async function interactionRoutes(
  app: FastifyInstance,
  deps: { config: Config; provider: Provider; accounts: AccountStore; issuerPath: string },
): Promise<void> {
  const { config, provider, accounts, issuerPath } = deps;
  const brand = config.brand;
  // Failures per login and per client address (Fastify's request.ip: TRUST_PROXY decides
  // whether X-Forwarded-For is believed). docs/security.md, "Limits".
  const limits = rateLimitsOf(app, config);

  const expired = (reply: FastifyReply) =>
    send(
      reply,
      errorPage(brand, {
        title: 'Demande de connexion expirée',
        message:
          "Votre demande de connexion a expiré ou n'est plus valide. Revenez à l'accueil pour vous connecter à nouveau.",
        homeUrl: `${config.publicUrl}/`,
      }),
      400,
    );

  /** The pending interaction of this browser, if it is the one in the address. */
  async function details(
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if ((error as { name?: string }).name === 'SessionNotFound') return undefined;
      throw error;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Record<string, unknown>,
    merge: boolean,
  ) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: merge,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** Implicit consent: the grant gets what the request asks for (only the known client). */
  async function consent(interaction: InteractionDetails) {
    const { params, session, prompt } = interaction;
    if (params.client_id !== config.oidc.clientId || !session?.accountId) return undefined;
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ clientId: config.oidc.clientId, accountId: session.accountId });
    grant.addOIDCScope(SCOPE);
    grant.addResourceScope(config.oidc.audience, SCOPE);
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    return { consent: { grantId: await grant.save() } };
  }

  await app.register(async (scope) => {
    // oidc-provider reads this request too (its cookies, secure or not): same reading as Fastify.
    scope.addHook('onRequest', async (request) => forwardedAsFastifySees(request));
    // The sign-in form posts urlencoded fields; parse them here unless the server already does.
    if (!scope.hasContentTypeParser(FORM)) {
      scope.addContentTypeParser(
        FORM,
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }

    scope.get<{ Params: { uid: string } }>(
      `${MOUNT_PATH}/interaction/:uid`,
      async (request, reply) => {
        const interaction = await details(request, reply);
        // A sign-in page that is over (the browser's Back after signing in, an old tab):
        // the application, which signs in again if it must, rather than a dead end.
        if (!interaction) {
          return reply.header('cache-control', 'no-store').redirect(`${config.publicUrl}/`, 303);
        }
        if (interaction.prompt.name === 'login') {
          const action = `${issuerPath}/interaction/${interaction.uid}/login`;
          return send(reply, signInPage(brand, { action }));
        }
        if (interaction.prompt.name === 'consent') {
          const result = await consent(interaction);
          if (result) return finish(request, reply, result, true);
        }
        return expired(reply);
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
      `${MOUNT_PATH}/interaction/:uid/login`,
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (interaction?.prompt.name !== 'login') return expired(reply);
        const login = typeof request.body?.login === 'string' ? request.body.login : '';
        const password = typeof request.body?.password === 'string' ? request.body.password : '';
        const action = `${issuerPath}/interaction/${interaction.uid}/login`;
        let result: SignInResult = { refused: 'invalid' };
        if (login && password) {
          // Counted before the password is checked, so that guesses sent in parallel count too;
          // while locked, not even the right password is checked.
          const attempt = await limits.signIn(login, request.ip);
          if (attempt.locked) {
            const { retryAfter } = attempt.locked;
            request.log.warn({ login, ip: request.ip, retryAfter }, 'sign-in locked');
            reply.header('retry-after', String(retryAfter));
            const locked = signInLockedMessage(retryAfter);
            return send(reply, signInPage(brand, { action, login, error: { locked } }), 429);
          }
          result = await accounts.authenticate(login, password);
          // A disabled account's page is shown only to the right password: a success too.
          if ('accountId' in result || result.refused === 'disabled') await attempt.succeeded();
        }
        if (!('accountId' in result)) {
          return send(reply, signInPage(brand, { action, login, error: result.refused }));
        }
        const { accountId } = result;
        request.log.info({ accountId }, 'signed in through the embedded identity provider');
        return finish(request, reply, { login: { accountId } }, false);
      },
    );
  });
}
