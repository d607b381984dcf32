// The product table of the catalogue and of the detail's related lists: name, contract type,
// risk, blocked flag (Oui/Non) and blocking date (DD/MM/YYYY), each row opening /Produits/{id}.

import { Col, LongDateField, SpecTable, YesNoField } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';
import { type Product, productRisk } from './display.ts';

export function ProductTable() {
  return (
    <SpecTable rowLink={(r) => specPath('products', 'show', r.id) ?? false}>
      <Col source="lbProduit" />
      <Col source="lbTypeContrat" />
      <Col source="lbType" render={(record) => productRisk(record as Product)} />
      <Col source="blBloqueDec" field={YesNoField} />
      <Col source="dtDatBloque" field={LongDateField} />
    </SpecTable>
  );
}
