// /assures/{id}: an insured person and, in tabs, their beneficiaries, subscriptions, premiums,
// benefits and contracts (spec partner-extranet §2 "insured detail (with tabs)"), and the
// third-party-payer card (spec administration §2 "Carte TP view"). The open tab
// and the chosen beneficiary live in the address (?onglet=, ?ayantDroit=), so a view can be
// bookmarked and shared.
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useRecordContext } from 'ra-core';
import { useSearchParams } from 'react-router-dom';
import { LOAD_ERRORS, MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { fullName } from '../../domain/premium.ts';
import { BenefitsOf } from '../benefits/BenefitsOf.tsx';
import { ContractsOf } from '../contracts/ContractsOf.tsx';
import { PremiumsOf } from '../premiums/PremiumsOf.tsx';
import type { PageProps } from '../types.ts';
import { BeneficiarySelector } from './BeneficiarySelector.tsx';
import { CarteTp } from './CarteTp.tsx';
import { InsuredIdentity, type InsuredRecord } from './InsuredIdentity.tsx';
import { BeneficiariesOf, SubscriptionsOf } from './InsuredRelated.tsx';

const TABS = [
  { key: 'identite', label: 'Identité' },
  { key: 'ayants-droit', label: 'Ayants droit' },
  { key: 'adhesions', label: 'Adhésions' },
  { key: 'cotisations', label: 'Cotisations' },
  { key: 'prestations', label: 'Prestations' },
  { key: 'contrats', label: 'Contrats' },
  { key: 'carte-tp', label: 'Carte TP' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

const isTab = (value: string | null): value is TabKey => TABS.some((t) => t.key === value);

function InsuredTabs() {
  const record = useRecordContext<InsuredRecord>();
  const [params, setParams] = useSearchParams();
  if (!record) return null;
  const raw = params.get('onglet');
  const tab: TabKey = isTab(raw) ? raw : 'identite';
  const beneficiary = params.get('ayantDroit') ?? '';
  const update = (key: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const selector = (
    <BeneficiarySelector
      insured={record}
      beneficiaries={record.beneficiaires}
      value={beneficiary}
      onChange={(value) => update('ayantDroit', value)}
    />
  );

  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {fullName(record)}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: string) => update('onglet', value === 'identite' ? '' : value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Fiche de l'assuré"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} />
        ))}
      </Tabs>
      <Box role="tabpanel" sx={{ pt: 1, px: { xs: 1, sm: 2 } }}>
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
      </Box>
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
