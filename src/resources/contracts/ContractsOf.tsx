import type { SortPayload } from 'ra-core';

import { Col, LongDateField, RelatedList, SpecTable } from '../../components/list/index.ts';

// The contracts of one customer, product, seller, supervisor, business provider, insurance
// company or insured (spec §2 related lists), as the detail screens embed them: ascending
// dateDebVal (spec §9 "ascending in the per-context list"), rows opening /contrats/{id}.

export interface ContractsOfProps {
  /**
   * The §7 filter naming the parent on /api/contrats: 'customerPortfolios.broker',
   * 'contractBusinessProviders.organization', 'contractCompanies.organization',
   * 'subscriptions.insured.id', 'idProduit', 'customer.id'...
   */
  target?: string;
  /**
   * Or a per-parent endpoint: `/api/customers/${id}/contracts`, `/api/products/${id}/contracts`,
   * `/api/contracts_by_supervisor?supervisor=${id}`.
   */
  path?: string;
  /** The parent's id; by default the id of the record in context (the detail's). */
  id?: string | number;
  /** French message of spec §8 (LOAD_ERRORS.contractsOfCustomer, ...OfProduct, ...). */
  loadError: string;
  /** Another order than ascending dateDebVal (spec §9: a customer's contracts by state). */
  sort?: SortPayload;
}

export function ContractsOf({ target, path, id, loadError, sort }: ContractsOfProps) {
  return (
    <RelatedList
      reference="contracts"
      target={target ?? ''}
      path={path}
      id={id}
      loadError={loadError}
      sort={sort ?? { field: 'dateDebVal', order: 'ASC' }}
      empty="Aucun contrat."
    >
      <SpecTable rowLink={(r) => `/contrats/${r.id}`}>
        <Col source="lbContrat" />
        <Col source="lbProduit" />
        <Col source="lbSouscrip" />
        <Col source="type" />
        <Col source="risk" />
        <Col source="dateDebVal" field={LongDateField} />
        <Col source="dateFinVal" field={LongDateField} />
        <Col source="state" render={(record) => record.state?.label ?? ''} />
        <Col source="nbrInsured" align="right" />
      </SpecTable>
    </RelatedList>
  );
}
