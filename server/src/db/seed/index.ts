// STUB seed (to be replaced by the deterministic French seed): the four demo accounts only.
import type { Kysely } from 'kysely';
import { DEMO_ACCOUNTS } from '../../../../src/domain/demoAccounts.ts';
import { PROFILE_TYPES } from '../../../../src/domain/roles.ts';
import { hashPassword } from '../../auth/password.ts';
import type { DB } from '../schema.ts';

export async function seed(db: Kysely<DB>, _scale: 'demo' | 'large'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const account of DEMO_ACCOUNTS) {
      const profile = account.roles.find((r) => r in PROFILE_TYPES) as keyof typeof PROFILE_TYPES;
      await trx
        .insertInto('app_user')
        .values({
          username: account.username,
          realm: 'partenaires',
          password_hash: await hashPassword(account.password),
          firstname: account.firstname,
          lastname: account.lastname,
          email: `${account.username}@demo.espace-partenaire.fr`,
          roles: account.roles.join(','),
          user_type: PROFILE_TYPES[profile],
        })
        .execute();
    }
  });
}
