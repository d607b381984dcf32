// The detail of an organisation (spec §3 "Business provider and insurance company", §7): its
// identity, the contracts it is linked to in its role, and the products of those contracts. A
// business provider and an insurance company differ only by that role and their messages.
import { LOAD_ERRORS, MISSING_IDS, SpecShow } from '../../components/list/index.ts';
import { ContractsOf } from '../contracts/ContractsOf.tsx';
import { ProductsOf } from '../products/ProductsOf.tsx';
import type { PageProps } from '../types.ts';
import { DetailBody, Section } from './detailParts.tsx';
import { OrganizationFacts, type OrganizationKind } from './organization.tsx';

const KINDS = {
  businessProvider: {
    loadError: LOAD_ERRORS.businessProvider,
    missingId: MISSING_IDS.businessProvider,
    contracts: 'contractBusinessProviders.organization',
    contractsError: LOAD_ERRORS.contractsOfProvider,
  },
  company: {
    loadError: LOAD_ERRORS.company,
    missingId: MISSING_IDS.company,
    contracts: 'contractCompanies.organization',
    contractsError: LOAD_ERRORS.contractsOfCompany,
  },
} as const;

export function OrganizationShow({ title, kind }: PageProps & { kind: OrganizationKind }) {
  const { loadError, missingId, contracts, contractsError } = KINDS[kind];
  return (
    <SpecShow
      title={title}
      recordName={(organization) => organization.legalname}
      loadError={loadError}
      missingId={missingId}
    >
      <DetailBody>
        <OrganizationFacts kind={kind} />
        <Section title="Contrats">
          <ContractsOf target={contracts} loadError={contractsError} />
        </Section>
        <Section title="Produits">
          <ProductsOf target="contracts.organizations.organization.id" />
        </Section>
      </DetailBody>
    </SpecShow>
  );
}
