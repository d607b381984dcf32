// The to-many relations of a page of contracts: organisations (business providers and insurance
// companies), customer portfolios with their brokers, options. Each is a JSON column of the
// page's own statement (a correlated json_agg, evaluated for the page's rows only), so a page
// is one statement: every statement is a round trip that costs more than these lookups
// (docs/benchmarks.md).
import { sql } from 'kysely';

export interface OrganizationRef {
  '@id': string;
  '@type': 'Organization';
  id: number;
  type: { id: number };
  legalname: string;
  email: string | null;
}

/** Embedded without @id: no endpoint publishes a portfolio on its own. */
export interface PortfolioRef {
  '@type': 'CustomerPortfolio';
  id: number;
  broker: {
    '@id': string;
    '@type': 'Broker';
    id: number;
    username: string;
    firstname: string;
    lastname: string;
    sellerCode: string | null;
    organization: { '@id': string; id: number; legalname: string } | null;
  };
}

type OrganizationTuple = [number, number, string, string | null];
type PortfolioTuple = [
  number,
  number,
  string,
  string,
  string,
  string | null,
  number | null,
  string | null,
];

/** The relation columns, selected beside the contract's own (table aliased `contract`). */
export const relationColumns = () => [
  sql<OrganizationTuple[] | null>`(SELECT json_agg(json_build_array(o.id, o.type_id,
    o.legalname, o.email) ORDER BY o.legalname, o.id)
    FROM contract_organization AS co JOIN organization AS o ON o.id = co.organization_id
    WHERE co.contract_id = contract.id)`.as('organizations_json'),
  sql<PortfolioTuple[] | null>`(SELECT json_agg(json_build_array(cp.id, u.id, u.username,
    u.firstname, u.lastname, u.seller_code, uo.id, uo.legalname) ORDER BY cp.id)
    FROM customer_portfolio AS cp JOIN app_user AS u ON u.id = cp.broker_id
    LEFT JOIN organization AS uo ON uo.id = u.organization_id
    WHERE cp.contract_id = contract.id)`.as('portfolios_json'),
  sql<string[] | null>`(SELECT json_agg(contract_option.choise ORDER BY contract_option.id)
    FROM contract_option WHERE contract_option.contract_id = contract.id)`.as('options_json'),
];

export const organizationsOf = (tuples: OrganizationTuple[] | null): OrganizationRef[] =>
  (tuples ?? []).map(([id, typeId, legalname, email]) => ({
    '@id': `/api/organizations/${id}`,
    '@type': 'Organization' as const,
    id,
    type: { id: typeId },
    legalname,
    email,
  }));

export const portfoliosOf = (tuples: PortfolioTuple[] | null): PortfolioRef[] =>
  (tuples ?? []).map(
    ([id, brokerId, username, firstname, lastname, sellerCode, orgId, orgName]) => ({
      '@type': 'CustomerPortfolio' as const,
      id,
      broker: {
        '@id': `/api/brokers/${brokerId}`,
        '@type': 'Broker' as const,
        id: brokerId,
        username,
        firstname,
        lastname,
        sellerCode,
        organization:
          orgId === null
            ? null
            : { '@id': `/api/organizations/${orgId}`, id: orgId, legalname: orgName ?? '' },
      },
    }),
  );

export const optionsOf = (choices: string[] | null) =>
  (choices ?? []).map((choise) => ({ choise }));
