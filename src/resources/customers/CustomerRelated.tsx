// The insured and the premiums of a customer (spec §2 "insured of a contract or customer;
// premiums of a contract, customer or insured"): GET /api/assures?customer.id={id} and
// GET /api/cotisations_by_customers?contrat.customer={id}.
import { Alert } from '@mui/material';
import type { Identifier } from 'ra-core';
import { DataTable } from 'react-admin';
import {
  BirthDateField,
  EurosField,
  LOAD_ERRORS,
  MISSING_IDS,
  RelatedList,
  ShortDateField,
} from '../../components/list/index.ts';
import { specPath } from '../paths.ts';

/** Spec §5: loading the insured of a customer requires its id ('Missing customer ID'). */
export function CustomerInsureds({ id }: { id?: Identifier | null }) {
  if (id === undefined || id === null || id === '') {
    return <Alert severity="warning">{MISSING_IDS.customer}</Alert>;
  }
  return (
    <RelatedList
      reference="insureds"
      target="customer.id"
      id={id}
      loadError={LOAD_ERRORS.affiliates}
      sort={{ field: 'startAt', order: 'DESC' }}
      empty="Aucun assuré."
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={(insured) => specPath('insureds', 'show', insured) ?? false}
      >
        <DataTable.Col source="lastname" label="Nom" />
        <DataTable.Col source="firstname" label="Prénom" />
        <DataTable.Col source="dtBirthday" label="Date de naissance" field={BirthDateField} />
        <DataTable.Col source="postalCode" label="Code postal" />
        <DataTable.Col source="addressLocality" label="Ville" />
      </DataTable>
    </RelatedList>
  );
}

/** Premiums of the customer's contracts, newest first (spec §9). */
export function CustomerPremiums({ id }: { id: Identifier }) {
  return (
    <RelatedList
      reference="cotisations"
      target=""
      path="/api/cotisations_by_customers"
      filter={{ 'contrat.customer': id }}
      loadError={LOAD_ERRORS.premiums}
      sort={{ field: 'dtDebVal', order: 'DESC' }}
      empty="Aucune cotisation."
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="contrat.lbContrat" label="Contrat" disableSort />
        <DataTable.Col source="destinataire" label="Destinataire" disableSort />
        <DataTable.Col source="typeCotisation" label="Type" disableSort />
        <DataTable.Col source="dtDebVal" label="Début" field={ShortDateField} />
        <DataTable.Col source="dtFinVal" label="Fin" field={ShortDateField} />
        <DataTable.Col source="lbStatus" label="Statut" disableSort />
        <DataTable.Col source="numTotalCot" label="Total" field={EurosField} />
        <DataTable.Col source="amountPaid" label="Payé" field={EurosField} />
        <DataTable.Col source="remaining" label="Reste à payer" field={EurosField} disableSort />
      </DataTable>
    </RelatedList>
  );
}
