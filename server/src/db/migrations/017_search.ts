import { type Kysely, sql } from 'kysely';

// The full-text search of issue 16 (POST /search, docs/api.md "Search"), the same on PGlite and
// PostgreSQL: French stemming, accents folded, prefixes as one types, ranked, read from GIN
// indexes.
//
// - Two text search configurations: `fr_search` (the `french` one with `unaccent` before the
//   French stemmer: 'prévoyances' and 'prevoyance' give the same lexeme) and `fr_prefix`
//   (`simple` with `unaccent`: whole words, unstemmed, for prefix matching: a stem is not a
//   prefix of what one types, 'prevoyan' is not a prefix of the stem 'prevoi').
// - search_vector(text): both, concatenated; IMMUTABLE, so that an index or a generated column
//   can hold it (to_tsvector with a configuration is immutable; `unaccent(text)` alone is not).
//   The configurations are named with their schema: index builds run with a restricted
//   search_path on recent PostgreSQL versions.
// - The large tables (contract, insured: a million rows each at the large scale; customer, a
//   hundred thousand) keep their vector in a stored generated column, `fts`, GIN-indexed: the
//   matching rows are ranked from the stored vector instead of recomputing it (tens of
//   microseconds a row), which keeps a search under 50 ms at a million contracts
//   (docs/benchmarks.md). The small tables (organization, product: tens of rows) have an
//   expression index on search_vector(<document>).
//   The search (server/src/resources/search) reads both through SEARCH_VECTORS, so that the
//   planner recognises the indexed expressions.
//
// PGlite loads the unaccent extension when it opens (server/src/db/database.ts); PostgreSQL
// needs the contrib package (it ships with the server) and a role allowed to create it.

/** The text each table is searched by. */
const DOCUMENTS = {
  // The number's parts (CT-2024-0000123: 'ct', '2024', '0000123'). Not the number joined into
  // one word: every contract would then add a word of its own, and a prefix such as 'ct' would
  // have to look through a million of them.
  contract: (alias: string) => `translate(${alias}.lb_contrat, '-/_.', '    ')`,
  insured: (alias: string) =>
    `${alias}.lastname || ' ' || ${alias}.firstname || ' ' || ${alias}.noss`,
  customer: (alias: string) => `${alias}.legalname || ' ' || ${alias}.siret`,
  organization: (alias: string) => `${alias}.legalname`,
  product: (alias: string) => `${alias}.lb_produit`,
} as const;

export type SearchTable = keyof typeof DOCUMENTS;
/** Each table's searched text, for the ranking (the search reads it for its candidates only). */
export const SEARCH_DOCUMENTS: Readonly<Record<SearchTable, (alias: string) => string>> = DOCUMENTS;
const TABLES = Object.keys(DOCUMENTS) as SearchTable[];

/** Tables whose vector is a stored column (the large ones). */
const STORED: readonly SearchTable[] = ['contract', 'insured', 'customer'];

const vectorOf = (document: string) => `public.search_vector(${document})`;

/** Each table's vector as its index holds it: the stored column, or the indexed expression. */
export const SEARCH_VECTORS = Object.fromEntries(
  TABLES.map((table) => [
    table,
    (alias: string) =>
      STORED.includes(table) ? `${alias}.fts` : vectorOf(DOCUMENTS[table](alias)),
  ]),
) as Record<SearchTable, (alias: string) => string>;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION public.fr_search (COPY = pg_catalog.french)`.execute(
    db,
  );
  await sql`ALTER TEXT SEARCH CONFIGURATION public.fr_search
    ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION public.fr_prefix (COPY = pg_catalog.simple)`.execute(
    db,
  );
  await sql`ALTER TEXT SEARCH CONFIGURATION public.fr_prefix
    ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple`.execute(db);
  await sql`CREATE FUNCTION public.search_vector(document text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS
    $$ SELECT to_tsvector('public.fr_search'::regconfig, document)
      || to_tsvector('public.fr_prefix'::regconfig, document) $$`.execute(db);
  // The sellers of an insured person's contracts, as contract.broker_ids holds them for a
  // contract (filled here for a database already seeded, and by the seed: seed/business/
  // derived.ts): a seller's search reads its insured persons from this index and the search's
  // one together, instead of probing each name's thousands of matches for a contract in scope.
  await sql`ALTER TABLE insured ADD COLUMN broker_ids integer[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`UPDATE insured i SET broker_ids = held.ids
    FROM (SELECT s.insured_id, array_agg(DISTINCT b.id ORDER BY b.id) AS ids
      FROM subscription s JOIN contract c ON c.id = s.contract_id
      CROSS JOIN LATERAL unnest(c.broker_ids) AS b(id)
      GROUP BY s.insured_id) AS held
    WHERE i.id = held.insured_id`.execute(db);
  await sql`CREATE INDEX insured_broker_ids ON insured USING gin (broker_ids)`.execute(db);
  for (const table of TABLES) await addSearchVector(db, table);
}

/** A table's search vector: its stored column (the large tables) and its index. */
export async function addSearchVector(db: Kysely<unknown>, table: SearchTable): Promise<void> {
  if (STORED.includes(table)) {
    await sql`ALTER TABLE ${sql.raw(table)} ADD COLUMN fts tsvector
      GENERATED ALWAYS AS (${sql.raw(vectorOf(DOCUMENTS[table](table)))}) STORED`.execute(db);
  }
  await sql`CREATE INDEX ${sql.raw(`${table}_search`)} ON ${sql.raw(table)}
    USING gin ((${sql.raw(SEARCH_VECTORS[table](table))}))`.execute(db);
}

/** Takes a table's search vector away (a column it is made of is about to change). */
export async function dropSearchVector(db: Kysely<unknown>, table: SearchTable): Promise<void> {
  await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_search`)}`.execute(db);
  if (STORED.includes(table)) {
    await sql`ALTER TABLE ${sql.raw(table)} DROP COLUMN IF EXISTS fts`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS insured_broker_ids`.execute(db);
  await sql`ALTER TABLE insured DROP COLUMN IF EXISTS broker_ids`.execute(db);
  for (const table of TABLES) await dropSearchVector(db, table);
  await sql`DROP FUNCTION IF EXISTS public.search_vector(text)`.execute(db);
  await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS public.fr_prefix`.execute(db);
  await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS public.fr_search`.execute(db);
}
