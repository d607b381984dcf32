// Users (spec administration §2, §3, §5, §7): the list with its lookups, the detail, the
// creation (POST /api/users/create, and POST /api/users for Hydra clients) and the update, from
// the User declaration (src/domain/schema/user.ts) with the rules of ./rules.ts; a reset link
// sent by an administrator; the signed-in user's own profile (./profile.ts).
//
// After a write: a user created without a password gets an invitation e-mail (a one-time link,
// 72 h: server/src/users/passwordLinks.ts); a user disabled loses its sessions and refresh
// tokens at once (server/src/auth/oidc/revoke.ts), and its next sign-in is refused.
import { User } from '../../../../src/domain/schema/user.ts';
import { DEFAULT_REALM } from '../../../../src/domain/userForm.ts';
import { recordAudit } from '../../audit/record.ts';
import { revokeSessions } from '../../auth/oidc/revoke.ts';
import { httpError } from '../../http/problem.ts';
import { rateLimitsOf } from '../../http/rateLimits.ts';
import { passwordsElsewhere, sendResetLink } from '../../users/accountMails.ts';
import { expirePasswordLinks } from '../../users/passwordLinks.ts';
import { contextOf } from '../framework/context.ts';
import { genericResource } from '../framework/generic.ts';
import { type Api, loadItem, type ResourceDeps } from '../framework/index.ts';
import { registerUserImports } from '../userImports/index.ts';
import { invitationOnCreate } from './invitation.ts';
import { registerOwnProfile } from './profile.ts';
import { checkUser, deriveUser, prepareUser } from './rules.ts';
import { userFilters, users } from './source.ts';

const embeddedRealmOnly =
  `Le fournisseur d'identité intégré ne connecte que les comptes du royaume « ${DEFAULT_REALM} » : ` +
  "un compte d'un autre royaume ne pourrait pas se connecter.";

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  const db = deps.database.db;
  const { publicUrl } = deps.config;
  const { accountUrl, embedded } = deps.config.oidc;
  const invite = invitationOnCreate(api, deps);
  const limits = rateLimitsOf(api, deps.config);
  const writes = await genericResource(api, deps, User, {
    source: users,
    partnerColumn: 'app_user.partner_id',
    list: { filters: userFilters },
    prepare: prepareUser,
    async check(db, values, ctx, id) {
      const faults = await checkUser(db, values, ctx, id);
      // The embedded provider signs in the accounts of its one realm only (auth/oidc/accounts.ts).
      if (embedded && typeof values.realm === 'string' && values.realm !== DEFAULT_REALM) {
        faults.push({ propertyPath: 'realm', message: embeddedRealmOnly });
      }
      // A password written here would never be read: the provider signs people in.
      if (accountUrl && typeof values.plainPassword === 'string') {
        faults.push({ propertyPath: 'plainPassword', message: passwordsElsewhere(accountUrl) });
      }
      return faults;
    },
    derive: deriveUser,
    async committed(ctx, change, before) {
      await invite(ctx, change);
      const { id, action, values } = change;
      if (action === 'update' && values.enabled === false && before?.enabled === true) {
        await revokeSessions(db, id);
        await expirePasswordLinks(db, id);
      }
    },
  });

  // An administrator sends a new link to choose a password (earlier unused ones stop working).
  api.post('/api/users/:id/reset_password', async (request, reply) => {
    const ctx = await contextOf(request, deps, User.access.update);
    const id = ctx.pathId('id', User.messages?.notFound);
    if ((await loadItem(users, ctx, id)) === undefined) {
      throw httpError(404, User.messages?.notFound);
    }
    if (accountUrl) throw httpError(409, passwordsElsewhere(accountUrl));
    await limits.use('mails', ctx.principal.username, reply);
    // Who sent whom a way into an account: recorded first, so no link leaves unrecorded.
    await recordAudit(ctx.db, ctx, {
      action: 'user.reset_link',
      targetType: User.name,
      targetId: id,
    });
    const { expiresAt } = await sendResetLink(db, api.mailer, {
      userId: id,
      createdBy: ctx.principal.userId,
      publicUrl,
    });
    return reply.code(202).send({ expiresAt: expiresAt.toISOString() });
  });

  registerOwnProfile(api, deps);
  // Bulk imports create each line through the same write path, with the same rules.
  if (!writes.create) throw new Error('User: the import needs the creation of a user');
  await registerUserImports(api, deps, writes.create);
}
