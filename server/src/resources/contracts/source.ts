// Contracts as the API publishes them (spec §3): the scoped FROM (the contract table alone, so
// counts stay index-only), the display joins (product, category, customer, state, type), the
// to-many relations as JSON columns of the same statement. The derived fields of spec §3 are
// the Contract declaration's (`derived`, src/domain/contract.ts).

import type { SelectQueryBuilder } from 'kysely';
import { Contract } from '../../../../src/domain/schema/contract.ts';
import type { DB } from '../../db/schema.ts';
import { contractScope } from '../../scope/index.ts';
import { type AnySelect, iri } from '../framework/index.ts';
import { classSource } from '../framework/schema.ts';
import { optionsOf, organizationsOf, portfoliosOf, relationColumns } from './relations.ts';

export const CONTRACTS_IRI = '/api/contracts';

/** The contract's labels a list shows: product, category (collège), customer and state. */
export const contractLabelJoins = (qb: SelectQueryBuilder<DB, 'contract', object>) =>
  qb
    .innerJoin('product', 'product.id', 'contract.product_id')
    .innerJoin('contract_category', 'contract_category.id', 'contract.category_id')
    .innerJoin('customer', 'customer.id', 'contract.customer_id')
    .innerJoin('contract_state', 'contract_state.id', 'contract.state_id');

export const contracts = classSource(Contract, {
  from: (ctx) => ctx.db.selectFrom('contract').where(contractScope(ctx.scope)) as AnySelect,
  joins: (qb) =>
    contractLabelJoins(qb as SelectQueryBuilder<DB, 'contract', object>).innerJoin(
      'contract_type',
      'contract_type.id',
      'contract.contract_type_id',
    ) as AnySelect,
  select: (qb) =>
    qb
      .select([
        'contract.state_id',
        'contract_state.label as state_label',
        'contract.contract_type_id',
        'contract_type.label as contract_type_label',
        'customer.siret as customer_siret',
        'customer.id_cc1 as customer_id_cc1',
      ])
      .select(relationColumns()),
  compute(rows) {
    return rows.map((r) => {
      const organizations = organizationsOf(r.organizations_json);
      const customerPortfolios = portfoliosOf(r.portfolios_json);
      return {
        product: {
          '@id': iri('/api/products', r.idProduit),
          id: r.idProduit,
          lbProduit: r.lbProduit,
        },
        customer: {
          '@id': iri('/api/customers', r.idSouscrip),
          '@type': 'Customer',
          id: r.idSouscrip,
          subscriber: r.lbSouscrip,
          legalname: r.lbSouscrip,
          siret: r.customer_siret,
          idCc1: r.customer_id_cc1,
        },
        state: {
          '@id': iri('/api/contratStates', r.state_id),
          id: r.state_id,
          label: r.state_label,
        },
        contractType: {
          '@id': iri('/api/contratTypes', r.contract_type_id),
          id: r.contract_type_id,
          label: r.contract_type_label,
        },
        options: optionsOf(r.options_json),
        customerPortfolios,
        organizations: organizations.map((organization) => ({ organization })),
        // The derived fields (spec §3) follow from these: Contract.derived.
      };
    });
  },
});
