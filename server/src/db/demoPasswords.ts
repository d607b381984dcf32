// The demo seed's published password must never guard a real installation (issue 18, point 7):
// with DEMO_DATA off, the server refuses to start while an enabled account still has it.
// The seed hashes each account's password with a salt derived from the account's name
// (seedSalt), so that two seeds are byte-identical; a password set through the product gets a
// random salt and follows the password policy (12 characters at least), which no demo password
// meets. So only the hashes the seed wrote are tried: one scrypt per such account, none for
// the accounts of a real installation, however many.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/domain/demoAccounts.ts';
import { verifyPassword } from '../auth/password.ts';
import type { DB } from './schema.ts';

/** The passwords the seed and the start banner publish. */
const KNOWN_DEMO_PASSWORDS = [...new Set([DEMO_PASSWORD, ...DEMO_ACCOUNTS.map((a) => a.password)])];

/** The salt the demo seed hashes an account's password with (server/src/db/seed/users.ts). */
export const seedSalt = (username: string) =>
  createHash('sha256').update(`espace-partenaire:${username}`).digest().subarray(0, 16);

/** The salt of a stored scrypt$N$r$p$salt$hash, or undefined. */
function saltOf(hash: string): string | undefined {
  const parts = hash.split('$');
  return parts.length === 6 && parts[0] === 'scrypt' ? parts[4] : undefined;
}

/** The enabled accounts (username, realm) whose password is still one of the demo's. */
export async function accountsWithDemoPasswords(
  db: Kysely<DB>,
): Promise<Array<{ username: string; realm: string }>> {
  const rows = await db
    .selectFrom('app_user')
    .select(['username', 'realm', 'password_hash'])
    .where('enabled', '=', true)
    .where('password_hash', 'is not', null)
    .orderBy('id')
    .execute();
  const found: Array<{ username: string; realm: string }> = [];
  for (const row of rows) {
    const hash = row.password_hash as string;
    if (saltOf(hash) !== seedSalt(row.username).toString('base64url')) continue;
    for (const password of KNOWN_DEMO_PASSWORDS) {
      if (await verifyPassword(password, hash)) {
        found.push({ username: row.username, realm: row.realm });
        break;
      }
    }
  }
  return found;
}

const SHOWN = 10;

/**
 * Why a start without DEMO_DATA is refused, naming the accounts (never the password), or
 * undefined when no enabled account has a demo password.
 */
export async function demoPasswordRefusal(db: Kysely<DB>): Promise<string | undefined> {
  const accounts = await accountsWithDemoPasswords(db);
  if (accounts.length === 0) return undefined;
  // The published demo accounts first: they are the ones anybody would try.
  const published = new Set(DEMO_ACCOUNTS.map((a) => a.username));
  const names = [...accounts]
    .sort((a, b) => Number(!published.has(a.username)) - Number(!published.has(b.username)))
    .slice(0, SHOWN)
    .map((a) => a.username);
  const more = accounts.length > SHOWN ? ` and ${accounts.length - SHOWN} more` : '';
  return [
    `Refusing to start: DEMO_DATA is off, but ${accounts.length} enabled account(s) still have the demo seed's published password: ${names.join(', ')}${more}.`,
    'This database holds the demo data. Either:',
    '  - it is a demo installation: set DEMO_DATA=true;',
    "  - or start it once with DEMO_DATA=true, sign in as an administrator and change these accounts' passwords or disable them (Utilisateurs), then start again without it;",
    '  - or wipe it for a real installation: DEMO_DATA=false npm run db:reset, then start with ADMIN_LOGIN and ADMIN_PASSWORD to create the first administrator.',
    'See docs/configuration.md, "DEMO_DATA".',
  ].join('\n');
}
