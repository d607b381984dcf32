// The public side of the one-time password links (passwordLinks.ts), read by the SPA's
// /finalise-account page before anyone signs in: no bearer token, the link's token is the only
// credential. Never cached. A malformed token is refused without a query, and every dead link
// (unknown, used, expired, user disabled) gets the same 410.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { httpError } from '../http/problem.ts';
import { passwordsElsewhere } from './accountMails.ts';
import { consumePasswordLink, findPasswordLink, rememberPublicUrl } from './passwordLinks.ts';

// biome-ignore lint/suspicious/noExplicitAny: a JSON body, read field by field.
type Json = Record<string, any>;

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export const accountRoutes: FastifyPluginAsync<{ config: Config; database: Database }> = async (
  app,
  { config, database },
) => {
  const { db } = database;
  rememberPublicUrl(db, config.publicUrl);

  // Whatever the outcome (errors included), the answer is never kept by a cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    noStore(reply);
    return payload;
  });

  // A link issued before the provider took the passwords over sets nothing it would read.
  const { accountUrl } = config.oidc;
  if (accountUrl) {
    app.addHook('onRequest', async () => {
      throw httpError(409, passwordsElsewhere(accountUrl));
    });
  }

  app.get<{ Querystring: { token?: unknown } }>('/api/account/password_link', async (request) => {
    const link = await findPasswordLink(db, request.query.token);
    return {
      username: link.username,
      firstname: link.firstname,
      purpose: link.purpose,
      expiresAt: link.expiresAt.toISOString(),
    };
  });

  app.post<{ Body: Json | undefined }>('/api/account/password', async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const result = await consumePasswordLink(
      db,
      body.token,
      body.plainPassword,
      body.repeatPassword ?? null,
    );
    request.log.info(
      { userId: result.userId, purpose: result.purpose },
      'password chosen through a one-time link',
    );
    return reply.code(204).send();
  });
};
