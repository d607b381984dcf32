// The beneficiaries and the subscriptions of an insured (spec partner-extranet §2 related lists,
// §7 /api/insureds/{id}/beneficiaires and /subscriptions), each with its period state (§4).
import type { Identifier } from 'ra-core';

import {
  BirthDateField,
  Col,
  LOAD_ERRORS,
  LongDateField,
  RelatedList,
  SpecTable,
} from '../../components/list/index.ts';
import { periodOf } from '../../domain/insured.ts';

const id = (value: Identifier) => encodeURIComponent(String(value));

interface Period {
  id: Identifier;
  startAt?: string | null;
  endAt?: string | null;
}

/** Beneficiaries (ayants droit), in the server's order: last name, then first name (§7). */
export function BeneficiariesOf({ insured }: { insured: Identifier }) {
  return (
    <RelatedList
      reference="beneficiaires"
      target=""
      id={insured}
      path={`/api/insureds/${id(insured)}/beneficiaires`}
      loadError={LOAD_ERRORS.beneficiaries}
      // No order sent: the API's own is last name then first name, two keys one sort cannot say.
      sort={{ field: '', order: 'ASC' }}
      empty="Aucun ayant droit."
    >
      <SpecTable>
        <Col source="lastname" />
        <Col source="firstname" />
        <Col source="dateOfBirth" field={BirthDateField} />
        <Col source="sex" disableSort render={(r) => r.lbSex ?? ''} />
        <Col source="link" render={(r) => r.lbLien ?? ''} />
        <Col source="startAt" field={LongDateField} />
        <Col source="endAt" field={LongDateField} disableSort />
        <Col source="period" disableSort render={(r) => periodOf(r.startAt, r.endAt).label} />
      </SpecTable>
    </RelatedList>
  );
}

interface SubscriptionRecord extends Period {
  contract?: { id: Identifier; lbContrat?: string } | null;
}

/** Subscriptions (adhésions) to contracts in scope, newest first (§9); a row opens its contract. */
export function SubscriptionsOf({ insured }: { insured: Identifier }) {
  return (
    <RelatedList
      reference="subscriptions"
      target=""
      id={insured}
      path={`/api/insureds/${id(insured)}/subscriptions`}
      loadError={LOAD_ERRORS.subscriptions}
      sort={{ field: 'startAt', order: 'DESC' }}
      empty="Aucune adhésion."
    >
      <SpecTable<SubscriptionRecord>
        rowLink={(record) => (record.contract ? `/contrats/${record.contract.id}` : false)}
      >
        <Col source="contract" render={(r) => r.contract?.lbContrat ?? ''} />
        <Col source="startAt" field={LongDateField} />
        <Col source="endAt" field={LongDateField} />
        <Col source="period" disableSort render={(r) => periodOf(r.startAt, r.endAt).label} />
      </SpecTable>
    </RelatedList>
  );
}
