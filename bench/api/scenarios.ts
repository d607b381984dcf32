// What is measured: the contract list of spec §4 with its default filters (states Actif 1,
// Impayé 2, À venir 4; contract types Base 1 and Surco 3; "Avec assuré actif", i.e.
// nbrInsured > 0, spec §5), newest first (spec §9), as the SPA asks for it, for the operator
// administrator (every contract) and for a seller (its own portfolios only).
//
// Three pages each: page 1; the deepest page reached by number (page 1,000 of 10 rows: the
// server counts at most 10,000 rows and pages by offset within them, docs/api.md); and a page
// in the middle of the whole result, reached through the keyset cursor (`after`) that
// hydra:next carries past the numbered pages.
import type pg from 'pg';

export const CONTRACT_LIST =
  '/api/contrats?state[]=1&state[]=2&state[]=4&contractType[]=1&contractType[]=3' +
  '&nbrInsured=true&order[dateDebVal]=desc&itemsPerPage=10';

/** The statistics block the contract screen shows above the list, for the same filters. */
export const STATISTICS =
  '/api/nbr_insured_active_by_contracts_search?state[]=1&state[]=2&state[]=4' +
  '&contractType[]=1&contractType[]=3&nbrInsured=true';

/** The same filters written as SQL, independently of the server (for the middle row). */
const DEFAULT_FILTERS = 'state_id IN (1, 2, 4) AND contract_type_id IN (1, 3) AND nbr_insured > 0';

export const ACCOUNTS = ['ageo', 'vendeur'] as const;
export type Account = (typeof ACCOUNTS)[number];

export interface Scenario {
  name: string;
  account: Account;
  /** Path and query, relative to the server. */
  path: string;
  /** Page 1 carries the targets of the issue. */
  first: boolean;
}

export const pageOf = (page: number) => `${CONTRACT_LIST}&page=${page}`;

/** The deepest numbered page: `wanted` (BENCH_DEEP_PAGE) within the counted rows. */
export function deepPage(totalItems: number, wanted: number): number {
  return Math.max(1, Math.min(Math.ceil(totalItems / 10), wanted));
}

const afterOf = (link: unknown) =>
  typeof link === 'string' ? /[?&]after=([^&]+)/.exec(link)?.[1] : undefined;

/**
 * A cursor pointing at the middle of the account's whole result: the cursor of a real
 * hydra:next link (its shape: base64url of [order signature, [dateDebVal, id]]) with the
 * sort values of the middle row, found by SQL. Undefined when the server gave no cursor.
 */
export async function middleCursor(
  pool: pg.Pool,
  account: Account,
  nextLink: unknown,
): Promise<{ after: string; position: number } | undefined> {
  const after = afterOf(nextLink);
  if (!after) return undefined;
  const decoded = JSON.parse(Buffer.from(decodeURIComponent(after), 'base64url').toString());
  if (!Array.isArray(decoded) || !Array.isArray(decoded[1]) || decoded[1].length !== 2) {
    return undefined;
  }
  const scope =
    account === 'ageo'
      ? 'true'
      : `broker_ids && ARRAY[(SELECT id FROM app_user WHERE username = '${account}' ORDER BY id LIMIT 1)]`;
  const where = `${DEFAULT_FILTERS} AND ${scope}`;
  const { rows: counted } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM contract WHERE ${where}`,
  );
  const position = Math.floor(counted[0].n / 2);
  const { rows } = await pool.query<{ d: string; id: number }>(
    `SELECT date_deb_val AS d, id FROM contract WHERE ${where}
     ORDER BY date_deb_val DESC, id DESC OFFSET $1 LIMIT 1`,
    [position],
  );
  if (!rows.length) return undefined;
  const cursor = Buffer.from(JSON.stringify([decoded[0], [rows[0].d, rows[0].id]])).toString(
    'base64url',
  );
  return { after: cursor, position };
}

/**
 * The other lists a broker opens most, page 1 in the default order, measured beside the
 * contract list (every page computed): each account reads those its profile opens.
 */
export const OTHER_LISTS: ReadonlyArray<{
  name: string;
  path: string;
  /** Demo accounts (docs/architecture.md), not only those of the contract scenarios. */
  accounts: readonly string[];
}> = [
  { name: 'affiliates (/api/assures)', path: '/api/assures?itemsPerPage=10', accounts: ACCOUNTS },
  {
    name: 'premiums (/api/cotisations)',
    path: '/api/cotisations?itemsPerPage=10',
    accounts: ACCOUNTS,
  },
  {
    name: 'benefits (/api/prestations)',
    path: '/api/prestations?itemsPerPage=10',
    accounts: ACCOUNTS,
  },
  { name: 'sellers (/api/brokers)', path: '/api/brokers?itemsPerPage=10', accounts: ['ageo'] },
  // Administration (spec administration): the users list as the operator and as a partner's
  // administrator, and the roles tree as its screen asks for it (every right at once).
  {
    name: 'users (/api/users)',
    path: '/api/users?itemsPerPage=10',
    accounts: ['ageo', 'partenaire'],
  },
  {
    name: 'roles tree (/api/roles)',
    path: '/api/roles?itemsPerPage=100&order[listOrder]=asc',
    accounts: ['ageo'],
  },
];
