// The product table of the catalogue and of the detail's related lists: name, contract type,
// risk, blocked flag (Oui/Non) and blocking date (DD/MM/YYYY), each row opening /Produits/{id}.
import { DataTable } from 'react-admin';
import { LongDateField, YesNoField } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import { type Product, productRisk } from './display.ts';

export function ProductTable() {
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick={(id) => specPath('products', 'show', id) ?? false}
    >
      <DataTable.Col source="lbProduit" />
      <DataTable.Col source="lbTypeContrat" />
      <DataTable.Col source="lbType" render={(record) => productRisk(record as Product)} />
      <DataTable.Col source="blBloqueDec" field={YesNoField} />
      <DataTable.Col source="dtDatBloque" field={LongDateField} />
    </DataTable>
  );
}
