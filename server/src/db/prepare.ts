// Run at every start: migrate, then fill a database that has never been filled, so a second
// start reuses everything (npm run db:reset fills it again on purpose). What fills it depends
// on DEMO_DATA (config.demoData): the demo seed (organisations, the demo accounts with their
// published password, the business data), or only the codes every installation needs
// (seed/codes.ts) and no account at all. Either way, a database without any account gets the
// first administrator ADMIN_LOGIN names, if it does. The seed (faker and its locales) is loaded
// only to seed: a server starting on a filled database never holds it.
import type { Kysely } from 'kysely';
import { PROFILE_TYPES } from '../../../src/domain/roles.ts';
import { DEFAULT_REALM } from '../../../src/domain/userForm.ts';
import { hashPassword } from '../auth/password.ts';
import type { Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { assignProfiles } from './migrations/012_rights.ts';
import type { DB } from './schema.ts';

export interface PrepareOptions {
  seedScale: 'demo' | 'large';
  /** config.demoData: the demo seed on an empty database; otherwise the codes alone. */
  demoData: boolean;
  /** config.firstAdmin: the operator administrator created when no account exists. */
  firstAdmin?: { login: string; password?: string };
  log?: (line: string) => void;
}

export interface Prepared {
  migrated: string[];
  /** The database was empty and got the demo seed. */
  seeded: boolean;
  /** The database was empty and got only the codes (no demo data, no demo account). */
  initialised: boolean;
  /** The login of the first administrator created by this start. */
  firstAdmin?: string;
  /** Accounts in the database after preparing. */
  accounts: number;
}

async function countOf(db: Kysely<DB>, table: 'app_user' | 'organization_type'): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The operator administrator of a new installation: the PROFILE_ADMIN_AGEO type, the rest from
 * the profile it is served (as the demo's 'ageo'). On an external provider it has no password
 * here: the provider's user of that name signs in and gets these rights.
 */
async function createFirstAdmin(
  db: Kysely<DB>,
  admin: { login: string; password?: string },
): Promise<void> {
  const { id } = await db
    .insertInto('app_user')
    .values({
      username: admin.login,
      realm: DEFAULT_REALM,
      firstname: 'Administrateur',
      lastname: admin.login,
      roles: 'PROFILE_ADMIN_AGEO',
      user_type: PROFILE_TYPES.PROFILE_ADMIN_AGEO,
      password_hash: admin.password ? await hashPassword(admin.password) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await assignProfiles(db as Kysely<unknown>, id);
}

export async function prepareDatabase(
  database: Database,
  options: PrepareOptions,
): Promise<Prepared> {
  const db = database.db;
  const migrated = await migrateToLatest(db);
  // Never filled: not even the kinds of organisation, which both fillings write first. (A
  // database that holds accounts but no codes was filled by hand: it is left alone.)
  const empty =
    (await countOf(db, 'organization_type')) === 0 && (await countOf(db, 'app_user')) === 0;
  let seeded = false;
  let initialised = false;
  if (empty && options.demoData) {
    const { seed } = await import('./seed/index.ts');
    await seed(db, options.seedScale, { log: options.log });
    seeded = true;
  } else if (empty) {
    const { seedCodes } = await import('./seed/codes.ts');
    await db.transaction().execute((trx) => seedCodes(trx));
    initialised = true;
  }
  let firstAdmin: string | undefined;
  if (options.firstAdmin && (await countOf(db, 'app_user')) === 0) {
    await createFirstAdmin(db, options.firstAdmin);
    firstAdmin = options.firstAdmin.login;
  }
  return { migrated, seeded, initialised, firstAdmin, accounts: await countOf(db, 'app_user') };
}
