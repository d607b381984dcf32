// The full-text search (spec administration §2 /recherche, §3 "Search result", §7 POST /search;
// issue 16; docs/api.md "Search"): one request over contracts, insured persons, subscribers,
// business providers, insurance companies and products, answered as the spec's raw entries
// { CONTENT, ID_SOURCE, ID_CATEGORY }, CONTENT being the JSON text of an array whose first
// element is what the result shows.
//
// French full-text search (migration 017_search): each word typed must be found, as a French
// stem ('contrats' finds 'contrat') or as the beginning of a word, accents folded ('prevoy'
// finds 'Prévoyance', 'dupon' finds 'Dupont'); results are ranked (ts_rank), the closest first.
// Anyone signed in may search; every category is read with the data scope of its list
// (server/src/scope): a seller finds its own contracts, insured persons and customers only.
// Business providers, insurance companies and products are reference data, as in their lists.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { SEARCH_RESULTS_PER_CATEGORY } from '../../../../src/domain/search.ts';
import { auditSearch } from '../../audit/events.ts';
import {
  SEARCH_DOCUMENTS,
  SEARCH_VECTORS,
  type SearchTable,
} from '../../db/migrations/017_search.ts';
import { httpError } from '../../http/problem.ts';
import { ValidationFailed, type Violation } from '../../http/violations.ts';
import { contractScope, insuredScope } from '../../scope/index.ts';
import { customerInScope } from '../customers/scope.ts';
import { contextOf } from '../framework/context.ts';
import type { Api, Ctx, ResourceDeps } from '../framework/index.ts';
import { ORGANIZATION_TYPE } from '../organizations/shape.ts';

/** The categories of the selector (spec §2: 'Catégories', id 0 = every category). */
export const SEARCH_CATEGORIES = {
  contracts: 1,
  insureds: 2,
  customers: 3,
  businessProviders: 4,
  insuranceCompanies: 5,
  products: 6,
} as const;
const CATEGORY_IDS: readonly number[] = Object.values(SEARCH_CATEGORIES);

export const SEARCH_LIMITS = {
  /** Results per category, by default and at most (the search page reads them too). */
  defaultLimit: SEARCH_RESULTS_PER_CATEGORY.default,
  maxLimit: SEARCH_RESULTS_PER_CATEGORY.max,
  /** Characters of the query, and words considered. */
  maxLength: 200,
  maxWords: 8,
  /**
   * Matches of one category ranked at most: a query as broad as one letter matches most of a
   * million contracts, and ranking recomputes each one's vector. The first matches found are
   * ranked; a precise query has fewer than this.
   */
  ranked: 150,
} as const;

export interface SearchRequest {
  words: string[];
  category: number;
  limit: number;
}

/** The raw entry of spec §3. */
export interface SearchEntry {
  CONTENT: string;
  ID_SOURCE: number;
  ID_CATEGORY: number;
}

/** Letters and digits: what a word of the query may hold (no tsquery operator gets through). */
export function wordsOf(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, SEARCH_LIMITS.maxWords);
}

/** The body of POST /search: 400 when it is no JSON object, 422 naming each field at fault. */
export function parseSearchRequest(body: unknown): SearchRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw httpError(400, 'Le corps de la requête doit être un objet JSON.');
  }
  const input = body as Record<string, unknown>;
  const violations: Violation[] = [];
  let words: string[] = [];
  if (typeof input.query !== 'string') {
    violations.push({
      propertyPath: 'query',
      message:
        input.query === undefined || input.query === null
          ? 'Le texte recherché est obligatoire.'
          : 'Le texte recherché doit être une chaîne de caractères.',
    });
  } else if (input.query.length > SEARCH_LIMITS.maxLength) {
    violations.push({
      propertyPath: 'query',
      message: `Le texte recherché ne doit pas dépasser ${SEARCH_LIMITS.maxLength} caractères.`,
    });
  } else {
    words = wordsOf(input.query);
    if (!words.length) {
      violations.push({
        propertyPath: 'query',
        message: 'Le texte recherché doit contenir au moins une lettre ou un chiffre.',
      });
    }
  }
  const category = input.category ?? 0;
  if (typeof category !== 'number' || !(category === 0 || CATEGORY_IDS.includes(category))) {
    violations.push({
      propertyPath: 'category',
      message: `La catégorie doit être 0 (toutes) ou l’une de ${CATEGORY_IDS.join(', ')}.`,
    });
  }
  const limit = input.limit ?? SEARCH_LIMITS.defaultLimit;
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > SEARCH_LIMITS.maxLimit
  ) {
    violations.push({
      propertyPath: 'limit',
      message: `Le nombre de résultats doit être un entier de 1 à ${SEARCH_LIMITS.maxLimit}.`,
    });
  }
  if (violations.length) throw new ValidationFailed(violations);
  return { words, category: category as number, limit: limit as number };
}

