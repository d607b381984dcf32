// What is measured: the contract list of spec §4 with its default filters (states Actif 1,
// Impayé 2, À venir 4; contract types Base 1 and Surco 3; "Avec assuré actif", i.e.
// nbrInsured > 0, spec §5), newest first (spec §9), as the SPA asks for it, for the operator
// administrator (every contract) and for a seller (its own portfolios only).
export const CONTRACT_LIST =
  '/api/contrats?state[]=1&state[]=2&state[]=4&contractType[]=1&contractType[]=3' +
  '&nbrInsured=true&order[dateDebVal]=desc&itemsPerPage=10';

export const ACCOUNTS = ['ageo', 'vendeur'] as const;
export type Account = (typeof ACCOUNTS)[number];

export interface Scenario {
  name: string;
  account: Account;
  page: number;
  /** Path and query, relative to the server. */
  path: string;
}

export const pageOf = (page: number) => `${CONTRACT_LIST}&page=${page}`;

/** The page number of a Hydra view link (hydra:last), 1 when absent. */
export function pageInLink(link: unknown): number {
  if (typeof link !== 'string') return 1;
  const match = /[?&]page=(\d+)/.exec(link);
  return match ? Number(match[1]) : 1;
}

/**
 * The deep page: `wanted` (BENCH_DEEP_PAGE, default 1,000: 9,990 rows skipped) or the last
 * page when the account sees fewer.
 */
export function deepPage(lastPage: number, wanted: number): number {
  return Math.max(1, Math.min(lastPage, wanted));
}
