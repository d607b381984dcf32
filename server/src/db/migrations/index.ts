// Every migration, in order. Both PGlite and PostgreSQL run this same list.
import type { Migration } from 'kysely';
import * as m001 from './001_organizations_and_users.ts';

export const migrations: Record<string, Migration> = {
  '001_organizations_and_users': m001,
};
