// The signed-in user's own profile (spec administration §2 /user/profile): anyone signed in
// reads it, changes its civility, names, job and e-mail (checked as the User declaration says),
// and its password given the current one (which ends its other sign-in sessions). Its roles,
// type, organisation and username are not its own to change: a body naming them is refused
// (422), nothing written.
import { User } from '../../../../src/domain/schema/user.ts';
import { revokeSessions } from '../../auth/oidc/revoke.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { httpError } from '../../http/problem.ts';
import { ValidationFailed, type Violation } from '../../http/violations.ts';
import { sendJsonLd } from '../../hydra/jsonld.ts';
import { passwordsElsewhere } from '../../users/accountMails.ts';
import { passwordViolations } from '../../users/passwordLinks.ts';
import { parseValue } from '../framework/body.ts';
import { contextOf } from '../framework/context.ts';
import type { Api, Ctx, ResourceDeps } from '../framework/index.ts';
import { ownFieldFaults } from './rules.ts';

/** What one may change of one's own account. */
const OWN_FIELDS = ['civility', 'firstname', 'lastname', 'jobFunction', 'email'] as const;
const COLUMNS: Record<(typeof OWN_FIELDS)[number], string> = {
  civility: 'civility',
  firstname: 'firstname',
  lastname: 'lastname',
  jobFunction: 'job_function',
  email: 'email',
};

function ownId(ctx: Ctx): number {
  if (ctx.principal.userId === null) {
    throw httpError(
      404,
      "Votre compte est géré par l'annuaire de votre organisation : modifiez-le là.",
    );
  }
  return ctx.principal.userId;
}

async function ownProfile(ctx: Ctx, accountUrl: string | undefined) {
  const id = ownId(ctx);
  const row = await ctx.db
    .selectFrom('app_user')
    .innerJoin('user_type', 'user_type.id', 'app_user.user_type')
    .select([
      'app_user.id',
      'app_user.civility',
      'app_user.firstname',
      'app_user.lastname',
      'app_user.job_function',
      'app_user.email',
      'app_user.username',
      'app_user.password_hash',
      'user_type.name as typeName',
    ])
    .where('app_user.id', '=', id)
    .executeTakeFirst();
  if (!row) throw httpError(404, 'Votre compte est introuvable.');
  const roles = ctx.principal.givenRoles;
  // Each right by the words the rights tree gives it; its code where it has none.
  const described = roles.length
    ? await ctx.db
        .selectFrom('role')
        .select(['name', 'description'])
        .where('name', 'in', roles)
        .execute()
    : [];
  const labels = new Map(described.map((r) => [r.name, r.description]));
  return {
    '@context': '/api/contexts/User',
    '@id': '/api/user/profile',
    '@type': 'User',
    id: row.id,
    civility: row.civility,
    firstname: row.firstname,
    lastname: row.lastname,
    jobFunction: row.job_function,
    email: row.email,
    username: row.username,
    userType: { label: row.typeName },
    // The roles the token gives, read-only here.
    roles,
    rights: roles.map((code) => ({ code, label: labels.get(code) || code })),
    // With an external provider the passwords are its own: its page changes them.
    hasPassword: !accountUrl && row.password_hash !== null,
    ...(accountUrl ? { passwordPage: accountUrl } : {}),
  };
}

const body = (input: unknown): Record<string, unknown> => {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw httpError(400, 'Le corps de la requête doit être un objet JSON.');
  }
  return input as Record<string, unknown>;
};

export function registerOwnProfile(api: Api, deps: ResourceDeps): void {
  const { accountUrl } = deps.config.oidc;
  const profileOf = (ctx: Ctx) => ownProfile(ctx, accountUrl);
  api.get('/api/user/profile', async (request, reply) => {
    const ctx = await contextOf(request, deps);
    reply.header('cache-control', 'no-store');
    return sendJsonLd(reply, await profileOf(ctx));
  });

  api.put('/api/user/profile', async (request, reply) => {
    const ctx = await contextOf(request, deps);
    const id = ownId(ctx);
    const input = body(request.body);
    const current = await profileOf(ctx);
    const violations: Violation[] = [];
    const row: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      if (key.startsWith('@')) continue;
      const own = (OWN_FIELDS as readonly string[]).includes(key);
      if (!own) {
        // The form sends the whole profile back: what it cannot change must be unchanged.
        if (JSON.stringify(value) === JSON.stringify((current as Record<string, unknown>)[key]))
          continue;
        violations.push({
          propertyPath: key,
          message: 'Ce champ ne peut pas être modifié depuis votre profil.',
        });
        continue;
      }
      const parsed = parseValue(User.properties[key as keyof typeof User.properties], value);
      if (!parsed.ok) violations.push({ propertyPath: key, message: parsed.message });
      else row[COLUMNS[key as (typeof OWN_FIELDS)[number]]] = parsed.value;
    }
    violations.push(
      ...(await ownFieldFaults(ctx.db, { civility: row.civility, email: row.email }, id)),
    );
    if (violations.length) throw new ValidationFailed(violations);
    if (Object.keys(row).length) {
      await ctx.db.updateTable('app_user').set(row).where('id', '=', id).execute();
    }
    reply.header('cache-control', 'no-store');
    return sendJsonLd(reply, await profileOf(ctx));
  });

  // One's own password: the current one proves it is oneself at the keyboard.
  api.post('/api/user/password', async (request, reply) => {
    const ctx = await contextOf(request, deps);
    const id = ownId(ctx);
    if (accountUrl) throw httpError(409, passwordsElsewhere(accountUrl));
    const input = body(request.body);
    const row = await ctx.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const violations: Violation[] = [];
    const currentOk =
      typeof input.currentPassword === 'string' &&
      (await verifyPassword(input.currentPassword, row.password_hash));
    if (!currentOk) {
      violations.push({
        propertyPath: 'currentPassword',
        message: 'Le mot de passe actuel est incorrect.',
      });
    }
    violations.push(...passwordViolations(input.plainPassword, input.repeatPassword ?? null));
    if (violations.length) throw new ValidationFailed(violations);
    const passwordHash = await hashPassword(input.plainPassword as string);
    // Whoever signed in elsewhere with the old password signs in again: every other session
    // ends with it, this one stays (the token's sid).
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('app_user')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
      await revokeSessions(trx, id, { keepSession: ctx.principal.sessionId });
    });
    return reply.code(204).send();
  });
}
