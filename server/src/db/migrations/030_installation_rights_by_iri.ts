import { type Kysely, sql } from 'kysely';

// The history's first entries (012_rights: what the installation gave each profile) named the
// rights by code, where every later entry holds the member as GET shows it, its rights as IRIs:
// the history showed « n° VIEW_ADMIN » where it names the others. A right deleted since keeps
// its code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE rights_change AS entry SET after = jsonb_set(entry.after, '{roles}',
      (SELECT COALESCE(jsonb_agg(COALESCE('/api/roles/' || role.id, code.name) ORDER BY code.n), '[]'::jsonb)
       FROM jsonb_array_elements_text(entry.after->'roles') WITH ORDINALITY AS code (name, n)
       LEFT JOIN role ON role.name = code.name))
    WHERE entry.actor = 'installation' AND entry.class = 'Profile'
      AND jsonb_typeof(entry.after->'roles') = 'array'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE rights_change AS entry SET after = jsonb_set(entry.after, '{roles}',
      (SELECT COALESCE(jsonb_agg(COALESCE(role.name, code.value) ORDER BY code.n), '[]'::jsonb)
       FROM jsonb_array_elements_text(entry.after->'roles') WITH ORDINALITY AS code (value, n)
       LEFT JOIN role ON '/api/roles/' || role.id = code.value))
    WHERE entry.actor = 'installation' AND entry.class = 'Profile'
      AND jsonb_typeof(entry.after->'roles') = 'array'`.execute(db);
}
