// Every account created through the API without a password gets an invitation: a one-time
// link to choose one (server/src/users/passwordLinks.ts), sent after the commit. Users,
// sellers (POST /api/brokers) and managers (POST /api/supervisors) alike: without it they
// could never sign in. A mail that cannot be sent leaves the account created (the error is
// logged by the write path); an administrator sends a new link from the user's detail.
import { accountAddresses, sendInvitationLink } from '../../users/accountMails.ts';
import type { Api, Ctx, ResourceDeps } from '../framework/index.ts';
import type { WriteBinding } from '../framework/write.ts';

type Committed = NonNullable<WriteBinding['committed']>;

export function invitationOnCreate(api: Api, deps: ResourceDeps): Committed {
  return async (ctx: Ctx, { id, action, values }) => {
    if (action !== 'create' || typeof values.plainPassword === 'string') return;
    await sendInvitationLink(deps.database.db, api.mailer, {
      userId: id,
      createdBy: ctx.principal.userId,
      ...accountAddresses(deps.config),
    });
  };
}