/**
 * Every word must match (`&`): as a French stem, or as the whole word typed, or, for the last
 * word only, which is still being typed, as the beginning of a word, accents folded. Only the
 * last word is a prefix: a prefix reads every word it begins (all of the index's 'ct…' for a
 * contract number's 'ct'), a whole word only its own entry, which GIN skips through.
 * A French stop word gives an empty stem query, and the whole word alone then counts.
 */
function tsQuery(words: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    words.map((w, i) =>
      i === words.length - 1
        ? sql`(to_tsquery('public.fr_search', ${w}) || to_tsquery('public.fr_prefix', ${`${w}:*`}))`
        : sql`(to_tsquery('public.fr_search', ${w}) || to_tsquery('public.fr_prefix', ${w}))`,
    ),
    sql` && `,
  );
}

/**
 * The words typed whole, any of them (`fr_prefix(w) | ...`): what ranks an exact word before
 * the longer ones it begins ('quenouille' before 'Quenouillette', which its prefix and the
 * French stem both match as well).
 */
function wholeWords(words: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    words.map((w) => sql`to_tsquery('public.fr_prefix', ${w})`),
    sql` || `,
  );
}

/** Broker ids written into the SQL as the scope predicates do (integers from the database). */
const brokerArray = (ids: readonly number[]) =>
  ids.length
    ? sql`ARRAY[${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))}]::int[]`
    : sql`'{}'::int[]`;

interface Branch {
  category: number;
  table: string;
  document: SearchTable;
  /** The rows this caller may find, on the table aliased `t`. */
  where?: (ctx: Pick<Ctx, 'scope'>) => RawBuilder<SqlBool> | ReturnType<typeof contractScope>;
  /** From the ranked hits `hit` (id, rank) to { label, detail } with what they show. */
  content: RawBuilder<unknown>;
  joins: RawBuilder<unknown>;
}

const BRANCHES: Branch[] = [
  {
    category: SEARCH_CATEGORIES.contracts,
    table: 'contract',
    document: 'contract',
    where: (ctx) => contractScope(ctx.scope, 't'),
    joins: sql`JOIN contract AS c ON c.id = hit.id
      JOIN product AS p ON p.id = c.product_id
      JOIN customer AS cu ON cu.id = c.customer_id`,
    content: sql`json_build_object('label', c.lb_contrat, 'detail',
      p.lb_produit || ' – ' || cu.legalname, 'number', c.lb_contrat, 'product', p.lb_produit,
      'customer', cu.legalname, 'startDate', c.date_deb_val)`,
  },
  {
    category: SEARCH_CATEGORIES.insureds,
    table: 'insured',
    document: 'insured',
    // A seller's or manager's: read from insured.broker_ids (GIN) with the search's index,
    // then checked by the scope's own rule.
    where: (ctx) =>
      ctx.scope.kind === 'brokers'
        ? sql<SqlBool>`t.broker_ids && ${brokerArray(ctx.scope.brokerIds)}
          AND ${insuredScope(ctx.scope, 't')}`
        : insuredScope(ctx.scope, 't'),
    joins: sql`JOIN insured AS i ON i.id = hit.id`,
    content: sql`json_build_object('label', upper(i.lastname) || ' ' || i.firstname, 'detail',
      i.postal_code || ' ' || i.address_locality, 'lastname', i.lastname,
      'firstname', i.firstname, 'birthDate', i.dt_birthday)`,
  },
  {
    category: SEARCH_CATEGORIES.customers,
    table: 'customer',
    document: 'customer',
    where: (ctx) => customerInScope(ctx.scope, 't'),
    joins: sql`JOIN customer AS cu ON cu.id = hit.id`,
    content: sql`json_build_object('label', cu.legalname, 'detail',
      cu.postal_code || ' ' || cu.address_locality, 'siret', cu.siret)`,
  },
  {
    category: SEARCH_CATEGORIES.businessProviders,
    table: 'organization',
    document: 'organization',
    where: () => sql<SqlBool>`t.type_id = ${sql.lit(ORGANIZATION_TYPE.businessProvider)}`,
    joins: sql`JOIN organization AS o ON o.id = hit.id`,
    content: sql`json_build_object('label', o.legalname, 'detail',
      concat_ws(' ', o.postal_code, o.address_locality), 'orias', o.orias)`,
  },
  {
    category: SEARCH_CATEGORIES.insuranceCompanies,
    table: 'organization',
    document: 'organization',
    where: () => sql<SqlBool>`t.type_id = ${sql.lit(ORGANIZATION_TYPE.insuranceCompany)}`,
    joins: sql`JOIN organization AS o ON o.id = hit.id`,
    content: sql`json_build_object('label', o.legalname, 'detail',
      concat_ws(' ', o.postal_code, o.address_locality))`,
  },
  {
    category: SEARCH_CATEGORIES.products,
    table: 'product',
    document: 'product',
    joins: sql`JOIN product AS p ON p.id = hit.id
      JOIN organization AS o ON o.id = p.insurance_company_id`,
    content: sql`json_build_object('label', p.lb_produit, 'detail',
      p.lb_type_contrat || ' – ' || o.legalname, 'insuranceCompany', o.legalname)`,
  },
];

