// Products (spec §3 "Product", §7): the catalogue at /api/products and /products (reference
// data, visible to every signed-in user) with its contract-based variants, which only consider
// contracts in the caller's scope (variants.ts); products of a customer and of a supervisor
// (404 when that parent is out of scope); and products_with_contract, the option list.

import { Product } from '../../../../src/domain/schema/product.ts';
import {
  type AnySelect,
  type Api,
  type CollectionDecl,
  collection,
  custom,
  exact,
  iri,
  item,
  type ResourceDeps,
} from '../framework/index.ts';
import { classSource, hydraClass, listParams } from '../framework/schema.ts';
import { narrowed } from '../framework/source.ts';
import { optionCollection } from '../organizations/optionList.ts';
import { insuranceCompanyIri, organizationsByIds } from '../organizations/shape.ts';
import { queryParent } from '../parents.ts';
import {
  linkedOrganization,
  mainProvider,
  ofCustomer,
  ofSupervisor,
  soldBy,
  withContractInScope,
} from './variants.ts';

export const productIri = (id: number) => iri('/api/products', id);

const products = classSource(Product, {
  from: (ctx) => ctx.db.selectFrom('product') as AnySelect,
  select: (qb) => qb.select('product.insurance_company_id'),
  async compute(rows, ctx) {
    const companies = await organizationsByIds(
      ctx,
      rows.map((r) => r.insurance_company_id as number),
    );
    return rows.map((r) => {
      const company = companies.get(r.insurance_company_id);
      return {
        insuranceCompany: company
          ? { '@id': insuranceCompanyIri(company.id), id: company.id, legalname: company.legalname }
          : null,
      };
    });
  },
});

const withContract = narrowed(products, (ctx) => withContractInScope(ctx.scope));

const LIST = {
  source: products,
  ...listParams(Product, {
    filters: {
      risk: exact('product.lb_type'),
      'insuranceCompany.id': exact('product.insurance_company_id', 'id'),
      'contracts.customerPortfolios.broker': custom('id', soldBy),
      'contracts.idApporteur': custom('id', mainProvider),
      'contracts.organizations.organization.id': custom('id', linkedOrganization),
      'contracts.customer.id': custom('id', ofCustomer),
    },
  }),
} satisfies Omit<CollectionDecl, 'paths'>;

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add(hydraClass(Product));
  collection(api, deps, { ...LIST, paths: ['/api/products', '/products'] });
  item(api, deps, {
    paths: ['/api/products/:id', '/products/:id'],
    resource: Product.name,
    source: products,
    notFound: Product.messages?.notFound,
  });
  optionCollection(api, deps, {
    ...LIST,
    paths: ['/api/products_with_contract'],
    source: withContract,
  });
  collection(api, deps, {
    ...LIST,
    paths: ['/api/products_by_customer'],
    check: queryParent('customer', 'contracts.customer.id'),
  });
  collection(api, deps, {
    ...LIST,
    paths: ['/api/products_by_supervisor'],
    check: queryParent('supervisor', 'supervisor'),
    filters: { ...LIST.filters, supervisor: custom('id', ofSupervisor) },
  });
}
