// The to-many relations of a page of contracts, each loaded in ONE query by id list (never one
// query per row): organisations (business providers and insurance companies), customer
// portfolios with their brokers, options.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

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

export interface ContractRelations {
  organizations: Map<number, OrganizationRef[]>;
  portfolios: Map<number, PortfolioRef[]>;
  options: Map<number, Array<{ choise: string }>>;
}

function group<T>(rows: Array<{ contract_id: number }>, map: (row: never) => T) {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.contract_id) ?? [];
    list.push(map(row as never));
    out.set(row.contract_id, list);
  }
  return out;
}

export async function loadContractRelations(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<ContractRelations> {
  if (!ids.length) return { organizations: new Map(), portfolios: new Map(), options: new Map() };
  const [organizations, portfolios, options] = await Promise.all([
    db
      .selectFrom('contract_organization as co')
      .innerJoin('organization as o', 'o.id', 'co.organization_id')
      .select(['co.contract_id', 'o.id', 'o.type_id', 'o.legalname', 'o.email'])
      .where('co.contract_id', 'in', ids)
      .orderBy('o.legalname')
      .orderBy('o.id')
      .execute(),
    db
      .selectFrom('customer_portfolio as cp')
      .innerJoin('app_user as u', 'u.id', 'cp.broker_id')
      .leftJoin('organization as uo', 'uo.id', 'u.organization_id')
      .select([
        'cp.contract_id',
        'cp.id',
        'u.id as broker_id',
        'u.username',
        'u.firstname',
        'u.lastname',
        'u.seller_code',
        'uo.id as organization_id',
        'uo.legalname as organization_legalname',
      ])
      .where('cp.contract_id', 'in', ids)
      .orderBy('cp.id')
      .execute(),
    db
      .selectFrom('contract_option')
      .select(['contract_id', 'choise'])
      .where('contract_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  return {
    organizations: group(organizations, (o: (typeof organizations)[number]) => ({
      '@id': `/api/organizations/${o.id}`,
      '@type': 'Organization' as const,
      id: o.id,
      type: { id: o.type_id },
      legalname: o.legalname,
      email: o.email,
    })),
    portfolios: group(portfolios, (p: (typeof portfolios)[number]) => ({
      '@type': 'CustomerPortfolio' as const,
      id: p.id,
      broker: {
        '@id': `/api/brokers/${p.broker_id}`,
        '@type': 'Broker' as const,
        id: p.broker_id,
        username: p.username,
        firstname: p.firstname,
        lastname: p.lastname,
        sellerCode: p.seller_code,
        organization:
          p.organization_id === null
            ? null
            : {
                '@id': `/api/organizations/${p.organization_id}`,
                id: p.organization_id,
                legalname: p.organization_legalname ?? '',
              },
      },
    })),
    options: group(options, (o: (typeof options)[number]) => ({ choise: o.choise })),
  };
}