function branchSql(
  branch: Branch,
  ctx: Pick<Ctx, 'scope'>,
  request: SearchRequest,
): RawBuilder<unknown> {
  const vector = sql.raw(SEARCH_VECTORS[branch.document]('t'));
  const query = tsQuery(request.words);
  const whole = wholeWords(request.words);
  const scope = branch.where ? sql`AND ${branch.where(ctx)}` : sql``;
  const document = sql.raw(SEARCH_DOCUMENTS[branch.document]('t'));
  const matches = (match: RawBuilder<unknown>) =>
    sql`(SELECT t.id, ${vector} AS vector, ${document} AS document
        FROM ${sql.raw(branch.table)} AS t
        WHERE ${vector} @@ (${match}) ${scope}
        LIMIT ${sql.lit(SEARCH_LIMITS.ranked)})`;
  // Innermost: the first matches in scope (the GIN index), those holding a word as typed (or
  // its stem) read apart, so that a common name (Martin) is not crowded out by the longer names
  // it begins (Martinez, Martine); then ranked, a word typed whole and found whole in the text
  // first (the vector cannot tell: the French stem of 'Martinez' is 'martin'); then shown.
  return sql`(SELECT ${sql.lit(branch.category)}::int AS category, hit.id, hit.rank,
      json_build_array(${branch.content})::text AS content
    FROM (SELECT found.id,
        ts_rank(found.vector, ${query}) + ts_rank(found.vector, ${whole})
          + (to_tsvector('public.fr_prefix', found.document) @@ (${whole}))::int AS rank
      FROM (SELECT DISTINCT ON (candidate.id) candidate.id, candidate.vector, candidate.document
        FROM (${matches(sql`(${query}) && (${whole})`)} UNION ALL ${matches(query)}) AS candidate
        ORDER BY candidate.id) AS found
      ORDER BY rank DESC, found.id
      LIMIT ${sql.lit(request.limit)}) AS hit
    ${branch.joins})`;
}

/** The one statement of a search (exported for the benchmark's plans). */
export function searchStatement(ctx: Pick<Ctx, 'scope'>, request: SearchRequest) {
  const branches = BRANCHES.filter(
    (b) => request.category === 0 || b.category === request.category,
  );
  const union = sql.join(
    branches.map((b) => branchSql(b, ctx, request)),
    sql` UNION ALL `,
  );
  return sql<{ category: number; id: number; rank: number; content: string }>`
    SELECT category, id, rank, content FROM (${union}) AS results
    ORDER BY rank DESC, category, id`;
}

export async function search(ctx: Ctx, request: SearchRequest): Promise<SearchEntry[]> {
  // Each branch reads its first matches (LIMIT): the planner, which cannot tell how rare a
  // prefix is, would rather scan a million contracts in order until it has them, and find none
  // for a name (seconds). The GIN indexes are what answers a search: no sequential scan, for
  // this statement only (SET LOCAL, in its own transaction). Planning the six branches costs
  // more than running them (15 ms against 3): the plan does not depend on the words, so the
  // generic plan of the prepared statement (server/src/db/preparedStatements.ts) is kept.
  const { rows } = await ctx.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
    return searchStatement(ctx, request).execute(trx);
  });
  return rows.map((r) => ({ CONTENT: r.content, ID_SOURCE: r.id, ID_CATEGORY: r.category }));
}

export function register(api: Api, deps: ResourceDeps): void {
  for (const path of ['/api/search', '/search']) {
    api.post(path, async (request, reply) => {
      const ctx = await contextOf(request, deps);
      const entries = await search(ctx, parseSearchRequest(request.body));
      await auditSearch(ctx, entries, SEARCH_CATEGORIES.insureds);
      reply.header('cache-control', 'no-store');
      return reply.send(entries);
    });
  }
}
