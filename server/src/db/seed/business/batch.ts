// Bulk inserts of rows built in JavaScript: each batch travels as one JSON parameter, expanded
// by json_populate_recordset. On PGlite (WebAssembly, one connection) this is markedly faster
// than binding tens of thousands of parameters, and it never meets PostgreSQL's limit of
// 65,535 bind parameters. Columns left out of the rows take their defaults.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';

const ROWS_PER_BATCH = 20_000;

export async function insertBatches<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(Object.keys(rows[0] as object).map((c) => sql.ref(c)));
  for (let start = 0; start < rows.length; start += ROWS_PER_BATCH) {
    const batch = JSON.stringify(rows.slice(start, start + ROWS_PER_BATCH));
    await sql`INSERT INTO ${sql.table(table)} (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${batch}::json)`.execute(
      db,
    );
  }
}
