// /assures/{id}: an insured person and, in tabs, their beneficiaries, subscriptions, premiums,
// benefits and contracts (spec partner-extranet §2 "insured detail (with tabs)"), and the
// third-party-payer card (spec administration §2 "Carte TP view"). The open tab
// and the chosen beneficiary live in the address (?onglet=, ?ayantDroit=), so a view can be
// bookmarked and shared.
import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'ra-core';
import { AddressTabs, useAddressParam } from '../../components/AddressTabs.tsx';
import { LOAD_ERRORS, MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { fullName } from '../../domain/premium.ts';
import { Benefit } from '../../domain/schema/benefit.ts';
import { Contract } from '../../domain/schema/contract.ts';
import { Beneficiary, Subscription } from '../../domain/schema/insured.ts';
import { Premium } from '../../domain/schema/premium.ts';
import { BenefitsOf } from '../benefits/BenefitsOf.tsx';
import { ContractsOf } from '../contracts/ContractsOf.tsx';
import { PremiumsOf } from '../premiums/PremiumsOf.tsx';
import type { PageProps } from '../types.ts';
import { BeneficiarySelector } from './BeneficiarySelector.tsx';
import { CarteTp } from './CarteTp.tsx';
import { InsuredIdentity, type InsuredRecord } from './InsuredIdentity.tsx';
import { BeneficiariesOf, SubscriptionsOf } from './InsuredRelated.tsx';

// The related lists are named by their class, as the contract's tabs are.
const TABS = [
  { key: 'identite', label: 'Identité' },
  { key: 'ayants-droit', label: Beneficiary.plural },
  { key: 'adhesions', label: Subscription.plural },
  { key: 'cotisations', label: Premium.plural },
  { key: 'prestations', label: Benefit.plural },
  { key: 'contrats', label: Contract.plural },
  { key: 'carte-tp', label: 'Carte TP' },
] as const;

function InsuredTabs() {
  const record = useRecordContext<InsuredRecord>();
  const [beneficiary, setBeneficiary] = useAddressParam('ayantDroit');
  if (!record) return null;
  const selector = (
    <BeneficiarySelector
      insured={record}
      beneficiaries={record.beneficiaires}
      value={beneficiary ?? ''}
      onChange={setBeneficiary}
    />
  );

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {fullName(record)}
      </Typography>
      <AddressTabs tabs={TABS} label="Fiche de l'assuré">
        {(tab) => (
          <>
            {tab === 'identite' && <InsuredIdentity />}
            {tab === 'ayants-droit' && (
              <>
                {selector}
                <BeneficiariesOf insured={record.id} />
              </>
            )}
            {tab === 'adhesions' && <SubscriptionsOf insured={record.id} />}
            {tab === 'cotisations' && <PremiumsOf of="insured" id={record.id} />}
            {tab === 'prestations' && (
              <>
                {selector}
                <BenefitsOf insured={record.id} beneficiary={beneficiary || null} />
              </>
            )}
            {tab === 'contrats' && (
              <ContractsOf
                target="subscriptions.insured.id"
                id={record.id}
                loadError={LOAD_ERRORS.contractsOfInsured}
              />
            )}
            {tab === 'carte-tp' && (
              <CarteTp
                insuredId={record.id}
                email={(record as InsuredRecord & { email?: string | null }).email}
              />
            )}
          </>
        )}
      </AddressTabs>
    </Box>
  );
}

export function InsuredShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(insured) => `${insured.firstname ?? ''} ${insured.lastname ?? ''}`}
      loadError={LOAD_ERRORS.insured}
      missingId={MISSING_IDS.insured}
    >
      <InsuredTabs />
    </SpecShow>
  );
}
