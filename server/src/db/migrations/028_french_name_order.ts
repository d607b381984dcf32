import { type Kysely, sql } from 'kysely';
import { addSearchVector, dropSearchVector } from './017_search.ts';

// Names and labels sort as French readers sort them: « Épargne » among the E, not after « Z »,
// and « le Roux » beside « Leroux » (found by a new-user pass). The databases are created in the
// C collation (PGlite's only one), which orders by code point; these columns take ICU's root
// collation instead, which PGlite and PostgreSQL both have. Set on the column, it is the order
// of every ORDER BY, keyset comparison and index on it (their indexes are rebuilt here): no
// statement changes. Codes, numbers and e-mail addresses keep the C order. The search vectors
// stored from these columns (migration 017) are made again around the change: a generated
// column holds its columns' type.
export const FRENCH_ORDER = 'und-x-icu';

export const NAME_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  product: ['lb_produit'],
  customer: ['legalname'],
  organization: ['legalname'],
  customer_group: ['label'],
  insured: ['lastname', 'firstname'],
  beneficiary: ['lastname', 'firstname'],
  app_user: ['lastname', 'firstname'],
  contract: ['lb_apporteur'],
  supplier: ['name'],
  access_group: ['name'],
  pole: ['label'],
  contract_state: ['label'],
  contract_category: ['lb_college'],
  menu: ['label'],
  profile: ['name'],
  realm: ['name'],
  role: ['description'],
  role_theme: ['name'],
  user_type: ['name'],
  user_import_history: ['lastname', 'firstname'],
};

/** The search vectors made of these columns: taken away while their columns change. */
const SEARCHED = ['insured', 'customer'] as const;

async function collate(db: Kysely<unknown>, collation: string): Promise<void> {
  for (const table of SEARCHED) await dropSearchVector(db, table);
  for (const [table, columns] of Object.entries(NAME_COLUMNS)) {
    for (const column of columns) {
      // The column's own type (varchar(255), text), restated with the collation.
      const { rows } = await sql<{ type: string }>`SELECT format_type(atttypid, atttypmod) AS type
        FROM pg_attribute WHERE attrelid = ${table}::regclass AND attname = ${column}`.execute(db);
      if (!rows[0]) throw new Error(`028: no column ${table}.${column}`);
      await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)}
        TYPE ${sql.raw(rows[0].type)} COLLATE ${sql.raw(`"${collation}"`)}`.execute(db);
    }
  }
  for (const table of SEARCHED) await addSearchVector(db, table);
}

export const up = (db: Kysely<unknown>) => collate(db, FRENCH_ORDER);
export const down = (db: Kysely<unknown>) => collate(db, 'default');
