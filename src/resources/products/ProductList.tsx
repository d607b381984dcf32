// /Produits/liste: the catalogue (spec §2, §3 "Product"): name, contract type, risk, blocked
// flag (Oui/Non) and blocking date (DD/MM/YYYY, '-' when none); by name (docs/api.md); filters
// name, blocked yes/no, risk.
import { DataTable, SelectInput, TextInput } from 'react-admin';
import {
  LOAD_ERRORS,
  LongDateField,
  SpecList,
  YesNoField,
  yesNoFilter,
} from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import type { PageProps } from '../types.ts';
import { type Product, productRisk, RISK_CHOICES } from './display.ts';
import { products } from './index.ts';

const filters = [
  <TextInput key="lbProduit" source="lbProduit" label="Produit" alwaysOn />,
  yesNoFilter('blBloqueDec', 'Bloqué', { alwaysOn: true }),
  <SelectInput
    key="risk"
    source="risk"
    label="Risque"
    choices={RISK_CHOICES}
    emptyText="Tous"
    alwaysOn
  />,
];

export function ProductList({ title }: PageProps) {
  return (
    <SpecList
      title={title}
      loadError={LOAD_ERRORS.products}
      sort={products.defaultSort}
      filters={filters}
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
    </SpecList>
  );
}
