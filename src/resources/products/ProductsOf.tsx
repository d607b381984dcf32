// The products of a parent (spec §2 "products of a user, provider or customer"), on a detail:
// by name (the catalogue's order), each row opening /Produits/{id}.
import { LOAD_ERRORS, RelatedList, type RelatedListProps } from '../../components/list/index.ts';
import { ProductTable } from './ProductTable.tsx';

export type ProductsOfProps = Pick<RelatedListProps, 'target' | 'path' | 'filter' | 'id'>;

export function ProductsOf(narrowing: ProductsOfProps) {
  return (
    <RelatedList
      reference="products"
      loadError={LOAD_ERRORS.products}
      sort={{ field: 'lbProduit', order: 'ASC' }}
      empty="Aucun produit."
      {...narrowing}
    >
      <ProductTable />
    </RelatedList>
  );
}
