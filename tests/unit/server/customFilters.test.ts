// A custom filter's rule is bracketed whole (server/src/resources/framework/filters.ts): a
// rule written `a OR b`, ANDed with the list's other filters, must not let `b` through
// whatever they say (e3220b1 was that bug, in the attachable organisations).
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../../server/src/resources/framework/context.ts';
import { custom, exact, filterWhere } from '../../../server/src/resources/framework/filters.ts';
import { whereAll } from '../../../server/src/resources/framework/source.ts';

// Compiles only: no database is reached.
const db = new Kysely<{ organization: { id: number; type_id: number; parent_id: number } }>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const ctx = {} as Ctx;

describe('a custom filter', () => {
  it('is bracketed whole when ANDed with the other filters', () => {
    const ownOrAgency = custom<number>(
      'integer',
      (id) => sql`organization.id = ${id} OR organization.parent_id = ${id}`,
    );
    const wheres = [
      filterWhere('type', exact('organization.type_id', 'integer'), 2, ctx),
      filterWhere('attachable', ownOrAgency, 7, ctx),
    ];
    const query = whereAll(db.selectFrom('organization').select('id'), wheres).compile();
    expect(query.sql).toBe(
      `select "id" from "organization" where "organization"."type_id" = '2' and (organization.id = $1 OR organization.parent_id = $2)`,
    );
  });

  it('filters nothing when its rule says so', () => {
    const none = custom<boolean>('boolean', () => undefined);
    expect(filterWhere('flag', none, true, ctx)).toBeUndefined();
  });
});
