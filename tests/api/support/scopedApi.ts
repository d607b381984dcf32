// The business API as each demo account sees it, for the API tests of customers, organisations,
// products, commissions, brokers and supervisors: tokens from the real sign-in (renewed before
// their 300 s lifetime ends), GET with the bearer, every page of a collection, raw SQL on the
// seeded rows, and each account's data scope recomputed from the source relations
// (customer_portfolio, the customer's partner, managed_by) independently of the server's
// denormalised contract.partner_id / contract.broker_ids (docs/security.md).
import { sql } from 'kysely';
import { expect } from 'vitest';
import { callApi, OidcBrowser } from '../../../scripts/lib/oidcBrowser.ts';
import type { TestServer } from './server.ts';

export const ACCOUNTS = ['ageo', 'partenaire', 'manager', 'vendeur'] as const;
export type Account = (typeof ACCOUNTS)[number];
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read field by field.
export type Json = Record<string, any>;

export interface Answer {
  status: number;
  type: string;
  body: Json;
}

export interface SentAnswer extends Answer {
  etag: string | null;
  location: string | null;
}

/** The violations of a 422, as 'propertyPath: message'. */
export const violationsOf = (answer: Answer): string[] =>
  (answer.body.violations as Array<{ propertyPath: string; message: string }>).map(
    (v) => `${v.propertyPath}: ${v.message}`,
  );

export class ScopedApi {
  readonly #tokens = new Map<Account, { token: string; at: number }>();

  /** `issuer`: the server whose identity provider signs in, when the API trusts another's. */
  constructor(
    readonly server: TestServer,
    readonly issuer: TestServer = server,
  ) {}

  async token(user: Account): Promise<string> {
    const cached = this.#tokens.get(user);
    if (cached && Date.now() - cached.at < 200_000) return cached.token;
    const browser = new OidcBrowser(this.issuer.url, this.issuer.config.oidc.clientId);
    const set = await browser.login(user, 'demo');
    this.#tokens.set(user, { token: set.access_token, at: Date.now() });
    return set.access_token;
  }

  async get(user: Account, path: string): Promise<Answer> {
    const response = await callApi(this.server.url, path, await this.token(user));
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: (await response.json()) as Json,
    };
  }

  /** Any call with the user's bearer: a JSON-LD body, its ETag and Location kept. */
  async send(
    user: Account,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<SentAnswer> {
    const response = await fetch(new URL(path, this.server.url), {
      method,
      headers: {
        authorization: `Bearer ${await this.token(user)}`,
        accept: 'application/ld+json',
        ...(body === undefined ? {} : { 'content-type': 'application/ld+json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      etag: response.headers.get('etag'),
      location: response.headers.get('location'),
      body: text ? (JSON.parse(text) as Json) : {},
    };
  }

  /** Every member of a collection, page after page (100 per page). */
  async all(user: Account, path: string): Promise<Json[]> {
    const members: Json[] = [];
    for (let page = 1; page < 200; page++) {
      const join = path.includes('?') ? '&' : '?';
      const { status, body } = await this.get(user, `${path}${join}itemsPerPage=100&page=${page}`);
      expect(status, path).toBe(200);
      members.push(...body['hydra:member']);
      if (!body['hydra:view']['hydra:next']) break;
    }
    return members;
  }

  /** A collection page that must answer 200 (the body shown when it does not). */
  async list(user: Account, path: string): Promise<Json> {
    const { status, body } = await this.get(user, path);
    expect(status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    return body;
  }

  async rows<T = Json>(query: string): Promise<T[]> {
    return (await sql.raw<T>(query).execute(this.server.database.db)).rows;
  }

  async ids(query: string): Promise<number[]> {
    return (await this.rows<{ id: number }>(query)).map((r) => Number(r.id));
  }

  /** count(*) of the rows of a query. */
  async count(query: string): Promise<number> {
    const [row] = await this.rows<{ n: number }>(`SELECT count(*)::int AS n FROM (${query}) q`);
    return Number(row.n);
  }

  /** The id of the first row of a query, which must find one. */
  async one(query: string): Promise<number> {
    const [row] = await this.rows<{ id: number }>(query);
    expect(row, query).toBeDefined();
    return Number(row.id);
  }
}

/** The ids of a collection page's members. */
export const memberIds = (body: Json): number[] => body['hydra:member'].map((m: Json) => m.id);

const userId = (username: string) => `(SELECT id FROM app_user WHERE username = '${username}')`;
const partnerOf = (username: string) =>
  `(SELECT partner_id FROM app_user WHERE username = '${username}')`;

/** SELECT id of the contracts in each account's scope. */
export const CONTRACTS: Record<Account, string> = {
  ageo: 'SELECT id FROM contract',
  partenaire: `SELECT c.id FROM contract c JOIN customer cu ON cu.id = c.customer_id
    WHERE cu.partner_id = ${partnerOf('partenaire')}`,
  manager: `SELECT cp.contract_id AS id FROM customer_portfolio cp
    JOIN app_user u ON u.id = cp.broker_id
    WHERE u.id = ${userId('manager')} OR u.managed_by = ${userId('manager')}`,
  vendeur: `SELECT contract_id AS id FROM customer_portfolio WHERE broker_id = ${userId('vendeur')}`,
};

/** SELECT id of the customers in each account's scope. */
export const CUSTOMERS: Record<Account, string> = {
  ageo: 'SELECT id FROM customer',
  partenaire: `SELECT id FROM customer WHERE partner_id = ${partnerOf('partenaire')}`,
  manager: `SELECT DISTINCT customer_id AS id FROM contract WHERE id IN (${CONTRACTS.manager})`,
  vendeur: `SELECT DISTINCT customer_id AS id FROM contract WHERE id IN (${CONTRACTS.vendeur})`,
};

/** SELECT id of the users (sellers, managers) in each account's scope. */
export const USERS: Record<Account, string> = {
  ageo: 'SELECT id FROM app_user',
  partenaire: `SELECT id FROM app_user WHERE partner_id = ${partnerOf('partenaire')}`,
  manager: `SELECT id FROM app_user
    WHERE id = ${userId('manager')} OR managed_by = ${userId('manager')}`,
  vendeur: `SELECT id FROM app_user WHERE id = ${userId('vendeur')}`,
};

export const sortedIds = (list: number[]) => [...list].sort((a, b) => a - b);
