// The product table of the catalogue and of the detail's related lists: name, contract type,
// risk, blocked flag (Oui/Non) and blocking date (DD/MM/YYYY), each row opening /Produits/{id}.
import { DataTable } from 'react-admin';
import { Col, LongDateField, YesNoField } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import { type Product, productRisk } from './display.ts';

export function ProductTable() {
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick={(id) => specPath('products', 'show', id) ?? false}
    >
      <Col source="lbProduit" />
      <Col source="lbTypeContrat" />
      <Col source="lbType" render={(record) => productRisk(record as Product)} />
      <Col source="blBloqueDec" field={YesNoField} />
      <Col source="dtDatBloque" field={LongDateField} />
    </DataTable>
  );
}
