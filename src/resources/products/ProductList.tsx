// /Produits/liste: the catalogue (spec §2, §3 "Product"): name, contract type, risk, blocked
// flag (Oui/Non) and blocking date (DD/MM/YYYY, '-' when none); by name (docs/api.md); filters
// name, blocked yes/no, risk.
import { SelectInput, TextInput } from 'react-admin';
import { LOAD_ERRORS, SpecList, yesNoFilter } from '../../components/list/index.ts';
import { Product } from '../../domain/schema/product.ts';
import type { PageProps } from '../types.ts';
import { RISK_CHOICES } from './display.ts';
import { products } from './index.ts';
import { ProductTable } from './ProductTable.tsx';

const filters = [
  <TextInput key="lbProduit" source="lbProduit" alwaysOn />,
  yesNoFilter(Product, 'blBloqueDec', { alwaysOn: true }),
  <SelectInput key="risk" source="risk" choices={RISK_CHOICES} emptyText="Tous" alwaysOn />,
];

export function ProductList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.products}
      sort={products.defaultSort}
      filters={filters}
    >
      <ProductTable />
    </SpecList>
  );
}
