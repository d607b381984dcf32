import { Box, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'ra-core';
import type { ReactElement, ReactNode } from 'react';
import { Labeled, TextField } from 'react-admin';
import { Link } from 'react-router-dom';
import { AddressTabs } from '../../components/AddressTabs.tsx';
import { ExportButtons } from '../../components/export/ExportButtons.tsx';
import {
  BirthDateField,
  Col,
  LOAD_ERRORS,
  LongDateField,
  MISSING_IDS,
  RelatedList,
  SpecShow,
  SpecTable,
  YesNoField,
} from '../../components/list/index.ts';
import {
  contractSellers,
  derivedContractType,
  derivedRisk,
  isBlank,
  olderContractType,
} from '../../domain/contract.ts';
import { defaultFileBase } from '../../domain/exportFile.ts';
import { longDate, nir } from '../../domain/format.ts';
import { fullName } from '../../domain/premium.ts';
import { Contract } from '../../domain/schema/contract.ts';
import { Insured, Subscription } from '../../domain/schema/insured.ts';
import { Premium } from '../../domain/schema/premium.ts';
import { TwoColumnLayout } from '../../layout/TwoColumnLayout.tsx';
import { PremiumsOf } from '../premiums/PremiumsOf.tsx';
import type { PageProps } from '../types.ts';
import { type ContractRecord, companiesOf, personName, providersOf } from './display.ts';

// The contract detail (/contrats/{id}, spec §2, §3): the contract with every field of §3 and
// its derived values, its providers (main referrer and co-providers, spec §3 rule), insurance
// companies and sellers, and its related lists: insured, subscriptions, premiums (§7, §8).

const insuredLink = (id: unknown) => `/assures/${encodeURIComponent(String(id))}`;

/**
 * One value under its label: a property's label comes from its declaration
 * (resources.contracts.fields.<source>); `label` only for a value that is no property.
 */
function Value({
  source,
  label,
  children,
}: {
  source?: string;
  label?: string;
  children: ReactElement;
}) {
  return (
    <Labeled
      source={source}
      label={label}
      resource="contracts"
      sx={{ width: { xs: 'calc(50% - 16px)', sm: 200 } }}
    >
      {children}
    </Labeled>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, width: '100%' }}>
      {children}
    </Box>
  );
}

function Text({ value }: { value: unknown }) {
  return (
    <Typography component="span" variant="body2">
      {value === null || value === undefined || value === '' ? '-' : String(value)}
    </Typography>
  );
}

