// The premiums (cotisations) of one contract, customer or insured (spec partner-extranet §2
// related lists, §3 "Premium", §7 "Premiums"), embedded in their details. Every display rule is
// the domain's (src/domain/premium.ts, format.ts), applied here to the raw fields.
import { Alert, Box } from '@mui/material';
import { type Identifier, useRecordContext } from 'ra-core';

import { ExportButtons, type ExportButtonsProps } from '../../components/export/ExportButtons.tsx';
import {
  AmountField,
  Col,
  LOAD_ERRORS,
  MISSING_IDS,
  RelatedList,
  ShortDateField,
  SpecTable,
} from '../../components/list/index.ts';
import { amount, paymentModeLabel } from '../../domain/format.ts';
import {
  displayedPaymentMode,
  type PersonName,
  premiumRecipient,
  premiumRemaining,
  premiumStatusLabel,
  premiumTotal,
  typeCotisation,
} from '../../domain/premium.ts';
import { useLiveUpdates } from '../../providers/liveUpdates.ts';
import { PremiumFilters } from './PremiumFilters.tsx';

export type PremiumsParent = 'contract' | 'customer' | 'insured';

const id = (value: Identifier) => encodeURIComponent(String(value));

/** The per-parent endpoint of spec §7, and the §5/§8 message when the parent id is missing. */
const PARENTS: Record<PremiumsParent, { path: (parent: Identifier) => string; missing: string }> = {
  contract: { path: (p) => `/api/contracts/${id(p)}/cotisations`, missing: MISSING_IDS.contract },
  customer: {
    path: (p) => `/api/cotisations_by_customers?contrat.customer=${id(p)}`,
    missing: MISSING_IDS.subscriber,
  },
  insured: { path: (p) => `/api/insureds/${id(p)}/cotisations`, missing: MISSING_IDS.insured },
};

/** A premium as the API sends it (docs/api.md): the raw fields the rules read. */
export interface PremiumRecord {
  id: Identifier;
  status: string;
  paidByClient: boolean;
  numMontant: number;
  numFraisImpay: number | null;
  amountPaid: number | null;
  lbModePaie: string | null;
  insured: PersonName | null;
  contrat?: { lbContrat?: string; lbSouscrip?: string | null } | null;
}

/** What the export sends for each parent (the filters of /api/cotisations, docs/api.md). */
const EXPORT_SCOPE: Record<
  PremiumsParent,
  (parent: Identifier) => Pick<ExportButtonsProps, 'filter' | 'requires'>
> = {
  contract: (p) => ({ filter: { 'contrat.id': p }, requires: { contract: p } }),
  customer: (p) => ({ filter: { 'contrat.customer': p }, requires: { customer: p } }),
  insured: (p) => ({ filter: { 'assure.id': p } }),
};

function PremiumsToolbar({ of, parent }: { of: PremiumsParent; parent: Identifier }) {
  // Spec §4 live updates: the list refetches when the hub announces changed premiums.
  useLiveUpdates('contributions');
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
      }}
    >
      <PremiumFilters names={of !== 'insured'} />
      <ExportButtons kind="cotisations" {...EXPORT_SCOPE[of](parent)} />
    </Box>
  );
}

export interface PremiumsOfProps {
  /** Whose premiums: a contract, a customer (subscriber) or an insured. */
  of: PremiumsParent;
  /** The parent's id; by default the id of the record in context (the detail's). */
  id?: Identifier | null;
}

/** Premiums of a contract, customer or insured: newest period first (spec §9). */
export function PremiumsOf({ of, id: given }: PremiumsOfProps) {
  const record = useRecordContext();
  const parent = given === undefined ? record?.id : given;
  const { path, missing } = PARENTS[of];
  if (parent === undefined || parent === null || parent === '') {
    return <Alert severity="warning">{missing}</Alert>;
  }
  return (
    <RelatedList
      reference="cotisations"
      target=""
      id={parent}
      path={path(parent)}
      loadError={LOAD_ERRORS.premiums}
      sort={{ field: 'dtDebVal', order: 'DESC' }}
      empty="Aucune cotisation."
      toolbar={<PremiumsToolbar of={of} parent={parent} />}
    >
      <SpecTable>
        <Col source="dtDebVal" field={ShortDateField} />
        <Col source="dtFinVal" field={ShortDateField} />
        {of !== 'contract' && <Col source="contrat" render={(r) => r.contrat?.lbContrat ?? ''} />}
        <Col
          source="destinataire"
          disableSort
          render={(r) => premiumRecipient(r.insured, r.contrat?.lbSouscrip)}
        />
        <Col source="typeCotisation" render={(r) => typeCotisation(r.paidByClient)} />
        <Col source="status" render={(r) => premiumStatusLabel(r.status)} />
        <Col source="numMontant" field={AmountField} align="right" />
        <Col source="numFraisImpay" field={AmountField} align="right" />
        <Col
          source="total"
          disableSort
          align="right"
          render={(r) => amount(premiumTotal(r as PremiumRecord))}
        />
        <Col source="amountPaid" field={AmountField} align="right" />
        <Col
          source="remaining"
          disableSort
          align="right"
          render={(r) => amount(premiumRemaining(r as PremiumRecord))}
        />
        <Col
          source="lbModePaie"
          disableSort
          render={(r) => paymentModeLabel(displayedPaymentMode(r.status, r.lbModePaie))}
        />
        <Col source="dtLimReg" field={ShortDateField} />
        <Col source="dtPaiement" field={ShortDateField} />
      </SpecTable>
    </RelatedList>
  );
}
