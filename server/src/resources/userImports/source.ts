// The imports an administrator sees (src/domain/schema/userImport.ts), in its data scope: the
// operator's administrators every import, a partner administrator those of its partner, a
// manager holding USERS_MANAGEMENT its own and its sellers'. The rows of an import are seen by
// whoever sees the import.
import { type Expression, type SqlBool, sql } from 'kysely';
import { UserImportHistory, UserImportLog } from '../../../../src/domain/schema/userImport.ts';
import type { DataScope } from '../../scope/index.ts';
import { type AnySelect, iri } from '../framework/index.ts';
import { classSource } from '../framework/schema.ts';

/** Which imports the scope sees. */
function logScope(scope: DataScope): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<SqlBool>`true`;
    case 'partner':
      return sql<SqlBool>`user_import_log.partner_id = ${scope.partnerId}`;
    case 'brokers':
      return scope.brokerIds.length
        ? sql<SqlBool>`user_import_log.importer_id IN (${sql.join(scope.brokerIds)})`
        : sql<SqlBool>`false`;
    default:
      return sql<SqlBool>`false`;
  }
}

type LogRow = { importer_id: number | null };

export const importLogs = classSource<LogRow>(UserImportLog, {
  from: (ctx) =>
    ctx.db.selectFrom('user_import_log').where(logScope(ctx.scope)) as unknown as AnySelect,
  select: (qb) => qb.select(['user_import_log.importer_id']),
  async compute(rows, ctx) {
    const ids = [...new Set(rows.map((r) => r.importer_id).filter((id) => id !== null))];
    const people = new Map(
      ids.length
        ? (
            await ctx.db
              .selectFrom('app_user')
              .select(['id', 'firstname', 'lastname', 'username'])
              .where('id', 'in', ids as number[])
              .execute()
          ).map((p) => [p.id, p])
        : [],
    );
    return rows.map((r) => {
      const person = r.importer_id === null ? undefined : people.get(r.importer_id);
      return {
        importer: person ? { '@id': iri('/api/users', person.id), ...person } : null,
      };
    });
  },
});

type HistoryRow = {
  organization_id: number | null;
  legalname: string | null;
  author_firstname: string | null;
  author_lastname: string | null;
  author_username: string | null;
};

/** The rows of the imports the caller sees; the route narrows them to one import. */
export const importRows = classSource<HistoryRow>(UserImportHistory, {
  from: (ctx) =>
    ctx.db
      .selectFrom('user_import_history')
      .innerJoin('user_import_log', 'user_import_log.id', 'user_import_history.import_log_id')
      .where(logScope(ctx.scope)) as unknown as AnySelect,
  joins: (qb) =>
    qb
      .leftJoin('organization', 'organization.id', 'user_import_history.organization_id')
      .leftJoin('app_user as author', 'author.id', 'user_import_log.importer_id'),
  select: (qb) =>
    qb.select([
      'user_import_history.organization_id',
      'organization.legalname',
      'author.firstname as author_firstname',
      'author.lastname as author_lastname',
      'author.username as author_username',
    ]),
  compute: (rows) =>
    rows.map((r) => ({
      organisation:
        r.organization_id === null
          ? null
          : {
              '@id': iri('/api/organizations', r.organization_id),
              id: r.organization_id,
              legalname: r.legalname,
            },
      author:
        [r.author_firstname, r.author_lastname].filter(Boolean).join(' ') || r.author_username,
      authorUsername: r.author_username,
    })),
});