function ContractTab() {
  const record = useRecordContext<ContractRecord>();
  if (!record) return null;
  const flags = {
    blAni: record.blAni as boolean | null,
    blSurcomp: record.blSurcomp as boolean | null,
    idContrat2: record.idContrat2 as string | null,
    idCodCol: record.idCodCol as string | null,
  };
  const state = record.state as { label?: string } | undefined;
  const contractType = record.contractType as { label?: string } | undefined;
  const options = (record.options as { choise: string }[] | undefined) ?? [];
  const counts = [
    'nbrSuscription',
    'nbrSubscriptionInactive',
    'nbrInsured',
    'nbrInsuredInactive',
    'nbrBeneficiary',
    'nbrBeneficiaryInactive',
    'nbrTotalAffiliate',
    'nbrTotalAffiliateInactive',
  ];
  return (
    <Stack spacing={3}>
      {/* Spec §5: the contract itself, exported from its screen (the contract list's export,
          narrowed to this id). */}
      <ExportButtons
        kind="contracts"
        defaultName={defaultFileBase({ kind: 'contracts', id: record.id })}
        filter={{ id: record.id }}
        requires={{ contract: record.id }}
      />
      {/* Spec §2 two-column layout: the contract's own values beside its type and risk. */}
      <TwoColumnLayout>
        <Grid>
          <Value source="lbContrat">
            <TextField source="lbContrat" />
          </Value>
          <Value source="lbProduit">
            <Text value={record.lbProduit} />
          </Value>
          <Value source="lbSouscrip">
            {record.idSouscrip ? (
              <MuiLink component={Link} to={`/Clients/${record.idSouscrip}`} variant="body2">
                {String(record.lbSouscrip ?? '')}
              </MuiLink>
            ) : (
              <Text value={record.lbSouscrip} />
            )}
          </Value>
          <Value source="lbCollege">
            <Text value={record.lbCollege} />
          </Value>
          <Value source="idCodCol">
            <Text value={record.idCodCol} />
          </Value>
          <Value source="lbApporteur">
            <Text value={record.lbApporteur} />
          </Value>
          <Value source="dateDebVal">
            <LongDateField source="dateDebVal" />
          </Value>
          <Value source="dateFinVal">
            <LongDateField source="dateFinVal" />
          </Value>
          <Value source="state">
            <Text value={state?.label} />
          </Value>
          <Value source="isActif">
            <YesNoField source="isActif" />
          </Value>
        </Grid>
        <Grid>
          <Value source="type">
            <Text value={derivedContractType(flags).type} />
          </Value>
          <Value source="olderType">
            <Text value={olderContractType(flags)} />
          </Value>
          <Value source="contractType">
            <Text value={contractType?.label} />
          </Value>
          <Value source="risk">
            <Text value={derivedRisk(record.lbType as string | null).risk} />
          </Value>
          <Value source="blAni">
            <YesNoField source="blAni" />
          </Value>
          <Value source="blSurcomp">
            <YesNoField source="blSurcomp" />
          </Value>
          <Value source="idContrat2">
            {isBlank(flags.idContrat2) ? (
              <Text value="" />
            ) : (
              // A number, not an id: the list filtered on it finds the base contract in the
              // reader's scope (or says there is none to see).
              <MuiLink
                component={Link}
                to={baseContractPath(String(flags.idContrat2))}
                variant="body2"
              >
                {flags.idContrat2}
              </MuiLink>
            )}
          </Value>
          <Value source="options">
            {options.length ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {options.map((o) => (
                  <Chip key={o.choise} label={o.choise} size="small" />
                ))}
              </Box>
            ) : (
              <Text value="" />
            )}
          </Value>
        </Grid>
      </TwoColumnLayout>
      <Grid>
        {counts.map((source) => (
          <Value key={source} source={source}>
            <Text value={record[source]} />
          </Value>
        ))}
      </Grid>
    </Stack>
  );
}

function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <Box sx={{ width: '100%', overflowX: 'auto' }}>
      <Box component="table" sx={{ borderCollapse: 'collapse', minWidth: '100%' }}>
        <thead>
          <tr>
            {head.map((h) => (
              <Box component="th" key={h} sx={{ textAlign: 'left', p: 1, typography: 'subtitle2' }}>
                {h}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no other stable key
            <Box component="tr" key={i} sx={{ borderTop: 1, borderColor: 'divider' }}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
                <Box component="td" key={j} sx={{ p: 1, typography: 'body2' }}>
                  {cell}
                </Box>
              ))}
            </Box>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

function Empty({ text }: { text: string }) {
  return <Typography sx={{ p: 2 }}>{text}</Typography>;
}

function ProvidersTab() {
  const record = useRecordContext<ContractRecord>();
  if (!record) return null;
  const providers = providersOf(record);
  if (!providers.length) return <Empty text="Aucun apporteur." />;
  return (
    <Table
      head={['Apporteur', 'Rôle']}
      rows={providers.map((p) => [
        p.id === null ? (
          p.legalname
        ) : (
          <MuiLink key={p.id} component={Link} to={`/apporteurs/${p.id}`}>
            {p.legalname}
          </MuiLink>
        ),
        p.main ? 'Apporteur principal' : 'Co-apporteur',
      ])}
    />
  );
}

function CompaniesTab() {
  const record = useRecordContext<ContractRecord>();
  if (!record) return null;
  const companies = companiesOf(record);
  if (!companies.length) return <Empty text="Aucune compagnie." />;
  return (
    <Table
      head={['Compagnie']}
      rows={companies.map((c) => [
        <MuiLink key={String(c.id)} component={Link} to={`/mutuelles/${c.id}`}>
          {c.legalname}
        </MuiLink>,
      ])}
    />
  );
}

function SellersTab() {
  const record = useRecordContext<ContractRecord>();
  if (!record) return null;
  const sellers = contractSellers(record);
  if (!sellers.length) return <Empty text="Aucun vendeur." />;
  return (
    <Table
      head={['Vendeur', 'Code vendeur', 'Organisation']}
      rows={sellers.map((s) => [
        personName(s),
        s.sellerCode ?? '',
        s.organization?.legalname ?? '',
      ])}
    />
  );
}

