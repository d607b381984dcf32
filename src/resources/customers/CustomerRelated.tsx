// The insured of a customer (spec §2 "insured of a contract or customer"):
// GET /api/assures?customer.id={id}, exported to Excel or CSV as assurés_{id}.
import { Alert } from '@mui/material';
import type { Identifier } from 'ra-core';
import { ExportButtons } from '../../components/export/ExportButtons.tsx';
import {
  BirthDateField,
  Col,
  LOAD_ERRORS,
  MISSING_IDS,
  RelatedList,
  SpecTable,
} from '../../components/list/index.ts';
import { defaultFileBase } from '../../domain/exportFile.ts';
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
      // Spec §5: the customer's insured persons exported from its screen, named assurés_{id}.
      toolbar={
        <ExportButtons
          kind="insureds"
          defaultName={defaultFileBase({ kind: 'insureds', id, accented: true })}
          filter={{ 'customer.id': id }}
          requires={{ customer: id }}
        />
      }
    >
      <SpecTable rowLink={(r) => specPath('insureds', 'show', r.id) ?? false}>
        <Col source="lastname" />
        <Col source="firstname" />
        <Col source="dtBirthday" field={BirthDateField} />
        <Col source="postalCode" />
        <Col source="addressLocality" />
      </SpecTable>
    </RelatedList>
  );
}
