// The related lists of a seller's or manager's detail (spec §2): its contracts and its products.
import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

import {
  Col,
  LOAD_ERRORS,
  LongDateField,
  RelatedList,
  type RelatedListProps,
  SpecTable,
  YesNoField,
} from '../../components/list/index.ts';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1, px: 2 }}>
        {title}
      </Typography>
      {children}
    </section>
  );
}

type Narrowing = Pick<RelatedListProps, 'target' | 'path' | 'filter' | 'id'>;

/** Contracts, ascending by start date (spec §9, per-context lists). */
export function RelatedContracts({ loadError, ...narrowing }: Narrowing & { loadError: string }) {
  return (
    <RelatedList
      reference="contracts"
      loadError={loadError}
      sort={{ field: 'dateDebVal', order: 'ASC' }}
      empty="Aucun contrat."
      {...narrowing}
    >
      <SpecTable rowLink={(r) => `/contrats/${r.id}`}>
        <Col source="lbContrat" />
        <Col source="lbProduit" />
        <Col source="lbSouscrip" />
        <Col source="type" disableSort />
        <Col source="dateDebVal" field={LongDateField} />
        <Col source="dateFinVal" field={LongDateField} />
      </SpecTable>
    </RelatedList>
  );
}

/** Products, by name (spec §9). */
export function RelatedProducts(narrowing: Narrowing) {
  return (
    <RelatedList
      reference="products"
      loadError={LOAD_ERRORS.products}
      sort={{ field: 'lbProduit', order: 'ASC' }}
      empty="Aucun produit."
      {...narrowing}
    >
      <SpecTable rowLink={(r) => `/Produits/${r.id}`}>
        <Col source="lbProduit" />
        <Col source="lbTypeContrat" />
        <Col source="blBloqueDec" field={YesNoField} />
      </SpecTable>
    </RelatedList>
  );
}
