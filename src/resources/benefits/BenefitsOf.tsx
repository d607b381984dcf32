// The benefits (prestations) of an insured (spec partner-extranet §2 related lists, §3
// "Benefit", §7 GET /api/prestations?insured={id}), optionally of one beneficiary only (the
// beneficiary selector of the insured's detail). Display rules from src/domain/format.ts.
import type { Identifier } from 'ra-core';

import {
  AmountField,
  Col,
  LOAD_ERRORS,
  LongDateField,
  RelatedList,
  SpecTable,
} from '../../components/list/index.ts';
import { benefitPaymentMode, shownBasketType } from '../../domain/format.ts';
import { OWN_CARE } from '../../domain/insured.ts';
import { fullName, type PersonName } from '../../domain/premium.ts';
import { Insured } from '../../domain/schema/insured.ts';
import { itemBase } from '../../domain/schema/types.ts';

/** A benefit as the API sends it (docs/api.md): the raw fields the rules read. */
export interface BenefitRecord {
  id: Identifier;
  dateTreatment: string;
  lbModPay: string | null;
  basketType: string | null;
  lbFacture?: string | null;
  invoice?: { lbFacture?: string | null } | null;
  beneficiary: PersonName | null;
}

export interface BenefitsOfProps {
  insured: Identifier;
  /** Only the care of this beneficiary (filter beneficiary.id), or of the insured (OWN_CARE). */
  beneficiary?: Identifier | null;
}

/** The filter of one person's care: the insured's own is named by the insured's IRI. */
const careOf = (insured: Identifier, beneficiary: Identifier | null | undefined) =>
  !beneficiary
    ? undefined
    : beneficiary === OWN_CARE
      ? { beneficiary: `${itemBase(Insured)}/${insured}` }
      : { 'beneficiary.id': beneficiary };

/** Benefits of an insured, latest payment first (spec §9; unpaid ones lead). */
export function BenefitsOf({ insured, beneficiary }: BenefitsOfProps) {
  return (
    <RelatedList
      reference="prestations"
      target="insured"
      id={insured}
      filter={careOf(insured, beneficiary)}
      loadError={LOAD_ERRORS.benefits}
      sort={{ field: 'datePayment', order: 'DESC' }}
      empty="Aucune prestation."
    >
      <SpecTable>
        <Col source="dateTreatment" field={LongDateField} />
        <Col source="datePayment" field={LongDateField} />
        <Col source="beneficiary" disableSort render={(r) => fullName(r.beneficiary)} />
        <Col source="lbFamAct" />
        <Col
          source="invoice"
          disableSort
          render={(r) => r.invoice?.lbFacture ?? r.lbFacture ?? ''}
        />
        <Col source="realPrice" field={AmountField} align="right" />
        <Col source="secuSocialRefund" field={AmountField} align="right" />
        <Col source="mutualRefund" field={AmountField} align="right" />
        <Col source="lbModPay" render={(r) => benefitPaymentMode(r.lbModPay)} />
        <Col source="lbOption" disableSort />
        <Col
          source="basketType"
          disableSort
          render={(r) => shownBasketType(r.basketType, r.dateTreatment)}
        />
      </SpecTable>
    </RelatedList>
  );
}
