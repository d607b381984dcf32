// Products (spec §3 "Product", §7): the catalogue at /api/products and /products (reference
// data, visible to every signed-in user) with its contract-based variants, which only consider
// contracts in the caller's scope (variants.ts); products of a customer and of a supervisor
// (404 when that parent is out of scope); and products_with_contract, the option list.
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { ProductTable } from '../../db/businessSchema.ts';
import { brokerScope } from '../../scope/index.ts';
import { customerInScope } from '../customers/scope.ts';
import {
  type Api,
  type CollectionDecl,
  collection,
  custom,
  defineSource,
  exact,
  iri,
  item,
  partial,
  type ResourceDeps,
} from '../framework/index.ts';
import { optionCollection } from '../organizations/optionList.ts';
import { insuranceCompanyIri, organizationsByIds } from '../organizations/shape.ts';
import { behindParent, rowExists } from './parent.ts';
import {
  linkedOrganization,
  mainProvider,
  ofCustomer,
  ofSupervisor,
  soldBy,
  withContractInScope,
} from './variants.ts';

export const productIri = (id: number) => iri('/api/products', id);

const products = defineSource({
  from: (ctx) => ctx.db.selectFrom('product'),
  id: 'product.id',
  select: (qb) => qb.selectAll('product'),
  async members(rows: Selectable<ProductTable>[], ctx) {
    const companies = await organizationsByIds(
      ctx,
      rows.map((r) => r.insurance_company_id),
    );
    return rows.map((r) => {
      const company = companies.get(r.insurance_company_id);
      return {
        '@id': productIri(r.id),
        '@type': 'Product',
        id: r.id,
        lbProduit: r.lb_produit,
        lbTypeContrat: r.lb_type_contrat,
        lbType: r.lb_type,
        blBloqueDec: r.bl_bloque_dec,
        dtDatBloque: r.dt_dat_bloque,
        insuranceCompany: company
          ? { '@id': insuranceCompanyIri(company.id), id: company.id, legalname: company.legalname }
          : null,
      };
    });
  },
});

const withContract = defineSource({
  ...products,
  from: (ctx) => products.from(ctx).where(withContractInScope(ctx.scope)),
});

const LIST = {
  resource: 'Product',
  source: products,
  order: {
    id: 'product.id',
    lbProduit: 'product.lb_produit',
    lbTypeContrat: 'product.lb_type_contrat',
    lbType: 'product.lb_type',
    risk: 'product.lb_type',
    blBloqueDec: 'product.bl_bloque_dec',
    dtDatBloque: 'product.dt_dat_bloque',
  },
  defaultOrder: [{ field: 'lbProduit', direction: 'asc' }],
  filters: {
    id: exact('product.id', 'id'),
    lbProduit: partial('product.lb_produit'),
    lbTypeContrat: exact('product.lb_type_contrat'),
    lbType: exact('product.lb_type'),
    risk: exact('product.lb_type'),
    blBloqueDec: exact('product.bl_bloque_dec', 'boolean'),
    'insuranceCompany.id': exact('product.insurance_company_id', 'id'),
    'contracts.customerPortfolios.broker': custom('id', soldBy),
    'contracts.idApporteur': custom('id', mainProvider),
    'contracts.organizations.organization.id': custom('id', linkedOrganization),
    'contracts.customer.id': custom('id', ofCustomer),
  },
  dates: { dtDatBloque: 'product.dt_dat_bloque' },
} as const satisfies Omit<CollectionDecl, 'paths'>;

export async function register(api: Api, deps: ResourceDeps): Promise<void> {
  api.hydra.add({
    name: 'Product',
    title: 'Produit',
    collection: { path: '/api/products', key: 'products' },
    properties: [
      { name: 'id', title: 'Identifiant', range: 'xmls:integer' },
      { name: 'lbProduit', title: 'Produit', range: 'xmls:string' },
      { name: 'lbTypeContrat', title: 'Type de contrat', range: 'xmls:string' },
      { name: 'lbType', title: 'Risque', range: 'xmls:string' },
      { name: 'blBloqueDec', title: 'Bloqué', range: 'xmls:boolean' },
      { name: 'dtDatBloque', title: 'Date de blocage', range: 'xmls:date' },
      {
        name: 'insuranceCompany',
        title: "Compagnie d'assurance",
        range: '#InsuranceCompany',
      },
    ],
  });
  collection(api, deps, { ...LIST, paths: ['/api/products', '/products'] });
  item(api, deps, {
    paths: ['/api/products/:id', '/products/:id'],
    resource: 'Product',
    source: products,
    notFound: 'Ce produit est introuvable.',
  });
  optionCollection(api, deps, {
    ...LIST,
    paths: ['/api/products_with_contract'],
    source: withContract,
  });
  await behindParent(
    api,
    deps,
    {
      param: 'contracts.customer.id',
      exists: (ctx, id) => rowExists(ctx, 'customer', id, customerInScope(ctx.scope, 'customer')),
      notFound: 'Ce souscripteur est introuvable.',
    },
    (child) => collection(child, deps, { ...LIST, paths: ['/api/products_by_customer'] }),
  );
  await behindParent(
    api,
    deps,
    {
      param: 'supervisor',
      exists: (ctx, id) =>
        rowExists(
          ctx,
          'app_user',
          id,
          sql<SqlBool>`app_user.user_type = 3 AND ${brokerScope(ctx.scope, 'app_user')}`,
        ),
      notFound: 'Ce manager est introuvable.',
    },
    (child) =>
      collection(child, deps, {
        ...LIST,
        paths: ['/api/products_by_supervisor'],
        filters: { ...LIST.filters, supervisor: custom('id', ofSupervisor) },
      }),
  );
}
