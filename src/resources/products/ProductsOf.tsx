// The products of a parent (spec §2 "products of a user, provider or customer"), on a detail:
// by name (the catalogue's order), each row opening /Produits/{id}.
import { DataTable } from 'react-admin';
import {
  LOAD_ERRORS,
  LongDateField,
  RelatedList,
  type RelatedListProps,
  YesNoField,
} from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import { type Product, productRisk } from './display.ts';

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
      <DataTable
        bulkActionButtons={false}
        rowClick={(id) => specPath('products', 'show', id) ?? false}
      >
        <DataTable.Col source="lbProduit" label="Produit" />
        <DataTable.Col source="lbTypeContrat" label="Type de contrat" />
        <DataTable.Col
          source="risk"
          label="Risque"
          render={(record) => productRisk(record as Product)}
        />
        <DataTable.Col source="blBloqueDec" label="Bloqué" field={YesNoField} />
        <DataTable.Col source="dtDatBloque" label="Date de blocage" field={LongDateField} />
      </DataTable>
    </RelatedList>
  );
}
