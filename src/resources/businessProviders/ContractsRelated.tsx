// The contracts of a parent on a detail (spec §2: contracts of a customer, product, business
// provider or insurance company), oldest first (spec §9, per-context lists), each row opening
// /contrats/{id}.
import type { SortPayload } from 'ra-core';
import { DataTable } from 'react-admin';
import { LongDateField, RelatedList, type RelatedListProps } from '../../components/list/index.ts';
import { specPath } from '../paths.ts';

export type ContractsRelatedProps = Pick<RelatedListProps, 'target' | 'path' | 'filter' | 'id'> & {
  /** The §8 message of this parent (LOAD_ERRORS.contractsOfCustomer, ...). */
  loadError: string;
  sort?: SortPayload;
};

export function ContractsRelated({
  loadError,
  sort = { field: 'dateDebVal', order: 'ASC' },
  ...narrowing
}: ContractsRelatedProps) {
  return (
    <RelatedList
      reference="contracts"
      loadError={loadError}
      sort={sort}
      empty="Aucun contrat."
      {...narrowing}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={(id) => specPath('contracts', 'show', id) ?? false}
      >
        <DataTable.Col source="lbContrat" label="N° de contrat" />
        <DataTable.Col source="lbProduit" label="Produit" />
        <DataTable.Col source="lbSouscrip" label="Souscripteur" />
        <DataTable.Col source="type" label="Type" disableSort />
        <DataTable.Col source="risk" label="Risque" />
        <DataTable.Col source="state.label" label="État" disableSort />
        <DataTable.Col source="dateDebVal" label="Début" field={LongDateField} />
        <DataTable.Col source="dateFinVal" label="Fin" field={LongDateField} />
      </DataTable>
    </RelatedList>
  );
}
