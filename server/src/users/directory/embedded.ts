// The embedded identity provider's directory: its accounts are the rows of app_user, each in the
// realm of its `realm` column (the provider signs in those of 'partenaires').
import { type Kysely, sql } from 'kysely';
import type { DirectoryEntry } from '../../../../src/domain/directory.ts';
import type { DB } from '../../db/schema.ts';
import type { Directory, DirectoryQuery, Viewer } from './index.ts';

export function embeddedDirectory(db: Kysely<DB>): Directory {
  return {
    kind: 'embedded',
    async search(query: DirectoryQuery, viewer: Viewer): Promise<DirectoryEntry[]> {
      if (viewer.kind === 'partner' && viewer.partnerId === null) return [];
      let select = db
        .selectFrom('app_user')
        .select(['id', 'id_sso', 'username', 'firstname', 'lastname', 'email', 'enabled', 'realm'])
        .where('realm', '=', query.realm);
      if (viewer.kind === 'partner') select = select.where('partner_id', '=', viewer.partnerId);
      if (query.by === 'contains') {
        // strpos, not LIKE: the text is matched as typed, % and _ included.
        if (query.username) {
          select = select.where(
            sql<boolean>`strpos(lower(username), lower(${query.username})) > 0`,
          );
        }
        // The same order on PGlite and on any PostgreSQL, whatever its collation.
        select = select.orderBy(sql`lower(username) COLLATE "C"`).limit(query.max);
      } else if (query.by === 'username') {
        // Answered by the index app_user_username_realm_ci (migration 014).
        select = select.where(sql`lower(username)`, '=', query.username.toLowerCase());
      } else {
        select = select.where(sql`lower(email)`, '=', query.email.toLowerCase()).orderBy('id');
      }
      const rows = await select.execute();
      return rows.map((row) => ({
        id: row.id_sso ?? String(row.id),
        username: row.username,
        firstName: row.firstname || null,
        lastName: row.lastname || null,
        email: row.email,
        enabled: row.enabled,
        realm: row.realm,
      }));
    },
  };
}