function InsuredTab() {
  const record = useRecordContext<ContractRecord>();
  if (!record) return null;
  return (
    <RelatedList
      reference="contractInsureds"
      target=""
      path={`/api/insured_with_beneficiaries?contract=${encodeURIComponent(String(record.id))}`}
      loadError={LOAD_ERRORS.insureds}
      sort={{ field: 'startAt', order: 'DESC' }}
      empty="Aucun assuré."
      // Spec §5: the contract's insured persons exported from its screen, contract id required.
      toolbar={
        <ExportButtons
          kind="insureds"
          defaultName={defaultFileBase({ kind: 'insureds', id: record.id })}
          filter={{ 'contrat.id': record.id }}
          requires={{ contract: record.id }}
        />
      }
    >
      <SpecTable rowLink={(r) => insuredLink(r.id)}>
        <Col source="assure" render={(r) => fullName(r)} />
        <Col source="dtBirthday" field={BirthDateField} />
        <Col source="sex" disableSort render={(r) => r.lbSex ?? ''} />
        <Col
          source="noss"
          disableSort
          render={(r) => nir(r.lbNoss ?? r.noss, r.lbCless ?? r.nossKey)}
        />
        <Col source="startAt" field={LongDateField} />
        <Col source="endAt" disableSort render={(r) => longDate(r.endAt)} />
        <Col
          source="beneficiaires"
          disableSort
          align="right"
          render={(r) => (r.beneficiaires as unknown[] | undefined)?.length ?? 0}
        />
      </SpecTable>
    </RelatedList>
  );
}

function SubscriptionsTab() {
  const record = useRecordContext<ContractRecord>();
  if (!record) return null;
  return (
    <RelatedList
      reference="subscriptions"
      target=""
      path={`/api/subscriptions_by_contract?contract=${encodeURIComponent(String(record.id))}`}
      loadError={LOAD_ERRORS.subscriptions}
      sort={{ field: 'startAt', order: 'DESC' }}
      empty="Aucune adhésion."
    >
      <SpecTable rowLink={(r) => insuredLink(r.insured?.id)}>
        <Col source="insured" render={(r) => fullName(r.insured)} />
        <Col source="startAt" field={LongDateField} />
        <Col source="endAt" field={LongDateField} />
      </SpecTable>
    </RelatedList>
  );
}

/** The contracts list filtered on a contract number: the base contract of a Surco one. */
export const baseContractPath = (number: string) =>
  `/contrats/liste?filter=${encodeURIComponent(JSON.stringify({ lbContrat: number }))}`;

// The spec route /contrats/{id?} has no sub-paths: the open tab is ?onglet= (AddressTabs).
const TABS = [
  { key: 'contrat', label: Contract.title },
  { key: 'apporteurs', label: Contract.properties.businessProviders.label },
  { key: 'compagnies', label: Contract.properties.insuranceCompanies.label },
  { key: 'vendeurs', label: Contract.properties.sellers.label },
  { key: 'assures', label: Insured.plural },
  { key: 'adhesions', label: Subscription.plural },
  { key: 'cotisations', label: Premium.plural },
] as const;

function ContractTabs() {
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <AddressTabs tabs={TABS} label="Fiche du contrat">
        {(tab) => (
          <>
            {tab === 'contrat' && <ContractTab />}
            {tab === 'apporteurs' && <ProvidersTab />}
            {tab === 'compagnies' && <CompaniesTab />}
            {tab === 'vendeurs' && <SellersTab />}
            {tab === 'assures' && <InsuredTab />}
            {tab === 'adhesions' && <SubscriptionsTab />}
            {tab === 'cotisations' && <PremiumsOf of="contract" />}
          </>
        )}
      </AddressTabs>
    </Box>
  );
}

export function ContractShow({ title }: PageProps) {
  return (
    <SpecShow
      title={title}
      recordName={(contract) => contract.lbContrat ?? contract.id}
      loadError={LOAD_ERRORS.contract}
      missingId={MISSING_IDS.contract}
    >
      <ContractTabs />
    </SpecShow>
  );
}
